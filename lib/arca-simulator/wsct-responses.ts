import { escapeXml } from '@/lib/arca';
import { CT_FIELDS, type SimCtVoucher } from './read-ct-request';

const NAMESPACE = 'http://ar.gob.afip.wsct/CTService/';

/**
 * A WSCT answer in the shape pyafipws recorded from homologación's JBoss server: an `info` header
 * (ambiente, fecha "yyyy-mm-dd hh:mm:ss" in Argentina) and `ns2:{method}Response/{returnName}`.
 */
export function wsctResponse(
  method: string,
  returnName: string,
  inner: string,
  ambiente: string,
  now: Date,
): string {
  const fecha = new Date(now.getTime() - 3 * 3_600_000)
    .toISOString()
    .slice(0, 19)
    .replace('T', ' ');
  return (
    `<?xml version='1.0' encoding='UTF-8'?><S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/">` +
    `<S:Header><info xmlns="https://ar.gob.afip.wsct/CTService/"><ambiente>${escapeXml(ambiente)}</ambiente><fecha>${fecha}</fecha></info></S:Header>` +
    `<S:Body><ns2:${method}Response xmlns:ns2="${NAMESPACE}"><${returnName}>${inner}</${returnName}></ns2:${method}Response></S:Body></S:Envelope>`
  );
}

const pair = (code: number | string, message: string) =>
  `<codigoDescripcion><codigo>${escapeXml(String(code))}</codigo><descripcion>${escapeXml(message)}</descripcion></codigoDescripcion>`;

/** arrayErrores, as recorded (codigoDescripcion rows). */
export function wsctErrorsXml(errors: { code: number | string; message: string }[]): string {
  return errors.length
    ? `<arrayErrores>${errors.map((e) => pair(e.code, e.message)).join('')}</arrayErrores>`
    : '';
}

/** A catalogue: codigoDescripcion rows under its array element. */
export function wsctCatalogueXml(array: string, rows: readonly (readonly [number, string])[]) {
  return `<${array}>${rows.map(([code, desc]) => pair(code, desc)).join('')}</${array}>`;
}

const el = (name: string, value: string | undefined) =>
  value === undefined || value === '' ? '' : `<${name}>${escapeXml(value)}</${name}>`;
const rows = (wrapper: string, item: string, list: Record<string, string>[], keys: string[]) =>
  list.length
    ? `<${wrapper}>${list.map((row) => `<${item}>${keys.map((k) => el(k, row[k])).join('')}</${item}>`).join('')}</${wrapper}>`
    : '';

/** yyyymmdd → yyyy-mm-dd (the table keeps WSFE's form; WSCT answers xsd:date). */
export const isoDay = (yyyymmdd: string) =>
  `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;

/** autorizarComprobanteReturn: errors and resultado as recorded; the approval as pyafipws reads it. */
export function ctAuthorizeResult(input: {
  cuit: string;
  voucher: SimCtVoucher;
  approved?: { cae: string; caeExpiry: string };
  errors: { code: number | string; message: string }[];
}): string {
  const f = input.voucher.fields;
  if (!input.approved) return `${wsctErrorsXml(input.errors)}<resultado>R</resultado>`;
  return (
    '<resultado>A</resultado><comprobanteResponse>' +
    `<cuit>${escapeXml(input.cuit)}</cuit>${el('codigoTipoComprobante', f.codigoTipoComprobante)}${el('numeroPuntoVenta', f.numeroPuntoVenta)}${el('numeroComprobante', f.numeroComprobante)}${el('fechaEmision', f.fechaEmision)}` +
    `<CAE>${input.approved.cae}</CAE><fechaVencimientoCAE>${isoDay(input.approved.caeExpiry)}</fechaVencimientoCAE></comprobanteResponse>`
  );
}

/** consultarComprobanteReturn/comprobante: the stored request, its CAE and the CAE's expiry. */
export function ctConsultResult(stored: {
  request: SimCtVoucher;
  cae: string;
  caeExpiry: string;
}): string {
  const v = stored.request;
  return (
    '<comprobante>' +
    CT_FIELDS.map((k) => el(k, v.fields[k])).join('') +
    rows('arrayComprobantesAsociados', 'comprobanteAsociado', v.associated, [
      'codigoTipoComprobante',
      'numeroPuntoVenta',
      'numeroComprobante',
    ]) +
    rows('arrayItems', 'item', v.items, [
      'tipo',
      'codigoTurismo',
      'codigo',
      'descripcion',
      'codigoAlicuotaIVA',
      'importeIVA',
      'importeItem',
    ]) +
    rows('arrayOtrosTributos', 'otroTributo', v.otherTaxes, [
      'codigo',
      'descripcion',
      'baseImponible',
      'importe',
    ]) +
    rows('arraySubtotalesIVA', 'subtotalIVA', v.vatSubtotals, ['codigo', 'importe']) +
    `<codigoAutorizacion>${stored.cae}</codigoAutorizacion><fechaVencimiento>${isoDay(stored.caeExpiry)}</fechaVencimiento>` +
    '</comprobante>'
  );
}
