import type { CtVoucher, FeVoucher } from '@/lib/arca';

export interface ApprovedVoucher {
  voucher: FeVoucher;
  /** The supplier's CUIT (11 digits). */
  cuit: string;
  /** The number ARCA approved (CbteDesde). */
  number: number;
  /** The CAE ARCA answered (14 digits). */
  cae: string;
}

const DECIMAL_MARK = '$decimal';

/** A decimal text as a JSON number ("0012.50" → "12.50"); refuses anything that is not one. */
function jsonDecimal(text: string): string {
  if (!/^\d+(\.\d+)?$/.test(text)) throw new Error(`Not a decimal amount: ${text}`);
  return text.replace(/^0+(?=\d)/, '');
}

export const ARCA_QR_URL = 'https://www.afip.gob.ar/fe/qr/?p=';

/** What ARCA's QR names of an approved voucher, whichever web service approved it. */
interface QrFields {
  /** yyyy-mm-dd */
  date: string;
  cuit: string;
  pointOfSale: number;
  voucherType: number;
  number: number;
  /** Decimal texts, written as JSON numbers. */
  total: string;
  currency: string;
  rate: string;
  /** Left out when the customer is not identified, or by a document that is not a number. */
  document?: { type: number; number: string };
  cae: string;
}

/**
 * The URL printed as a QR code on an approved invoice, as ARCA's QR specification defines it: its
 * base URL plus the base64 of a JSON object (version 1) naming the voucher and its CAE. Numbers are
 * JSON numbers, as the specification's example writes them; the amount and exchange rate are written
 * from their decimal text, never through a float. The customer's document is optional in the
 * specification, and a number there: left out for DocTipo 99 and for a document with letters.
 */
function qrUrl(f: QrFields): string {
  const payload = {
    ver: 1,
    fecha: f.date,
    cuit: Number(f.cuit),
    ptoVta: f.pointOfSale,
    tipoCmp: f.voucherType,
    nroCmp: f.number,
    importe: DECIMAL_MARK,
    moneda: f.currency,
    ctz: DECIMAL_MARK,
    ...(f.document && f.document.type !== 99 && /^\d+$/.test(f.document.number)
      ? { tipoDocRec: f.document.type, nroDocRec: Number(f.document.number) }
      : {}),
    tipoCodAut: 'E',
    codAut: Number(f.cae),
  };
  const decimals: Record<string, string> = {
    importe: jsonDecimal(f.total),
    ctz: jsonDecimal(f.rate),
  };
  const json = JSON.stringify(payload).replace(
    /"(importe|ctz)":"\$decimal"/g,
    (_, key: string) => `"${key}":${decimals[key]}`,
  );
  return ARCA_QR_URL + Buffer.from(json, 'utf8').toString('base64');
}

/** ARCA's QR URL for a voucher WSFE approved. */
export function arcaQrPayload({ voucher, cuit, number, cae }: ApprovedVoucher): string {
  const date = voucher.CbteFch;
  return qrUrl({
    date: `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`,
    cuit,
    pointOfSale: voucher.PtoVta,
    voucherType: voucher.CbteTipo,
    number,
    total: voucher.ImpTotal,
    currency: voucher.MonId,
    rate: voucher.MonCotiz,
    document: { type: voucher.DocTipo, number: voucher.DocNro },
    cae,
  });
}

/** ARCA's QR URL for a Factura T WSCT approved: the same specification, from WSCT's fields. */
export function ctQrPayload({
  voucher,
  cuit,
  number,
  cae,
}: Omit<ApprovedVoucher, 'voucher'> & { voucher: CtVoucher }): string {
  return qrUrl({
    date: voucher.fechaEmision,
    cuit,
    pointOfSale: voucher.numeroPuntoVenta,
    voucherType: voucher.codigoTipoComprobante,
    number,
    total: voucher.importeTotal,
    currency: voucher.codigoMoneda,
    rate: voucher.cotizacionMoneda,
    document: { type: voucher.codigoTipoDocumento, number: voucher.numeroDocumento },
    cae,
  });
}
