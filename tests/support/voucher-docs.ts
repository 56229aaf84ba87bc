/** GOBL invoices of each voucher class, for the printed voucher's tests (no database). */
const supplier = {
  name: 'Facturas Güemes SRL',
  tax_id: { country: 'AR', code: '30712345671' },
  addresses: [
    {
      street: 'Av. Corrientes',
      num: '1234',
      locality: 'Buenos Aires',
      region: 'Ciudad Autónoma de Buenos Aires',
      code: 'C1043',
    },
  ],
  identities: [{ type: 'IIBB', code: '901-123456-7' }],
  meta: { 'start-date': '2015-03-01' },
};

const base = (extra: Record<string, unknown>) => ({
  $schema: 'https://gobl.org/draft-0/bill/invoice',
  $addons: ['ar-arca-v4'],
  type: 'standard',
  series: '2',
  issue_date: '2026-11-28',
  currency: 'ARS',
  supplier,
  lines: [
    {
      quantity: '2',
      item: { name: 'Caja de mate', price: '1000', key: 'goods', ref: 'MATE-01', unit: 'unit' },
      taxes: [{ cat: 'VAT', rate: 'general' }],
    },
    {
      quantity: '1',
      item: { name: 'Yerba orgánica 1 kg', price: '500', key: 'goods' },
      discounts: [{ percent: '10%' }],
      taxes: [{ cat: 'VAT', rate: 'reduced' }],
    },
  ],
  ...extra,
});

/** Factura A: a responsable inscripto to another (CUIT, IVA Responsable Inscripto). */
export const facturaA = base({
  customer: {
    name: 'Cliente Comercial SRL',
    tax_id: { country: 'AR', code: '30987654321' },
    addresses: [{ street: 'Av. Santa Fe', num: '2500', locality: 'Buenos Aires' }],
    ext: { 'ar-arca-vat-status': '1' },
  },
});

/** Factura B to a final consumer (no customer): Ley 27.743's box, with IVA contenido. */
export const facturaBFinalConsumer = base({});

/** Factura C: a monotributista's, no IVA anywhere. */
export const facturaC = {
  ...base({
    customer: {
      name: 'Juana Pérez',
      identities: [{ code: '20123456', ext: { 'ar-arca-identity-type': '96' } }],
    },
  }),
  lines: [{ quantity: '3', item: { name: 'Clase de guitarra', price: '8000', key: 'services' } }],
  ordering: { period: { start: '2026-11-01', end: '2026-11-30' } },
  payment: { terms: { due_dates: [{ date: '2026-12-10', percent: '100%' }] } },
};

export const approved = { number: 1, cae: '76123456789012', caeExpiry: '2026-12-08' };

/** The same invoice with each price given with its IVA (`tax.prices_include: "VAT"`). */
export const withPricesIncludingVat = (doc: ReturnType<typeof base>) => ({
  ...doc,
  tax: { prices_include: 'VAT' },
  lines: [
    { ...doc.lines[0]!, item: { ...doc.lines[0]!.item, price: '1210' } },
    { ...doc.lines[1]!, item: { ...doc.lines[1]!.item, price: '552.50' } },
  ],
});
