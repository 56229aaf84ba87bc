import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseFeVoucher, type ConsultedFeVoucher, type NumberedFeVoucher } from '@/lib/arca';
import { isSameVoucher } from '@/lib/invoices/same-voucher';

const DIR = path.resolve('../shared/afip/corpus/responses/wsfe-invoicing/derived');
const present = existsSync(DIR);

// What pyafipws sent as Factura A 4000-00001837 (its recorded FECAESolicitar), as our mapping writes
// it; the recording predates CondicionIVAReceptorId, which ARCA's answer therefore leaves out (0).
const sent: NumberedFeVoucher = {
  PtoVta: 4000,
  CbteTipo: 1,
  CbteNro: 1837,
  Concepto: 3,
  DocTipo: 80,
  DocNro: '30000000007',
  CbteFch: '20210701',
  ImpTotal: '122.00',
  ImpTotConc: '0.00',
  ImpNeto: '100.00',
  ImpOpEx: '0.00',
  ImpTrib: '1.00',
  ImpIVA: '21.00',
  FchServDesde: '20210701',
  FchServHasta: '20210701',
  FchVtoPago: '20210701',
  MonId: 'PES',
  MonCotiz: '1.000',
  CondicionIVAReceptorId: 0,
  Tributos: [
    {
      Id: 99,
      Desc: 'Impuesto Municipal Matanza',
      BaseImp: '100.00',
      Alic: '1.00',
      Importe: '1.00',
    },
  ],
  Iva: [{ Id: 5, BaseImp: '100.00', Importe: '21.00' }],
};

describe.skipIf(!present)('isSameVoucher against ARCA’s recorded FECompConsultar', () => {
  const held = () => {
    const read = parseFeVoucher(
      readFileSync(path.join(DIR, 'pyafipws_FECompConsultar_A_facturaA_nro1837.resp.xml'), 'utf8'),
    );
    if (!read.ok || !read.value) throw new Error('recording not read');
    return read.value;
  };

  it('adopts the voucher ARCA holds when every field sent is there, numbers as ARCA writes them', () => {
    expect(isSameVoucher(held(), sent)).toBe(true);
  });

  it('refuses any amount, date, customer or line that differs, and a list ARCA holds that was not sent', () => {
    expect(isSameVoucher(held(), { ...sent, ImpTotal: '122.01' })).toBe(false);
    expect(isSameVoucher(held(), { ...sent, CbteFch: '20210702' })).toBe(false);
    expect(isSameVoucher(held(), { ...sent, DocNro: '30000000015' })).toBe(false);
    expect(
      isSameVoucher(held(), { ...sent, Iva: [{ Id: 4, BaseImp: '100.00', Importe: '21.00' }] }),
    ).toBe(false);
    const { Tributos: _, ...withoutTributos } = sent;
    expect(isSameVoucher(held(), { ...withoutTributos, ImpTrib: '1.00' })).toBe(false);
    expect(
      isSameVoucher(held(), { ...sent, Tributos: [...sent.Tributos!, ...sent.Tributos!] }),
    ).toBe(false);
  });

  it('takes the lines in any order and a Tributo whose description ARCA answers blank', () => {
    const twoRates: ConsultedFeVoucher = {
      ...held(),
      Iva: [
        { Id: 5, BaseImp: '100.00', Importe: '21.00' },
        { Id: 4, BaseImp: '10.00', Importe: '1.05' },
      ],
      Tributos: [{ ...held().Tributos![0]!, Desc: ' ' }],
    };
    const sentTwoRates: NumberedFeVoucher = {
      ...sent,
      Iva: [twoRates.Iva![1]!, twoRates.Iva![0]!],
    };
    expect(isSameVoucher(twoRates, sentTwoRates)).toBe(true);
    expect(
      isSameVoucher(twoRates, {
        ...sentTwoRates,
        Tributos: [{ ...sent.Tributos![0]!, Importe: '2.00' }],
      }),
    ).toBe(false);
  });
});
