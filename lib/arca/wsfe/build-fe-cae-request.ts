import { escapeXml } from '../soap/parse-soap';
import type { NumberedFeVoucher } from './fe-cae-request';

const element = (name: string, value: string | number | undefined): string =>
  value === undefined
    ? ''
    : `<ar:${name}>${escapeXml(typeof value === 'number' ? String(Math.trunc(value)) : value)}</ar:${name}>`;

const group = (wrapper: string, item: string, rows: string[]): string =>
  rows.length
    ? `<ar:${wrapper}>${rows.map((r) => `<ar:${item}>${r}</ar:${item}>`).join('')}</ar:${wrapper}>`
    : '';

/** FECAESolicitar's FeCAEReq for one voucher (CantReg 1, CbteDesde = CbteHasta). */
export const buildFeCaeRequest = (voucher: NumberedFeVoucher): string =>
  buildFeCaeRequests([voucher]);

/**
 * FECAESolicitar's FeCAEReq for a batch: CantReg details of one point of sale and voucher type, each
 * its own number (CbteDesde = CbteHasta), in the order given. Children in the order of ARCA's WSDL
 * (FECAEDetRequest: … MonId, MonCotiz, CanMisMonExt, CondicionIVAReceptorId, CbtesAsoc, Tributos,
 * Iva …). Empty lists are left out: ARCA rejects an empty Iva or Tributos element.
 */
export function buildFeCaeRequests(vouchers: readonly NumberedFeVoucher[]): string {
  const first = vouchers[0];
  if (!first || vouchers.some((v) => v.PtoVta !== first.PtoVta || v.CbteTipo !== first.CbteTipo))
    throw new Error('a FECAESolicitar batch is one point of sale and voucher type, never empty');
  const header =
    element('CantReg', vouchers.length) +
    element('PtoVta', first.PtoVta) +
    element('CbteTipo', first.CbteTipo);
  const details = vouchers.map((v) => `<ar:FECAEDetRequest>${detailOf(v)}</ar:FECAEDetRequest>`);
  return `<ar:FeCAEReq><ar:FeCabReq>${header}</ar:FeCabReq><ar:FeDetReq>${details.join('')}</ar:FeDetReq></ar:FeCAEReq>`;
}

function detailOf(v: NumberedFeVoucher): string {
  return [
    element('Concepto', v.Concepto),
    element('DocTipo', v.DocTipo),
    element('DocNro', v.DocNro),
    element('CbteDesde', v.CbteNro),
    element('CbteHasta', v.CbteNro),
    element('CbteFch', v.CbteFch),
    element('ImpTotal', v.ImpTotal),
    element('ImpTotConc', v.ImpTotConc),
    element('ImpNeto', v.ImpNeto),
    element('ImpOpEx', v.ImpOpEx),
    element('ImpTrib', v.ImpTrib),
    element('ImpIVA', v.ImpIVA),
    element('FchServDesde', v.FchServDesde),
    element('FchServHasta', v.FchServHasta),
    element('FchVtoPago', v.FchVtoPago),
    element('MonId', v.MonId),
    element('MonCotiz', v.MonCotiz),
    element('CondicionIVAReceptorId', v.CondicionIVAReceptorId),
    group(
      'CbtesAsoc',
      'CbteAsoc',
      (v.CbtesAsoc ?? []).map(
        (a) =>
          element('Tipo', a.Tipo) +
          element('PtoVta', a.PtoVta) +
          element('Nro', a.Nro) +
          element('Cuit', a.Cuit) +
          element('CbteFch', a.CbteFch),
      ),
    ),
    group(
      'Tributos',
      'Tributo',
      (v.Tributos ?? []).map(
        (t) =>
          element('Id', t.Id) +
          element('Desc', t.Desc) +
          element('BaseImp', t.BaseImp) +
          element('Alic', t.Alic) +
          element('Importe', t.Importe),
      ),
    ),
    group(
      'Iva',
      'AlicIva',
      (v.Iva ?? []).map(
        (i) => element('Id', i.Id) + element('BaseImp', i.BaseImp) + element('Importe', i.Importe),
      ),
    ),
  ].join('');
}
