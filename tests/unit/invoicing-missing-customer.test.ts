import { describe, expect, it } from 'vitest';
import { buildInvoice } from '@/lib/invoice-model';
import { newCuit } from '../support/new-cuit';

const TODAY = '2026-11-20';
const facturaA = (customer?: Record<string, unknown>) => ({
  $schema: 'https://gobl.org/draft-0/bill/invoice',
  $addons: ['ar-arca-v4'],
  series: '2',
  issue_date: TODAY,
  supplier: { name: 'Ediciones Güemes SRL', tax_id: { country: 'AR', code: newCuit() } },
  ...(customer ? { customer } : {}),
  tax: { ext: { 'ar-arca-doc-type': '1' } },
  lines: [
    {
      quantity: '1',
      item: { name: 'Libro', price: '100', key: 'goods' },
      taxes: [{ cat: 'VAT', rate: 'general' }],
    },
  ],
});

describe('a Factura A with no customer', () => {
  it('is refused for the missing customer alone, with GOBL’s rule id, not for a VAT status', () => {
    expect(buildInvoice(facturaA(), { today: TODAY, regime: 'responsable_inscripto' })).toEqual({
      ok: false,
      problems: [
        { path: 'customer', code: 'customer_required', rule: 'GOBL-AR-ARCA-BILL-INVOICE-09' },
      ],
    });
  });

  it('still names the VAT status when a customer is there and cannot take a class A voucher', () => {
    const built = buildInvoice(
      facturaA({ name: 'Consumidor', ext: { 'ar-arca-vat-status': '5' } }),
      {
        today: TODAY,
        regime: 'responsable_inscripto',
      },
    );
    expect(built.ok).toBe(false);
    expect(built.ok ? [] : built.problems).toContainEqual({
      path: 'customer.ext.ar-arca-vat-status',
      code: 'vat_status_not_for_type_a',
      rule: 'GOBL-AR-ARCA-BILL-INVOICE-13',
    });
  });
});
