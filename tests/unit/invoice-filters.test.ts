import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import {
  invoiceFilterProblems,
  invoiceFilters,
} from '@/app/[locale]/console/(signed-in)/invoices/invoice-filters';
import en from '@/messages/en.json';
import es from '@/messages/es.json';

describe('console invoice filters', () => {
  it('uses good filters and reports none', () => {
    const params = {
      state: 'sent',
      pos: '2',
      supplier: '30-71234567-1',
      from: '2026-03-01',
      to: '2026-03-31',
    };
    expect(invoiceFilters(params, 20)).toMatchObject({
      state: 'sent',
      pointOfSale: '2',
      supplierCuit: '30712345671',
      from: '2026-03-01',
      to: '2026-03-31',
    });
    expect(invoiceFilterProblems(params)).toEqual([]);
    expect(invoiceFilterProblems({ state: '', pos: ' ' })).toEqual([]);
  });

  it('leaves out a bad point of sale, state, CUIT or date, and says which, with what was given', () => {
    const params = {
      pos: 'abc',
      state: 'bogus',
      supplier: '123',
      from: '2026-02-30',
      to: 'mañana',
    };
    expect(invoiceFilters(params, 20)).toMatchObject({
      state: undefined,
      pointOfSale: undefined,
      supplierCuit: undefined,
      from: undefined,
      to: undefined,
    });
    expect(invoiceFilterProblems(params)).toEqual([
      { field: 'state', value: 'bogus' },
      { field: 'pos', value: 'abc' },
      { field: 'supplier', value: '123' },
      { field: 'from', value: '2026-02-30' },
      { field: 'to', value: 'mañana' },
    ]);
    expect(invoiceFilterProblems({ pos: '0' })).toEqual([{ field: 'pos', value: '0' }]);
    expect(invoiceFilterProblems({ pos: '99999' })).toEqual([{ field: 'pos', value: '99999' }]);
    expect(invoiceFilterProblems({ state: ['bogus', 'sent'] })).toEqual([
      { field: 'state', value: 'bogus' },
    ]);
  });

  it('says reversed dates, and filters by neither instead of matching nothing', () => {
    const params = { from: '2026-04-01', to: '2026-03-01' };
    expect(invoiceFilters(params, 20)).toMatchObject({ from: undefined, to: undefined });
    expect(invoiceFilterProblems(params)).toEqual([
      { field: 'range', from: '2026-04-01', to: '2026-03-01' },
    ]);
    expect(invoiceFilterProblems({ from: '2026-03-01', to: '2026-03-01' })).toEqual([]);
  });

  it('has a message for every problem in both languages', () => {
    for (const [locale, messages] of [
      ['es', es],
      ['en', en],
    ] as const) {
      const t = createTranslator({
        locale,
        messages,
        namespace: 'console.invoices.filters.problems',
      });
      for (const field of ['state', 'pos', 'supplier', 'from', 'to'] as const)
        expect(t(field, { value: 'abc' })).toContain('abc');
      expect(t('range', { from: '2026-04-01', to: '2026-03-01' })).toContain('2026-03-01');
    }
    expect(es.console.invoices.filters.problems.pos).toMatch(
      /^«\{value\}» no es un punto de venta/,
    );
  });
});
