import { describe, expect, it } from 'vitest';
import es from '@/messages/es.json';
import en from '@/messages/en.json';
import { ARCA_INVOICE_CODES, INVOICE_PROBLEM_CODES, isArcaInvoiceCode } from '@/lib/invoice-model';

describe('invoicing messages', () => {
  it.each([
    ['es', es],
    ['en', en],
  ] as const)(
    '%s explains every problem code and every ARCA code, and nothing else',
    (_, messages) => {
      expect(Object.keys(messages.invoicing.problems).sort()).toEqual(
        [...INVOICE_PROBLEM_CODES].sort(),
      );
      expect(Object.keys(messages.invoicing.arcaCodes).sort()).toEqual(
        [...ARCA_INVOICE_CODES].sort(),
      );
    },
  );

  it("tells how to enable a point of sale for web services (11002), with ARCA's menu names", () => {
    for (const text of [es.invoicing.arcaCodes['11002'], en.invoicing.arcaCodes['11002']]) {
      for (const name of [
        'Administración de puntos de venta y domicilios',
        'A/B/M de puntos de venta',
        'Factura Electrónica - Monotributo - Web Services',
        'RECE para aplicativo y web services',
      ]) {
        expect(text).toContain(name);
      }
    }
  });

  it("explains both causes of 10016: the number, and an issue date outside ARCA's window (±5 days for goods, ±10 for services)", () => {
    expect(es.invoicing.arcaCodes['10016']).toContain('más de 5 días');
    expect(es.invoicing.arcaCodes['10016']).toContain('10 días si facturás servicios');
    expect(en.invoicing.arcaCodes['10016']).toContain('more than 5 days');
    expect(en.invoicing.arcaCodes['10016']).toContain('10 days for services');
  });

  it('recognises ARCA codes as numbers or strings', () => {
    expect(isArcaInvoiceCode(10016)).toBe(true);
    expect(isArcaInvoiceCode('11002')).toBe(true);
    expect(isArcaInvoiceCode(10000)).toBe(false);
  });
});
