import type { Regime } from '@/lib/registration';

// The supplier's own IVA condition (FEParamGetCondicionIvaReceptor), as ARCA has it on record.
const OWN_VAT_STATUS = { monotributista: '6', exento: '4' } as const;

/**
 * The wizard's test invoice: ARS 1.00 of goods (Concepto 1: no service period or due date needed).
 * A responsable inscripto adds 21 % IVA: a Factura B to an anonymous final consumer (DocTipo 99).
 * A monotributista or exento issues a Factura C, which needs an identified customer (only class B
 * may go without one): the supplier itself, with the IVA condition ARCA has for it (else 10242).
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
    ...(supplier.regime === 'responsable_inscripto'
      ? {}
      : {
          customer: {
            name: supplier.name,
            tax_id: { country: 'AR', code: supplier.cuit },
            ext: { 'ar-arca-vat-status': OWN_VAT_STATUS[supplier.regime] },
          },
        }),
    lines: [
      {
        quantity: '1',
        item: { name: 'Factura de prueba del registro en ARCA', price: '1.00', key: 'goods' },
        ...(vat ? { taxes: [{ cat: 'VAT', rate: 'general' }] } : {}),
      },
    ],
  };
}
