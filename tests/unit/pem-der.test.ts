import { describe, expect, it } from 'vitest';
import { pemDer, toPem } from '@/lib/arca/pem-blocks';

describe('pemDer', () => {
  const der = Buffer.from([0x30, 0x03, 0x02, 0x01, 0x07]);

  it('reads the block with the label asked for, skipping other blocks and CRLF endings', () => {
    const text = `${toPem('CERTIFICATE', Buffer.from([0x30, 0x00]))}${toPem('PRIVATE KEY', der).replace(/\n/g, '\r\n')}`;
    expect(pemDer(text, 'PRIVATE KEY')).toEqual(der);
  });

  it('refuses a text without that block instead of decoding its armour as base64', () => {
    expect(() => pemDer(toPem('CERTIFICATE', der), 'PRIVATE KEY')).toThrow(
      'no PRIVATE KEY PEM block',
    );
  });
});
