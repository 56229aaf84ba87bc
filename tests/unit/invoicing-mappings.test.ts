import { describe, expect, it } from 'vitest';
import {
  chooseConcept,
  chooseVoucherType,
  currencyCode,
  customerDocument,
  customerVatStatus,
  isVatStatus,
  supplierVatStatus,
  vatRateId,
} from '@/lib/invoice-model';

describe('vatRateId', () => {
  it.each([
    ['0', 3],
    ['2.5', 9],
    ['5', 8],
    ['10.5', 4],
    ['21', 5],
    ['27', 6],
    ['21%', 5],
    ['10.50', 4],
    ['0.0%', 3],
  ])('%s → %i', (percent, id) => expect(vatRateId(percent)).toBe(id));

  it.each(['19', '21.01', '', 'x', '-21'])('%j has no ARCA id', (percent) =>
    expect(vatRateId(percent)).toBeUndefined(),
  );
});

describe('currencyCode', () => {
  it('maps ARS to PES and USD to DOL', () => {
    expect(currencyCode('ARS')).toBe('PES');
    expect(currencyCode('USD')).toBe('DOL');
  });
  it.each(['EUR', 'ars', 'toString', ''])('has nothing for %j', (c) =>
    expect(currencyCode(c)).toBeUndefined(),
  );
});

describe('chooseConcept', () => {
  const line = (key?: string) => ({ item: key ? { key } : {} });
  it('goods only → 1', () => expect(chooseConcept([line('goods'), line('goods')])).toBe(1));
  it('services only → 2, a line without key being a service as in GOBL', () => {
    expect(chooseConcept([line('services')])).toBe(2);
    expect(chooseConcept([line()])).toBe(2);
  });
  it('both → 3', () => expect(chooseConcept([line('goods'), line()])).toBe(3));
});

describe('chooseVoucherType', () => {
  const types = ['standard', 'debit-note', 'credit-note'] as const;
  it.each([
    ['1', [1, 2, 3]],
    ['6', [1, 2, 3]],
    ['13', [1, 2, 3]],
    ['16', [1, 2, 3]],
    ['4', [6, 7, 8]],
    ['5', [6, 7, 8]],
    ['9', [6, 7, 8]],
  ] as const)('responsable inscripto, customer IVA status %s → %j', (status, expected) => {
    expect(
      types.map((t) =>
        chooseVoucherType({
          invoiceType: t,
          regime: 'responsable_inscripto',
          customerVatStatus: status,
        }),
      ),
    ).toEqual(expected.map((value) => ({ ok: true, value })));
  });

  it('responsable inscripto without a customer → B', () => {
    expect(chooseVoucherType({ invoiceType: 'standard', regime: 'responsable_inscripto' })).toEqual(
      { ok: true, value: 6 },
    );
  });

  it.each(['monotributista', 'exento'] as const)('%s → C whatever the customer', (regime) => {
    for (const status of ['1', '5', undefined]) {
      expect(
        types.map((t) => chooseVoucherType({ invoiceType: t, regime, customerVatStatus: status })),
      ).toEqual([11, 12, 13].map((value) => ({ ok: true, value })));
    }
  });

  it('takes ar-arca-doc-type when it fits', () => {
    expect(
      chooseVoucherType({
        invoiceType: 'credit-note',
        regime: 'responsable_inscripto',
        customerVatStatus: '5',
        docType: '8',
      }),
    ).toEqual({ ok: true, value: 8 });
  });

  it('refuses a doc type of another invoice type, regime or customer, naming each', () => {
    expect(
      chooseVoucherType({
        invoiceType: 'standard',
        regime: 'monotributista',
        customerVatStatus: '5',
        docType: '3',
      }),
    ).toEqual({
      ok: false,
      problems: [
        {
          path: 'tax.ext.ar-arca-doc-type',
          code: 'doc_type_invoice_type_mismatch',
          rule: 'GOBL-AR-ARCA-BILL-INVOICE-07',
        },
        { path: 'tax.ext.ar-arca-doc-type', code: 'doc_type_regime_mismatch' },
        {
          path: 'customer.ext.ar-arca-vat-status',
          code: 'vat_status_not_for_type_a',
          rule: 'GOBL-AR-ARCA-BILL-INVOICE-13',
        },
      ],
    });
    expect(
      chooseVoucherType({
        invoiceType: 'standard',
        regime: 'responsable_inscripto',
        customerVatStatus: '1',
        docType: '6',
      }),
    ).toEqual({
      ok: false,
      problems: [
        {
          path: 'customer.ext.ar-arca-vat-status',
          code: 'vat_status_type_a_only',
          rule: 'GOBL-AR-ARCA-BILL-INVOICE-14',
        },
      ],
    });
    expect(
      chooseVoucherType({
        invoiceType: 'standard',
        regime: 'responsable_inscripto',
        customerVatStatus: '1',
        docType: '11',
      }),
    ).toEqual({
      ok: false,
      problems: [{ path: 'tax.ext.ar-arca-doc-type', code: 'doc_type_regime_mismatch' }],
    });
  });
});

describe('customerDocument', () => {
  const withIdentity = (type: string, code: string) => ({
    name: 'Persona',
    identities: [{ code: 'x' }, { code, ext: { 'ar-arca-identity-type': type as '96' } }],
  });

  it('CUIT in tax_id → 80, digits only', () => {
    expect(
      customerDocument({ name: 'SA', tax_id: { country: 'AR', code: '30-71015154-3' } }, 'A'),
    ).toEqual({ ok: true, value: { DocTipo: 80, DocNro: '30710151543' } });
  });
  it.each([
    ['86', '20-12079182-7', '20120791827'],
    ['87', '20120791827', '20120791827'],
    ['94', '012345678', '12345678'],
    ['96', '12.345.678', '12345678'],
  ])('identity type %s → DocTipo %s', (type, code, digits) => {
    expect(customerDocument(withIdentity(type, code), 'B')).toEqual({
      ok: true,
      value: { DocTipo: Number(type), DocNro: digits },
    });
  });
  it('no document → 99 / "0", for classes B and C and the used-goods voucher (ARCA; GOBL: B only)', () => {
    expect(customerDocument(undefined, 'B')).toEqual({
      ok: true,
      value: { DocTipo: 99, DocNro: '0' },
    });
    expect(customerDocument({ name: 'Consumidor' }, 'B')).toEqual({
      ok: true,
      value: { DocTipo: 99, DocNro: '0' },
    });
    expect(customerDocument(undefined, 'C')).toEqual({
      ok: true,
      value: { DocTipo: 99, DocNro: '0' },
    });
    expect(customerDocument(undefined, 'used-goods')).toEqual({
      ok: true,
      value: { DocTipo: 99, DocNro: '0' },
    });
    expect(customerDocument(undefined, 'A')).toEqual({
      ok: false,
      problems: [{ path: 'customer', code: 'customer_required' }],
    });
    expect(customerDocument({ name: 'Consumidor' }, 'A')).toEqual({
      ok: false,
      problems: [{ path: 'customer', code: 'customer_document_required' }],
    });
  });
  it('class A needs a CUIT (ARCA 10013)', () => {
    expect(customerDocument(withIdentity('96', '12345678'), 'A')).toEqual({
      ok: false,
      problems: [{ path: 'customer.identities[1].code', code: 'type_a_needs_cuit' }],
    });
  });
  it('refuses a bad CUIT or CUIL (ARCA 10015), a document with letters, a foreign tax ID on class A', () => {
    expect(
      customerDocument({ name: 'SA', tax_id: { country: 'AR', code: '30710151544' } }, 'A'),
    ).toEqual({ ok: false, problems: [{ path: 'customer.tax_id.code', code: 'cuit_invalid' }] });
    expect(customerDocument(withIdentity('86', '1'), 'B')).toEqual({
      ok: false,
      problems: [{ path: 'customer.identities[1].code', code: 'cuit_invalid' }],
    });
    expect(customerDocument(withIdentity('94', 'AB123456'), 'B')).toEqual({
      ok: false,
      problems: [{ path: 'customer.identities[1].code', code: 'document_number_invalid' }],
    });
    expect(customerDocument({ name: 'GmbH', tax_id: { country: 'DE', code: '123' } }, 'A')).toEqual(
      {
        ok: false,
        problems: [{ path: 'customer.tax_id.country', code: 'foreign_tax_id_unsupported' }],
      },
    );
  });
  it('a customer abroad: the identity ARCA knows (a CUIT país, a foreign CI), else unidentified', () => {
    const abroad = { name: 'GmbH', tax_id: { country: 'DE', code: '123' } };
    expect(customerDocument(abroad, 'B')).toEqual({
      ok: true,
      value: { DocTipo: 99, DocNro: '0' },
    });
    expect(
      customerDocument(
        {
          ...abroad,
          identities: [{ code: '55000002207', ext: { 'ar-arca-identity-type': '80' } }],
        },
        'B',
      ),
    ).toEqual({ ok: true, value: { DocTipo: 80, DocNro: '55000002207' } });
    expect(
      customerDocument(
        { ...abroad, identities: [{ code: '4455667', ext: { 'ar-arca-identity-type': '91' } }] },
        'B',
      ),
    ).toEqual({ ok: true, value: { DocTipo: 91, DocNro: '4455667' } });
  });
});

describe('supplierVatStatus (the supplier’s condition as printed on its vouchers)', () => {
  it('names the regime the wizard collected with ARCA’s condition', () => {
    expect(supplierVatStatus('responsable_inscripto')).toBe('1');
    expect(supplierVatStatus('monotributista')).toBe('6');
    expect(supplierVatStatus('exento')).toBe('4');
    expect(['1', '6', '4'].every(isVatStatus)).toBe(true);
    expect(isVatStatus('2')).toBe(false);
    expect(isVatStatus(null)).toBe(false);
  });
});

describe('customerVatStatus (CondicionIVAReceptorId)', () => {
  it('defaults as GOBL does: none or no tax ID → 5, CUIT → 1, foreign → 9', () => {
    expect(customerVatStatus(undefined)).toEqual({ ok: true, value: '5' });
    expect(customerVatStatus({ name: 'x' })).toEqual({ ok: true, value: '5' });
    expect(
      customerVatStatus({ name: 'x', tax_id: { country: 'AR', code: '30710151543' } }),
    ).toEqual({ ok: true, value: '1' });
    expect(customerVatStatus({ name: 'x', tax_id: { country: 'US', code: '1' } })).toEqual({
      ok: true,
      value: '9',
    });
  });
  it('keeps a status that fits and refuses one that does not (ARCA 10242)', () => {
    expect(
      customerVatStatus({
        name: 'x',
        tax_id: { country: 'AR', code: '30710151543' },
        ext: { 'ar-arca-vat-status': '6' },
      }),
    ).toEqual({ ok: true, value: '6' });
    expect(customerVatStatus({ name: 'x', ext: { 'ar-arca-vat-status': '1' } })).toEqual({
      ok: false,
      problems: [{ path: 'customer.ext.ar-arca-vat-status', code: 'vat_status_not_for_customer' }],
    });
  });
});
