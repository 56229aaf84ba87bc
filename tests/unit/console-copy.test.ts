import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { eventText } from '@/components/console/event-text';
import { templateNameKey } from '@/components/console/template-name-key';
import { SENT_KEPT_MESSAGE, TEMPLATE_NAMES, type JobEvent } from '@/lib/transform';
import en from '@/messages/en.json';
import es from '@/messages/es.json';

const strings = (value: unknown, at = ''): [string, string][] =>
  typeof value === 'string'
    ? [[at, value]]
    : Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
        strings(v, at ? `${at}.${k}` : k),
      );

describe('the Spanish console speaks Spanish', () => {
  it("names a template's workflow in the console's language; a name the workspace chose stays", () => {
    for (const [template, name] of Object.entries(TEMPLATE_NAMES)) {
      expect(templateNameKey({ name, template })).toBe(template);
      const key = template as keyof typeof TEMPLATE_NAMES;
      expect(es.console.workflows.templateNames[key]).not.toBe(name);
      expect(en.console.workflows.templateNames[key]).toBe(name);
    }
    expect(templateNameKey({ name: 'Facturas de Juan', template: 'ar-invoice' })).toBeUndefined();
    expect(templateNameKey({ name: 'ARCA send invoice', template: null })).toBeUndefined();
    expect(templateNameKey({ name: 'x', template: 'toString' })).toBeUndefined();
  });

  it('has no template name in English in its Spanish messages', () => {
    const english = Object.values(TEMPLATE_NAMES);
    const found = strings(es.console).filter(([, text]) => english.some((n) => text.includes(n)));
    expect(found).toEqual([]);
  });

  it('speaks to the operator about the supplier, not as the supplier («si sos monotributista»)', () => {
    const operatorFacing = [
      ...strings(es.console, 'console'),
      ...strings(es.invoicing.arcaCodes, 'invoicing.arcaCodes'),
    ];
    expect(operatorFacing.filter(([, text]) => /\bsi sos\b/i.test(text))).toEqual([]);
    expect(es.console.jobs.codes.point_of_sale_not_usable).toContain(
      'si el proveedor es monotributista',
    );
    const english = [
      ...strings(en.console, 'console'),
      ...strings(en.invoicing.arcaCodes, 'invoicing.arcaCodes'),
    ];
    expect(english.filter(([, text]) => /if you('re| are) a monotributista/.test(text))).toEqual(
      [],
    );
  });

  it('says in Spanish what the invoice step and a kept sent state did, and every fault by its code', () => {
    const t = createTranslator({ locale: 'es', messages: es, namespace: 'console' });
    const event = (e: Partial<JobEvent>) =>
      ({ status: 'OK', at: '2026-01-01T00:00:00Z', ...e }) as JobEvent;
    expect(
      eventText(
        t,
        'gov-ar.invoice',
        event({ message: 'Factura B approved, CAE 1' }),
        undefined,
        'invoice',
      ),
    ).toBe(es.console.jobs.events.invoiceApproved);
    expect(
      eventText(
        t,
        'gov-ar.invoice',
        event({ status: 'ERR', message: 'timeout; next attempt in 5 s' }),
        undefined,
        'invoice',
      ),
    ).toBe(es.console.jobs.events.retrying);
    expect(
      eventText(t, 'silo.state', event({ message: SENT_KEPT_MESSAGE }), 'En proceso', 'invoice'),
    ).toBe(es.console.jobs.events.sentKept);
    expect(
      eventText(
        t,
        'silo.state',
        event({
          status: 'KO',
          code: 'workflow_schema_mismatch',
          message: 'The workflow processes …',
        }),
        undefined,
        'entry',
      ),
    ).toBe(es.console.jobs.codes.workflow_schema_mismatch);
  });
});
