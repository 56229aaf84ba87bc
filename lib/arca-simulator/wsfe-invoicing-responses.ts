import { escapeXml } from '@/lib/arca';
import type { WsfeMessage } from './check-fe-voucher';
import type { SimVoucher } from './read-fe-request';
import { RECEIVER_VAT_CONDITIONS, WSFE_CATALOGUES } from './wsfe-catalogues';

const el = (name: string, value: string | number | undefined) =>
  value === undefined || value === '' ? '' : `<${name}>${escapeXml(String(value))}</${name}>`;
const messages = (wrapper: string, item: string, list: WsfeMessage[]) =>
  list.length
    ? `<${wrapper}>${list.map((m) => `<${item}><Code>${m.code}</Code><Msg>${escapeXml(m.message)}</Msg></${item}>`).join('')}</${wrapper}>`
    : '';
const int = (value: string | undefined) =>
  value === undefined || value === '' ? undefined : String(Number(value));
// ARCA answers amounts as numbers it stored: "1000000.0" → "1000000", "1.000" → "1".
const amount = (value: string | undefined) =>
  value === undefined || value === '' || Number.isNaN(Number(value))
    ? value
    : String(Number(value));

/** FECAESolicitarResult for one voucher, in the order of the recorded answers. */
export function caeResult(input: {
  cuit: string;
  voucher: SimVoucher;
  processedAt: string;
  approved?: { cae: string; caeExpiry: string };
  observations: WsfeMessage[];
  errors: WsfeMessage[];
}): string {
  const v = input.voucher;
  const verdict = input.approved ? 'A' : 'R';
  const header = `<FeCabResp><Cuit>${escapeXml(input.cuit)}</Cuit><PtoVta>${v.PtoVta}</PtoVta><CbteTipo>${v.CbteTipo}</CbteTipo><FchProceso>${input.processedAt}</FchProceso><CantReg>1</CantReg><Resultado>${verdict}</Resultado><Reproceso>N</Reproceso></FeCabResp>`;
  const cae = input.approved
    ? `<CAE>${input.approved.cae}</CAE><CAEFchVto>${input.approved.caeExpiry}</CAEFchVto>`
    : '<CAE /><CAEFchVto />';
  const detail =
    `<FeDetResp><FECAEDetResponse>${el('Concepto', int(v.Concepto))}${el('DocTipo', int(v.DocTipo))}${el('DocNro', v.DocNro)}<CbteDesde>${v.CbteDesde}</CbteDesde><CbteHasta>${v.CbteHasta}</CbteHasta>` +
    `${el('CbteFch', v.CbteFch)}<Resultado>${verdict}</Resultado>${messages('Observaciones', 'Obs', input.observations)}${cae}</FECAEDetResponse></FeDetResp>`;
  return header + detail + messages('Errors', 'Err', input.errors);
}

/** One detail of a batch's answer: approved with its CAE, or R with its observations (none: not processed). */
export interface BatchDetailAnswer {
  voucher: SimVoucher;
  approved?: { cae: string; caeExpiry: string };
  observations: WsfeMessage[];
}

/**
 * FECAESolicitarResult for CantReg vouchers: one FECAEDetResponse each, in the order sent, and the
 * header's Resultado A (all approved), R (none) or P (some), as the WSFEv1 manual answers a batch.
 */
export function caeBatchResult(input: {
  cuit: string;
  pointOfSale: string;
  voucherType: string;
  processedAt: string;
  details: BatchDetailAnswer[];
  errors: WsfeMessage[];
}): string {
  const approved = input.details.filter((d) => d.approved).length;
  const verdict = approved === input.details.length ? 'A' : approved === 0 ? 'R' : 'P';
  const header = `<FeCabResp><Cuit>${escapeXml(input.cuit)}</Cuit><PtoVta>${input.pointOfSale}</PtoVta><CbteTipo>${input.voucherType}</CbteTipo><FchProceso>${input.processedAt}</FchProceso><CantReg>${input.details.length}</CantReg><Resultado>${verdict}</Resultado><Reproceso>N</Reproceso></FeCabResp>`;
  const details = input.details.map(({ voucher: v, approved: issued, observations }) => {
    const cae = issued
      ? `<CAE>${issued.cae}</CAE><CAEFchVto>${issued.caeExpiry}</CAEFchVto>`
      : '<CAE /><CAEFchVto />';
    return (
      `<FECAEDetResponse>${el('Concepto', int(v.Concepto))}${el('DocTipo', int(v.DocTipo))}${el('DocNro', v.DocNro)}<CbteDesde>${v.CbteDesde}</CbteDesde><CbteHasta>${v.CbteHasta}</CbteHasta>` +
      `${el('CbteFch', v.CbteFch)}<Resultado>${issued ? 'A' : 'R'}</Resultado>${messages('Observaciones', 'Obs', observations)}${cae}</FECAEDetResponse>`
    );
  });
  return `${header}<FeDetResp>${details.join('')}</FeDetResp>${messages('Errors', 'Err', input.errors)}`;
}

export interface StoredVoucher {
  request: SimVoucher;
  cae: string;
  caeExpiry: string;
  observations: WsfeMessage[];
  processedAt: string;
}

/** FECompConsultarResult/ResultGet, in the order of the recorded 2026 answer. */
export function consultResult(stored: StoredVoucher): string {
  const v = stored.request;
  const fields = [
    el('Concepto', int(v.Concepto)),
    el('DocTipo', int(v.DocTipo)),
    el('DocNro', v.DocNro),
    el('CbteDesde', v.CbteDesde),
    el('CbteHasta', v.CbteHasta),
    el('CbteFch', v.CbteFch),
    ...(['ImpTotal', 'ImpTotConc', 'ImpNeto', 'ImpOpEx', 'ImpTrib', 'ImpIVA'] as const).map((k) =>
      el(k, amount(v[k])),
    ),
    el('FchServDesde', v.FchServDesde),
    el('FchServHasta', v.FchServHasta),
    el('FchVtoPago', v.FchVtoPago),
    el('MonId', v.MonId),
    el('MonCotiz', amount(v.MonCotiz)),
    el('CondicionIVAReceptorId', int(v.CondicionIVAReceptorId)),
    v.CbtesAsoc.length
      ? `<CbtesAsoc>${v.CbtesAsoc.map((a) => `<CbteAsoc>${el('Tipo', int(a.Tipo))}${el('PtoVta', int(a.PtoVta))}${el('Nro', int(a.Nro))}${el('Cuit', a.Cuit)}${el('CbteFch', a.CbteFch)}</CbteAsoc>`).join('')}</CbtesAsoc>`
      : '',
    v.Tributos.length
      ? `<Tributos>${v.Tributos.map((t) => `<Tributo>${el('Id', int(t.Id))}${el('Desc', t.Desc)}${el('BaseImp', amount(t.BaseImp))}${el('Alic', amount(t.Alic))}${el('Importe', amount(t.Importe))}</Tributo>`).join('')}</Tributos>`
      : '',
    v.Iva.length
      ? `<Iva>${v.Iva.map((a) => `<AlicIva>${el('Id', a.Id)}${el('BaseImp', amount(a.BaseImp))}${el('Importe', amount(a.Importe))}</AlicIva>`).join('')}</Iva>`
      : '',
    '<Resultado>A</Resultado>',
    `<CodAutorizacion>${stored.cae}</CodAutorizacion><EmisionTipo>CAE</EmisionTipo><FchVto>${stored.caeExpiry}</FchVto><FchProceso>${stored.processedAt}</FchProceso>`,
    messages('Observaciones', 'Obs', stored.observations),
    `<PtoVta>${v.PtoVta}</PtoVta><CbteTipo>${v.CbteTipo}</CbteTipo>`,
  ];
  return `<ResultGet>${fields.join('')}</ResultGet>`;
}

export type CatalogueMethod = keyof typeof WSFE_CATALOGUES;
export const isCatalogueMethod = (method: string): method is CatalogueMethod =>
  method in WSFE_CATALOGUES;

export function catalogueResult(method: CatalogueMethod): string {
  const { item, rows } = WSFE_CATALOGUES[method];
  return `<ResultGet>${rows.map(([id, desc, from, to]) => `<${item}><Id>${id}</Id><Desc>${escapeXml(desc)}</Desc><FchDesde>${from}</FchDesde><FchHasta>${to}</FchHasta></${item}>`).join('')}</ResultGet>`;
}

/** Without a class: every condition with ARCA's Cmp_Clase; with one, those it allows, Cmp_Clase the class. */
export function receiverConditionsResult(
  allowed: readonly number[] | undefined,
  voucherClass: string,
): string {
  const rows = allowed
    ? allowed
        .map((id) => RECEIVER_VAT_CONDITIONS.find((c) => c[0] === id)!)
        .map(([id, desc]) => [id, desc, voucherClass] as const)
    : RECEIVER_VAT_CONDITIONS;
  return `<ResultGet>${rows.map(([id, desc, cls]) => `<CondicionIvaReceptor><Id>${id}</Id><Desc>${escapeXml(desc)}</Desc><Cmp_Clase>${escapeXml(cls)}</Cmp_Clase></CondicionIvaReceptor>`).join('')}</ResultGet>`;
}
