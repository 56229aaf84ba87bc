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

export const ARCA_QR_URL = 'https://www.afip.gob.ar/fe/qr/?p=';

/**
 * The URL printed as a QR code on an approved invoice, as ARCA's QR specification defines it: its
 * base URL plus the base64 of a JSON object (version 1) naming the voucher and its CAE. Numbers are
 * JSON numbers, as the specification's example writes them; every value here fits exactly in one.
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
    importe: Number(voucher.ImpTotal),
    moneda: voucher.MonId,
    ctz: Number(voucher.MonCotiz),
    ...(voucher.DocTipo !== 99
      ? { tipoDocRec: voucher.DocTipo, nroDocRec: Number(voucher.DocNro) }
      : {}),
    tipoCodAut: 'E',
    codAut: Number(cae),
  };
  return ARCA_QR_URL + Buffer.from(JSON.stringify(payload), 'utf8').toString('base64');
}
