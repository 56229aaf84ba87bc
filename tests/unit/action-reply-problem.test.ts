import { describe, expect, it } from 'vitest';
import { actionReplyProblem } from '@/lib/page-cache/action-reply-problem';

const TEXT = 'text/plain;charset=UTF-8';
const text = (body: string) => actionReplyProblem(TEXT, Buffer.from(body));

async function multipart(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request('http://x/', { method: 'POST', body: form });
  return actionReplyProblem(
    request.headers.get('content-type')!,
    Buffer.from(await request.arrayBuffer()),
  );
}

describe('server action replies Next can decode', () => {
  it('accepts what React sends for a form action: the previous state and a FormData', async () => {
    expect(
      await multipart({
        '1_invoice_id': 'a3c1',
        '1_document': '{"$schema":"x"}',
        '0': '[{"status":"idle","note":"$$5 off","at":"$D2026-11-28T10:00:00.000Z"},"$K1"]',
      }),
    ).toBeUndefined();
  });

  it('accepts plain values as text, and values outlined into other fields of a form', async () => {
    expect(await text('["$undefined","$NaN","$-0","$Infinity","$n-12",{"a":[1,"$$x"]}]')).toBe(
      undefined,
    );
    expect(await multipart({ '2': '{"nested":"$undefined"}', '0': '["$2","$K3"]' })).toBe(
      undefined,
    );
  });

  it('refuses what Next would answer with a bare 500', async () => {
    for (const body of ['[[[[', 'null', '{"a":1}', '"$D2026"', '["\u0000"]'])
      expect(await text(body)).toBeDefined();
    expect(await text('["$n12x"]')).toBe('a malformed bigint');
    expect(await text('["$@1"]')).toBe('an unsupported value $@');
    expect(await text('["$K1"]')).toBe('a form where none was sent');
    expect(await text('["$1"]')).toBe('a missing field 1');
    expect(await text('[{"a":"$1:a:b"}]')).toBeDefined();
    expect(await text('["$T","$h9","$Q2","$F1","$R1"]')).toBeDefined();
    expect(await multipart({ '1_x': 'y' })).toBe('the form has no arguments');
    expect(await multipart({ '0': '["$3"]' })).toBe('a missing field 3');
    expect(await multipart({ '3': '["$3"]', '0': '["$3"]' })).toBeUndefined();
    expect(await multipart({ '3': '[', '0': '["$3"]' })).toBe('a missing field 3');
    expect(
      await actionReplyProblem('multipart/form-data; boundary=zz', Buffer.from('garbage')),
    ).toBe('the form does not parse');
    expect(await actionReplyProblem('application/json', Buffer.from('[]'))).toBe(
      'not a server action reply',
    );
  });
});
