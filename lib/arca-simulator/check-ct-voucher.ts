import { validateCuit } from '@/lib/arca';
import type { SimCtVoucher } from './read-ct-request';

export interface WsctSimMessage {
  code: number;
  message: string;
}

// No real WSCT rejection is recorded anywhere we could find (pyafipws' cassettes hold only its
// internal error 5000), so the business checks answer codes of the simulator's own 9000 series,
// never mistaken for ARCA's. 600/601/602 are WSFE's, assumed alike; 1106 is quoted in part by
// pyafipws' WSCT page ("No existen puntos de venta habilitados para ut…"), its end is ours.
export const WSCT_MESSAGES = {
  600: 'ValidacionDeToken: No validaron las fechas del token GenTime, ExpTime, NowUTC o la firma.',
  602: 'No existen datos en nuestros registros para los parametros ingresados.',
  1106: 'No existen puntos de venta habilitados para utilizar en el presente WS.',
  9001: 'Simulador: codigoTipoComprobante debe ser 195, 196 o 197 (clase T).',
  9002: 'Simulador: el numero o la fecha del comprobante no se corresponde con el proximo a autorizar. Consultar metodo consultarUltimoComprobanteAutorizado.',
  9003: 'Simulador: codigoRelacionEmisorReceptor debe ser de 1 a 6.',
  9004: 'Simulador: cada item debe tener codigoTurismo 1, 2 o 5 y codigoAlicuotaIVA 5 (21%).',
  9005: 'Simulador: el numero de documento no es valido para codigoTipoDocumento.',
  9006: 'Simulador: la suma de importeIVA de los items debe ser igual al subtotal de IVA.',
  9007: 'Simulador: el subtotal de IVA debe ser el 21% de importeGravado.',
  9008: 'Simulador: importeTotal debe ser importeGravado + importeNoGravado + importeExento + importeOtrosTributos + IVA + importeReintegro.',
  9009: 'Simulador: importeReintegro debe estar entre menos el IVA y cero.',
  9010: 'Simulador: fechaEmision no es una fecha valida (aaaa-mm-dd).',
  9011: 'Simulador: la suma de los otros tributos debe ser igual a importeOtrosTributos.',
} as const;
export type WsctSimCode = keyof typeof WSCT_MESSAGES;

/** Amount in cents, or NaN; a difference of one cent is taken for rounding, as WSFE does. */
const cents = (value: string | undefined): number =>
  value !== undefined && /^-?\d+(\.\d+)?$/.test(value) ? Math.round(Number(value) * 100) : NaN;
const differs = (a: number, b: number) => !(Math.abs(a - b) <= 1);
const sum = (rows: Record<string, string>[], key: string) =>
  rows.reduce((total, row) => total + cents(row[key] ?? '0'), 0);

function isIsoDate(value: string | undefined): boolean {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function validDocument(type: string | undefined, number: string | undefined): boolean {
  if (!number || !/^[A-Za-z0-9]{1,20}$/.test(number)) return false;
  if (type === '80' || type === '86')
    return validateCuit(number).ok || /^5[015]\d{9}$/.test(number);
  return /^\d+$/.test(type ?? '');
}

/** The errors that make the simulated WSCT reject a voucher (resultado R), all at once. */
export function checkCtVoucher(v: SimCtVoucher): WsctSimMessage[] {
  const found: WsctSimMessage[] = [];
  const add = (code: WsctSimCode) => {
    if (!found.some((f) => f.code === code)) found.push({ code, message: WSCT_MESSAGES[code] });
  };
  const f = v.fields;
  if (!['195', '196', '197'].includes(String(Number(f.codigoTipoComprobante)))) add(9001);
  if (!isIsoDate(f.fechaEmision)) add(9010);
  if (!/^[1-6]$/.test(f.codigoRelacionEmisorReceptor ?? '')) add(9003);
  if (!validDocument(f.codigoTipoDocumento, f.numeroDocumento)) add(9005);
  if (
    v.items.length === 0 ||
    v.items.some(
      (i) =>
        !['1', '2', '5'].includes(String(Number(i.codigoTurismo))) ||
        String(Number(i.codigoAlicuotaIVA)) !== '5',
    )
  )
    add(9004);
  const vat = sum(v.vatSubtotals, 'importe');
  // Each item's IVA is rounded on its own: a cent per item is taken.
  if (Math.abs(sum(v.items, 'importeIVA') - vat) > Math.max(1, v.items.length)) add(9006);
  if (differs(Math.round(cents(f.importeGravado) * 0.21), vat)) add(9007);
  const otherTaxes = cents(f.importeOtrosTributos ?? '0');
  if (differs(sum(v.otherTaxes, 'importe'), otherTaxes)) add(9011);
  const refund = cents(f.importeReintegro ?? '0');
  if (!(refund <= 0 && refund >= -vat)) add(9009);
  const expected =
    cents(f.importeGravado) +
    cents(f.importeNoGravado ?? '0') +
    cents(f.importeExento ?? '0') +
    otherTaxes +
    vat +
    refund;
  if (differs(cents(f.importeTotal), expected)) add(9008);
  return found;
}
