import type { FeVoucher } from '@/lib/arca';

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

/**
 * The URL printed as a QR code on an approved invoice, as ARCA's QR specification defines it: its
 * base URL plus the base64 of a JSON object (version 1) naming the voucher and its CAE. Numbers are
 * JSON numbers, as the specification's example writes them; the amount and exchange rate are written
 * from their decimal text, never through a float.
 * The customer's document is left out for DocTipo 99 (the specification makes it optional).
 */
export function arcaQrPayload({ voucher, cuit, number, cae }: ApprovedVoucher): string {
  const date = voucher.CbteFch;
  const payload = {
    ver: 1,
    fecha: `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`,
    cuit: Number(cuit),
    ptoVta: voucher.PtoVta,
    tipoCmp: voucher.CbteTipo,
    nroCmp: number,
    importe: DECIMAL_MARK,
    moneda: voucher.MonId,
    ctz: DECIMAL_MARK,
    ...(voucher.DocTipo !== 99
      ? { tipoDocRec: voucher.DocTipo, nroDocRec: Number(voucher.DocNro) }
      : {}),
    tipoCodAut: 'E',
    codAut: Number(cae),
  };
  const decimals: Record<string, string> = {
    importe: jsonDecimal(voucher.ImpTotal),
    ctz: jsonDecimal(voucher.MonCotiz),
  };
  const json = JSON.stringify(payload).replace(
    /"(importe|ctz)":"\$decimal"/g,
    (_, key: string) => `"${key}":${decimals[key]}`,
  );
  return ARCA_QR_URL + Buffer.from(json, 'utf8').toString('base64');
}
