import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Decimal from 'decimal.js';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { FeVoucher } from '@/lib/arca';
import { toFeVoucher, type InvoicingSupplier } from '@/lib/invoice-model';

// Each FECAESolicitar request recorded from ARCA, and the GOBL invoice that should produce it.
const CORPUS = path.join(
  '..',
  'shared',
  'afip',
  'corpus',
  'responses',
  'wsfe-invoicing',
  'derived',
);
const haveCorpus = existsSync(CORPUS);

type Tree = Record<string, unknown>;
const asList = (v: unknown): Tree[] =>
  v === undefined ? [] : Array.isArray(v) ? (v as Tree[]) : [v as Tree];

/** The voucher fields of a recorded request (number fields left out: the number is assigned later). */
function recorded(file: string): Tree {
  const xml = readFileSync(path.join(CORPUS, file), 'utf8');
  const doc = new XMLParser({ removeNSPrefix: true, parseTagValue: false }).parse(xml) as Tree;
  const body = (doc.Envelope as Tree).Body as Tree;
  const request = (body.FECAESolicitar as Tree).FeCAEReq as Tree;
  const cab = request.FeCabReq as Tree;
  const det = (request.FeDetReq as Tree).FECAEDetRequest as Tree;
  const { CbteDesde: _from, CbteHasta: _to, Iva, CbtesAsoc, Tributos, ...fields } = det;
  return {
    ...fields,
    PtoVta: cab.PtoVta,
    CbteTipo: cab.CbteTipo,
    ...(Iva !== undefined ? { Iva: asList((Iva as Tree).AlicIva) } : {}),
    ...(CbtesAsoc !== undefined ? { CbtesAsoc: asList((CbtesAsoc as Tree).CbteAsoc) } : {}),
    ...(Tributos !== undefined ? { Tributos: asList((Tributos as Tree).Tributo) } : {}),
  };
}

const INTEGER_FIELDS = new Set([
  'PtoVta',
  'CbteTipo',
  'Concepto',
  'DocTipo',
  'CondicionIVAReceptorId',
  'Id',
  'Tipo',
  'Nro',
]);
const AMOUNT_FIELDS = new Set([
  'ImpTotal',
  'ImpTotConc',
  'ImpNeto',
  'ImpOpEx',
  'ImpTrib',
  'ImpIVA',
  'MonCotiz',
  'BaseImp',
  'Importe',
  'Alic',
]);

/**
 * Differences between a mapped voucher and a recording. Integers and amounts are compared as
 * numbers, because the recordings write them as their clients did ("02", "300.0", "1.000") while
 * we write "300.00" and "1". In lists (Iva, CbtesAsoc, Tributos) only the fields the recording has
 * are compared, since ARCA leaves some optional. `skip` names the fields a test explains itself.
 */
function differences(voucher: FeVoucher, recording: Tree, skip: string[] = []): string[] {
  const out: string[] = [];
  const same = (name: string, ours: unknown, theirs: unknown): boolean => {
    if (INTEGER_FIELDS.has(name)) return Number(ours) === Number(theirs);
    if (AMOUNT_FIELDS.has(name))
      return ours !== undefined && new Decimal(String(ours)).equals(String(theirs));
    return String(ours) === String(theirs);
  };
  const ours = voucher as unknown as Tree;
  for (const name of new Set([...Object.keys(ours), ...Object.keys(recording)])) {
    if (skip.includes(name)) continue;
    const a = ours[name];
    const b = recording[name];
    if (Array.isArray(a) || Array.isArray(b)) {
      const left = (a ?? []) as Tree[];
      const right = (b ?? []) as Tree[];
      if (left.length !== right.length)
        out.push(`${name}: ${left.length} vs ${right.length} entries`);
      right.forEach((entry, i) => {
        for (const [key, value] of Object.entries(entry)) {
          if (!same(key, left[i]?.[key], value))
            out.push(`${name}[${i}].${key}: ${String(left[i]?.[key])} vs ${String(value)}`);
        }
      });
    } else if (a === undefined || b === undefined || !same(name, a, b)) {
      out.push(`${name}: ${String(a)} vs ${String(b)}`);
    }
  }
  return out;
}

const base = { $schema: 'https://gobl.org/draft-0/bill/invoice', $addons: ['ar-arca-v4'] };
const party = (name: string, cuit: string) => ({ name, tax_id: { country: 'AR', code: cuit } });
const afiper: InvoicingSupplier = { cuit: '20351404478', regime: 'responsable_inscripto' };
const bravo: InvoicingSupplier = { cuit: '20287740027', regime: 'responsable_inscripto' };
const pyafipws: InvoicingSupplier = { cuit: '20267565393', regime: 'responsable_inscripto' };
const matanza = {
  key: 'tax',
  percent: '1%',
  reason: 'Impuesto Municipal Matanza',
  ext: { 'ar-arca-tax-type': '99' },
};
const goodsAndServices = [
  {
    quantity: '1',
    item: { name: 'Producto', price: '50.00', key: 'goods' },
    taxes: [{ cat: 'VAT', rate: 'general' }],
  },
  {
    quantity: '2',
    item: { name: 'Hora de servicio', price: '25.00', key: 'services' },
    taxes: [{ cat: 'VAT', percent: '21%' }],
  },
];
const servicesDates = {
  ordering: { period: { start: '2021-07-01', end: '2021-07-01' } },
  payment: { terms: { due_dates: [{ date: '2021-07-01' }] } },
};
const notTaxed300 = (date: string) => ({
  ...base,
  issue_date: date,
  supplier: party('Afiper SRL', afiper.cuit),
  lines: [
    {
      quantity: '3',
      item: { name: 'Producto', price: '100', key: 'goods' },
      taxes: [{ cat: 'VAT', key: 'outside-scope' }],
    },
  ],
});
// Bravo's three vouchers: one service of 1,000,000.00 on 2026-08-18.
const bravoService = (customerStatus: string, taxes: unknown[]) => ({
  ...base,
  series: '2',
  issue_date: '2026-08-18',
  supplier: party('Bravo', bravo.cuit),
  customer: {
    ...party('Cliente SA', '30710151543'),
    ext: { 'ar-arca-vat-status': customerStatus },
  },
  lines: [{ quantity: '1', item: { name: 'Servicio', price: '1000000.00' }, taxes }],
  ordering: { period: { start: '2026-08-18', end: '2026-08-18' } },
  payment: { terms: { due_dates: [{ date: '2026-08-18' }] } },
});

function mapped(invoice: unknown, supplier: InvoicingSupplier, pointOfSale: number): FeVoucher {
  const result = toFeVoucher(invoice, supplier, pointOfSale);
  if (!result.ok) throw new Error(`unexpected problems: ${JSON.stringify(result.problems)}`);
  return result.value;
}

describe.skipIf(!haveCorpus)(
  `toFeVoucher against ARCA's recorded requests${haveCorpus ? '' : ` (skipped: ${CORPUS} is missing)`}`,
  () => {
    it('Nota de Crédito C with CbtesAsoc (afiper, 2024: before CondicionIVAReceptorId was mandatory)', () => {
      const recording = recorded('afiper_FECAESolicitar_A_notaCreditoC_cbtesAsoc.req.xml');
      const voucher = mapped(
        {
          ...base,
          type: 'credit-note',
          issue_date: '2024-03-02',
          supplier: party('Afiper', afiper.cuit),
          customer: party('Cliente', '20120791827'),
          lines: [{ quantity: '1', item: { name: 'Devolución', price: '300', key: 'goods' } }],
          preceding: [{ series: '2', code: '1', ext: { 'ar-arca-doc-type': '11' } }],
        },
        { ...afiper, regime: 'monotributista' },
        2,
      );
      expect(recording).not.toHaveProperty('CondicionIVAReceptorId');
      expect(voucher.CondicionIVAReceptorId).toBe(1);
      expect(differences(voucher, recording, ['CondicionIVAReceptorId'])).toEqual([]);
      expect(voucher).not.toHaveProperty('Iva');
    });

    it('Factura A with IVA 21% (bravo): everything but the IVA, which the recording has a cent above 21%', () => {
      const recording = recorded('bravo_FECAESolicitar_A_facturaA_condIva1_obs10217.req.xml');
      const voucher = mapped(bravoService('1', [{ cat: 'VAT', rate: 'general' }]), bravo, 2);
      expect(differences(voucher, recording, ['ImpIVA', 'ImpTotal', 'Iva'])).toEqual([]);
      expect(voucher.Iva).toEqual([{ Id: 5, BaseImp: '1000000.00', Importe: '210000.00' }]);
      expect(recording.ImpIVA).toBe('210000.01');
      expect(new Decimal(recording.ImpTotal as string).minus(voucher.ImpTotal).toFixed(2)).toBe(
        '0.01',
      );
    });

    it('Factura B to an IVA-exempt customer with a CUIT (bravo)', () => {
      const recording = recorded('bravo_FECAESolicitar_A_facturaB_condIva4.req.xml');
      const voucher = mapped(bravoService('4', [{ cat: 'VAT', percent: '21%' }]), bravo, 2);
      expect(voucher.CbteTipo).toBe(6);
      expect(differences(voucher, recording, ['ImpIVA', 'ImpTotal', 'Iva'])).toEqual([]);
      expect(voucher.ImpIVA).toBe('210000.00');
    });

    it('Factura C from a monotributista, final consumer with a CUIT (bravo)', () => {
      const recording = recorded('bravo_FECAESolicitar_A_facturaC_condIva5.req.xml');
      const voucher = mapped(bravoService('5', []), { ...bravo, regime: 'monotributista' }, 2);
      expect(differences(voucher, recording)).toEqual([]);
      expect(voucher).toMatchObject({
        CbteTipo: 11,
        ImpIVA: '0.00',
        ImpNeto: '1000000.00',
        ImpTotal: '1000000.00',
      });
    });

    it('Factura A of goods and services with a municipal tax (pyafipws, 2021)', () => {
      const recording = recorded('pyafipws_FECAESolicitar_A_facturaA_servicios_obs10217.req.xml');
      const voucher = mapped(
        {
          ...base,
          issue_date: '2021-07-01',
          supplier: party('Reingart', pyafipws.cuit),
          customer: party('Cliente', '30000000007'),
          lines: goodsAndServices,
          charges: [matanza],
          ...servicesDates,
        },
        pyafipws,
        4000,
      );
      expect(differences(voucher, recording, ['CondicionIVAReceptorId'])).toEqual([]);
    });

    it('Nota de Débito A with CbtesAsoc (pyafipws)', () => {
      const recording = recorded('pyafipws_FECAESolicitar_A_notaDebitoA_cbtesAsoc.req.xml');
      const voucher = mapped(
        {
          ...base,
          type: 'debit-note',
          issue_date: '2021-07-01',
          supplier: party('Reingart', pyafipws.cuit),
          customer: party('Cliente', '30000000007'),
          lines: [
            {
              quantity: '4',
              item: { name: 'Intereses', price: '25', key: 'goods' },
              taxes: [{ cat: 'VAT', rate: 'general' }],
            },
          ],
          charges: [matanza],
          preceding: [{ series: 2, code: '1234', ext: { 'ar-arca-doc-type': '1' } }],
        },
        pyafipws,
        4000,
      );
      expect(differences(voucher, recording, ['CondicionIVAReceptorId'])).toEqual([]);
    });

    it('Factura A of goods sent again with a used number (pyafipws): the voucher itself maps exactly', () => {
      const recording = recorded('pyafipws_FECAESolicitar_R_err10016_facturaA_reenvio.req.xml');
      const voucher = mapped(
        {
          ...base,
          issue_date: '2021-07-01',
          supplier: party('Reingart', pyafipws.cuit),
          customer: party('Cliente', '30000000007'),
          lines: [
            {
              quantity: '1',
              item: { name: 'Producto', price: '100', key: 'goods' },
              taxes: [{ cat: 'VAT', rate: 'general' }],
            },
          ],
          charges: [matanza],
        },
        pyafipws,
        4000,
      );
      expect(differences(voucher, recording, ['CondicionIVAReceptorId'])).toEqual([]);
    });

    it('Nota de Crédito A with two IVA rates and a dated CbteAsoc (pyafipws)', () => {
      const recording = recorded(
        'pyafipws_FECAESolicitar_R_err10016_notaCreditoA_cbtesAsoc.req.xml',
      );
      const voucher = mapped(
        {
          ...base,
          type: 'credit-note',
          issue_date: '2021-07-01',
          supplier: party('Reingart', pyafipws.cuit),
          customer: party('Cliente', '30500010912'),
          lines: [
            {
              quantity: '1',
              item: { name: 'Libro', price: '100', key: 'goods' },
              taxes: [{ cat: 'VAT', key: 'zero' }],
            },
            {
              quantity: '1',
              item: { name: 'Servicio', price: '100' },
              taxes: [{ cat: 'VAT', rate: 'general' }],
            },
          ],
          // The recording's Tributo has only Id, Desc and Importe; ours also carries BaseImp and Alic.
          charges: [{ ...matanza, base: '100' }],
          preceding: [
            { series: '3', code: '1', issue_date: '2021-07-01', ext: { 'ar-arca-doc-type': '3' } },
          ],
          ...servicesDates,
        },
        pyafipws,
        3,
      );
      expect(differences(voucher, recording, ['CondicionIVAReceptorId'])).toEqual([]);
      expect(voucher.Iva?.map((v) => v.Id)).toEqual([3, 5]);
      expect(voucher.Tributos?.[0]).toMatchObject({
        BaseImp: '100.00',
        Alic: '1.00',
        Importe: '1.00',
      });
    });

    describe('rejected by ARCA: we refuse each before sending, and the corrected invoice maps to the rest', () => {
      it('10013, class A to a CUIL (afiper)', () => {
        const recording = recorded('afiper_FECAESolicitar_R_obs10013_docTipoNo80.req.xml');
        expect(recording).toMatchObject({ CbteTipo: '1', DocTipo: '86' });
        const invoice = {
          ...notTaxed300('2020-09-27'),
          customer: {
            name: 'Persona',
            identities: [{ code: '20120791827', ext: { 'ar-arca-identity-type': '86' } }],
            ext: { 'ar-arca-vat-status': '1' },
          },
          tax: { ext: { 'ar-arca-doc-type': '1' } },
        };
        const refused = toFeVoucher(invoice, afiper, 1);
        expect(refused.ok).toBe(false);
        if (!refused.ok)
          expect(refused.problems).toContainEqual({
            path: 'customer.ext.ar-arca-vat-status',
            code: 'vat_status_not_for_customer',
          });
        const withStatus = toFeVoucher(
          { ...invoice, customer: { ...invoice.customer, ext: undefined } },
          afiper,
          1,
        );
        // Without a CUIT the customer is a final consumer by default, who cannot get a class A voucher.
        expect(withStatus).toEqual({
          ok: false,
          problems: [
            {
              path: 'customer.ext.ar-arca-vat-status',
              code: 'vat_status_not_for_type_a',
              rule: 'GOBL-AR-ARCA-BILL-INVOICE-13',
            },
          ],
        });
        const corrected = mapped(
          { ...notTaxed300('2020-09-27'), customer: party('Persona', '20120791827') },
          afiper,
          1,
        );
        expect(differences(corrected, recording, ['CondicionIVAReceptorId', 'DocTipo'])).toEqual(
          [],
        );
        expect(corrected.DocTipo).toBe(80);
      });

      it('10015, a CUIT that is not one (afiper)', () => {
        const recording = recorded('afiper_FECAESolicitar_R_obs10015_docNroInvalido.req.xml');
        expect(recording).toMatchObject({ DocTipo: '80', DocNro: '1' });
        const refused = toFeVoucher(
          { ...notTaxed300('2020-09-27'), customer: party('Cliente', '1') },
          afiper,
          1,
        );
        expect(refused).toEqual({
          ok: false,
          problems: [{ path: 'customer.tax_id.code', code: 'cuit_invalid' }],
        });
        const corrected = mapped(
          { ...notTaxed300('2020-09-27'), customer: party('Cliente', '20120791827') },
          afiper,
          1,
        );
        expect(differences(corrected, recording, ['CondicionIVAReceptorId', 'DocNro'])).toEqual([]);
      });

      it('10049, services without their dates (afiper)', () => {
        const recording = recorded('afiper_FECAESolicitar_R_obs10049_sinFechasServicio.req.xml');
        expect(recording).toMatchObject({ Concepto: '2' });
        expect(recording).not.toHaveProperty('FchServDesde');
        const services = notTaxed300('2020-09-27');
        const invoice = {
          ...services,
          customer: party('Cliente', '20120791827'),
          lines: [{ ...services.lines[0]!, item: { name: 'Servicio', price: '100' } }],
        };
        const refused = toFeVoucher(invoice, afiper, 1);
        expect(refused).toEqual({
          ok: false,
          problems: [
            { path: 'ordering.period', code: 'service_period_required' },
            { path: 'payment.terms.due_dates', code: 'service_due_date_required' },
          ],
        });
        const corrected = mapped(
          {
            ...invoice,
            ordering: { period: { start: '2020-09-01', end: '2020-09-27' } },
            payment: { terms: { due_dates: [{ date: '2020-10-10' }] } },
          },
          afiper,
          1,
        );
        expect(
          differences(corrected, recording, [
            'CondicionIVAReceptorId',
            'FchServDesde',
            'FchServHasta',
            'FchVtoPago',
          ]),
        ).toEqual([]);
        expect(corrected).toMatchObject({
          FchServDesde: '20200901',
          FchServHasta: '20200927',
          FchVtoPago: '20201010',
        });
      });
    });
  },
);
