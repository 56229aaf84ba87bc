import type { Regime } from '@/lib/registration';

/**
 * The wizard's test invoice: ARS 1.00 of goods to a final consumer, no customer (DocTipo 99). A
 * responsable inscripto adds 21 % IVA (Factura B), a monotributista or exento issues a Factura C.
 * Goods, so that no service period or due date is needed (Concepto 1).
 */
export function testInvoiceDoc(
  supplier: { name: string; cuit: string; regime: Regime },
  pointOfSale: number,
  issueDate: string,
): Record<string, unknown> {
  const vat = supplier.regime === 'responsable_inscripto';
  return {
    $schema: 'https://gobl.org/draft-0/bill/invoice',
    $addons: ['ar-arca-v4'],
    type: 'standard',
    series: String(pointOfSale),
    issue_date: issueDate,
    currency: 'ARS',
    supplier: { name: supplier.name, tax_id: { country: 'AR', code: supplier.cuit } },
    lines: [
      {
        quantity: '1',
        item: { name: 'Factura de prueba del registro en ARCA', price: '1.00', key: 'goods' },
        ...(vat ? { taxes: [{ cat: 'VAT', rate: 'general' }] } : {}),
      },
    ],
  };
}

/** Today in Argentina (UTC−3, no daylight saving), yyyy-mm-dd: ARCA dates vouchers by its own day. */
export const argentinaDay = (now: Date) =>
  new Date(now.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);
