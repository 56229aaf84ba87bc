import { escapeXml } from '../soap/parse-soap';
import type { NumberedCtVoucher } from './ct-voucher';

// WSCT's request children are unqualified (only the operation element carries the namespace).
const element = (name: string, value: string | number | undefined): string =>
  value === undefined
    ? ''
    : `<${name}>${escapeXml(typeof value === 'number' ? String(Math.trunc(value)) : value)}</${name}>`;

const group = (wrapper: string, item: string, rows: string[]): string =>
  rows.length
    ? `<${wrapper}>${rows.map((r) => `<${item}>${r}</${item}>`).join('')}</${wrapper}>`
    : '';

/**
 * autorizarComprobante's `comprobanteRequest` for one voucher, children in the order of the request
 * pyafipws recorded against homologación (its SOAP library writes them in the WSDL's order):
 * codigoTipoComprobante … importeReintegro, importeTotal, codigoMoneda, cotizacionMoneda,
 * observaciones, arrayItems, arrayOtrosTributos, arraySubtotalesIVA. `arrayComprobantesAsociados`
 * (notes only) is not in that recording: it goes before arrayItems, as in WSMTXCA's WSDL. Empty
 * lists and absent optional fields are left out.
 */
export function buildCtRequest(voucher: NumberedCtVoucher): string {
  const v = voucher;
  const fields = [
    element('codigoTipoComprobante', v.codigoTipoComprobante),
    element('numeroPuntoVenta', v.numeroPuntoVenta),
    element('numeroComprobante', v.numeroComprobante),
    element('fechaEmision', v.fechaEmision),
    element('codigoTipoAutorizacion', v.codigoTipoAutorizacion),
    element('codigoTipoDocumento', v.codigoTipoDocumento),
    element('numeroDocumento', v.numeroDocumento),
    element('idImpositivo', v.idImpositivo),
    element('codigoPais', v.codigoPais),
    element('domicilioReceptor', v.domicilioReceptor),
    element('codigoRelacionEmisorReceptor', v.codigoRelacionEmisorReceptor),
    element('importeGravado', v.importeGravado),
    element('importeNoGravado', v.importeNoGravado),
    element('importeExento', v.importeExento),
    element('importeOtrosTributos', v.importeOtrosTributos),
    element('importeReintegro', v.importeReintegro),
    element('importeTotal', v.importeTotal),
    element('codigoMoneda', v.codigoMoneda),
    element('cotizacionMoneda', v.cotizacionMoneda),
    element('observaciones', v.observaciones),
    group(
      'arrayComprobantesAsociados',
      'comprobanteAsociado',
      (v.arrayComprobantesAsociados ?? []).map(
        (a) =>
          element('codigoTipoComprobante', a.codigoTipoComprobante) +
          element('numeroPuntoVenta', a.numeroPuntoVenta) +
          element('numeroComprobante', a.numeroComprobante),
      ),
    ),
    group(
      'arrayItems',
      'item',
      v.arrayItems.map(
        (i) =>
          element('tipo', i.tipo) +
          element('codigoTurismo', i.codigoTurismo) +
          element('codigo', i.codigo) +
          element('descripcion', i.descripcion) +
          element('codigoAlicuotaIVA', i.codigoAlicuotaIVA) +
          element('importeIVA', i.importeIVA) +
          element('importeItem', i.importeItem),
      ),
    ),
    group(
      'arrayOtrosTributos',
      'otroTributo',
      (v.arrayOtrosTributos ?? []).map(
        (t) =>
          element('codigo', t.codigo) +
          element('descripcion', t.descripcion) +
          element('baseImponible', t.baseImponible) +
          element('importe', t.importe),
      ),
    ),
    group(
      'arraySubtotalesIVA',
      'subtotalIVA',
      v.arraySubtotalesIVA.map((s) => element('codigo', s.codigo) + element('importe', s.importe)),
    ),
  ];
  return `<comprobanteRequest>${fields.join('')}</comprobanteRequest>`;
}
