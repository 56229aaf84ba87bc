// Examples of the create-entry body for the OpenAPI document: one per kind of document.

const supplierCuit = '30-71234567-1';

export const CREATE_ENTRY_EXAMPLES = {
  supplier: {
    summary: 'A supplier to register with ARCA (GOBL party)',
    value: {
      folder: 'suppliers',
      data: {
        $schema: 'https://gobl.org/draft-0/org/party',
        name: 'Panadería La Espiga SRL',
        tax_id: { country: 'AR', code: supplierCuit },
      },
    },
  },
  facturaB: {
    summary: 'A Factura B to a final consumer (GOBL invoice, point of sale 2)',
    value: {
      key: 'factura-b-0001',
      data: {
        $schema: 'https://gobl.org/draft-0/bill/invoice',
        $addons: ['ar-arca-v4'],
        series: '2',
        issue_date: '2026-05-04',
        supplier: {
          name: 'Panadería La Espiga SRL',
          tax_id: { country: 'AR', code: supplierCuit },
        },
        lines: [
          {
            quantity: '2',
            item: { name: 'Pan de campo', price: '2500.00', key: 'goods' },
            taxes: [{ cat: 'VAT', rate: 'general' }],
          },
        ],
      },
    },
  },
  facturaA: {
    summary: 'A Factura A to a responsable inscripto (customer with CUIT, IVA status 1)',
    value: {
      key: 'factura-a-0001',
      data: {
        $schema: 'https://gobl.org/draft-0/bill/invoice',
        $addons: ['ar-arca-v4'],
        series: '2',
        issue_date: '2026-05-04',
        supplier: {
          name: 'Panadería La Espiga SRL',
          tax_id: { country: 'AR', code: supplierCuit },
        },
        customer: {
          name: 'Almacén Don Tito SA',
          tax_id: { country: 'AR', code: '30-70707070-2' },
          ext: { 'ar-arca-vat-status': '1' },
        },
        lines: [
          {
            quantity: '10',
            item: { name: 'Facturas de manteca (docena)', price: '4800.00', key: 'goods' },
            taxes: [{ cat: 'VAT', rate: 'reduced' }],
          },
        ],
      },
    },
  },
};
