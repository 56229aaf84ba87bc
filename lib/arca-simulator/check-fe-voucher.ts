import { validateCuit } from '@/lib/arca';
import type { SimVoucher } from './read-fe-request';
import { dayNumber } from './yyyymmdd';

export interface WsfeMessage {
  code: number;
  message: string;
}

// Texts are ARCA's, double spaces included: from the recorded answers (corpus/PROVENANCE.md §8) where
// one was recorded, else as users quoted them from real answers (named beside each). The two marked
// UNVERIFIED have no real answer anywhere we could find.
export const WSFE_MESSAGES = {
  // The WSFEv1 manual's texts of its batch validations (no recorded answer has them).
  10002:
    'La cantidad de registros del detalle del comprobante o lote de comprobantes de ingreso debe ser igual a lo informado en cabecera del comprobante o lote de comprobantes de ingreso',
  10003:
    'La cantidad de registros en detalle debe ser menor igual al valor permitido. Consulte método FECompTotXRequest para obtener cantidad máxima de registros por cada requerimiento. Para comprobantes del tipo MiPyMEs (FCE), la cantidad habilitada es 1 comprobante por request',
  10013:
    'Campo  DocTipo  Para comprobantes clase A y M el campo  DocTipo debe ser igual a 80 (CUIT)',
  10015: 'El campo  DocNro es invalido.',
  10016:
    'El numero o fecha del comprobante no se corresponde con el proximo a autorizar. Consultar metodo FECompUltimoAutorizado.',
  10049:
    'Los campos FchServDesde, FchServHasta, FchVtoPago, contienen errores o no fueron ingresados. Son obligatorios cuando el campo Concepto es igual a 2 o 3. Formato valido aaaammdd',
  10217:
    'El credito fiscal discriminado en el presente comprobante solo podra ser computado a efectos del Procedimiento permanente de transicion al Regimen General.',
  // reingart/pyafipws#124 (2025-06-21) and #121 (2025-02-25).
  10246:
    'Campo Condicion Frente al IVA del receptor es obligatorio conforme a lo reglamentado por la Resolucion General N° 5616.',
  10242:
    'El campo Condicion IVA receptor no es un valor valido. Consular metodo FEParamGetCondicionIvaReceptor',
  // ctmil/odoo-argentina#9 (2020), reingart/pyafipws#105 (2023), AfipSDK/afip.php#155 (2024), ingadhoc/odoo-argentina#111 (2016).
  10018: 'Si ImpIva es mayor a 0 el objeto Iva y AlicIva son obligatorios.',
  10024: 'Si ImpTrib es mayor a 0 el objeto Tributos y Tributo son obligatorios.',
  10029: 'La suma de los importes en Tributo debe ser igual al valor ingresado en ImpTrib.',
  10044: 'El campo ImpOpEx (importe exento) para comprobantes tipo C debe ser igual a cero (0).',
  10048:
    "El campo  'Importe Total' ImpTotal, debe ser igual  a la  suma de ImpTotConc + ImpNeto + ImpOpEx + ImpTrib + ImpIVA.",
  '10048_C':
    "El campo  'Importe Total' ImpTotal, debe ser igual  a la  suma de ImpNeto + ImpTrib. Donde ImpNeto es igual al Sub Total",
  10051: 'Los importes informados en AlicIVA no se corresponden con los porcentajes.',
  10071: 'Para comprobantes tipo C el objeto IVA no debe informarse.',
  // UNVERIFIED: no real answer found for ImpIVA differing from the sum of AlicIva/Importe; code and text are ours.
  10023:
    'El campo ImpIVA debe ser igual a la suma de los importes (Importe) informados en AlicIva.',
  // AfipSDK/afip.php#9 (2018).
  11002:
    'El punto de venta no se encuentra habilitado a usar en el presente WS. Ver metodo FEParamGetPtosVenta',
  // FECompConsultar (recorded).
  602: 'No existen datos en nuestros registros para los parametros ingresados.',
  10202: 'Campo CbteNro no lo ingreso o supera el tamaño permitido de 8 caracteres numericos.',
} as const;

const CONCEPTS: Record<string, string> = {
  '1': '1 - Productos',
  '2': '2 - Servicios',
  '3': '3 - Productos y Servicios',
};

/** Recorded for goods in production (2025); the services text follows it with ARCA's ±10 days. */
function dateOutOfRange(concept: string): WsfeMessage {
  const days = concept === '1' ? 5 : 10;
  return {
    code: 10016,
    message: `Campo CbteFch Debe estar comprendido  en el  rango  N-${days} y N+${days} siendo N la fecha de envio del pedido  de autorizacion para ${CONCEPTS[concept] ?? concept}`,
  };
}

// 49 (used goods bought from a final consumer) is its own class: FEParamGetCondicionIvaReceptor
// lists condition 5 for "C/49".
type VoucherClass = 'A' | 'B' | 'C' | 'M' | '49';

const CLASS_BY_TYPE: Record<number, VoucherClass> = {
  ...Object.fromEntries([1, 2, 3, 4, 5, 39, 60, 63, 201, 202, 203].map((t) => [t, 'A'])),
  ...Object.fromEntries([51, 52, 53, 54].map((t) => [t, 'M'])),
  ...Object.fromEntries([6, 7, 8, 9, 10, 40, 61, 64, 206, 207, 208].map((t) => [t, 'B'])),
  ...Object.fromEntries([11, 12, 13, 15, 211, 212, 213].map((t) => [t, 'C'])),
  49: '49',
};

export const voucherClass = (type: number) => CLASS_BY_TYPE[type];

/** As FEParamGetCondicionIvaReceptor answers per ClaseCmp (recorded 2026-08-18). */
export const RECEIVER_CONDITIONS_BY_CLASS: Record<VoucherClass, readonly number[]> = {
  A: [1, 6, 13, 16],
  M: [1, 6, 13, 16],
  B: [4, 5, 7, 8, 9, 10, 15],
  C: [1, 6, 13, 16, 4, 7, 8, 9, 10, 15, 5],
  '49': [5],
};

const VAT_RATES: Record<string, number> = { '3': 0, '4': 10.5, '5': 21, '6': 27, '8': 5, '9': 2.5 };

/** Amount in cents, or NaN. ARCA accepts a difference of one cent for rounding. */
const cents = (value: string | undefined): number =>
  value !== undefined && /^-?\d+(\.\d+)?$/.test(value.trim())
    ? Math.round(Number(value) * 100)
    : NaN;
const differs = (a: number, b: number) => !(Math.abs(a - b) <= 1);

function isDate(value: string | undefined): boolean {
  if (!value || !/^\d{8}$/.test(value)) return false;
  const date = new Date(`${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}T00:00:00Z`);
  return (
    !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10).replace(/-/g, '') === value
  );
}

function validDocument(type: string, number: string): boolean {
  if (!/^\d{1,11}$/.test(number)) return false;
  if (type === '80' || type === '86' || type === '87') return validateCuit(number).ok;
  if (type === '96') return /^\d{7,8}$/.test(number);
  if (type === '99') return /^0+$/.test(number);
  return Number(number) > 0;
}

/** The Observaciones that make ARCA reject a voucher (Resultado R), checked on the request's fields. */
export function checkFeVoucher(v: SimVoucher, today: string): WsfeMessage[] {
  const found: WsfeMessage[] = [];
  const add = (code: keyof typeof WSFE_MESSAGES) =>
    found.push({ code: Number(String(code).replace(/_.*/, '')), message: WSFE_MESSAGES[code] });
  const kind = voucherClass(Number(v.CbteTipo));
  if ((kind === 'A' || kind === 'M') && v.DocTipo !== '80') add(10013);
  if (!validDocument(v.DocTipo ?? '', v.DocNro ?? '')) add(10015);
  const concept = String(Number(v.Concepto));
  if (
    (concept === '2' || concept === '3') &&
    ![v.FchServDesde, v.FchServHasta, v.FchVtoPago].every(isDate)
  )
    add(10049);
  if (v.CondicionIVAReceptorId === undefined || v.CondicionIVAReceptorId === '') add(10246);
  else if (!kind || !RECEIVER_CONDITIONS_BY_CLASS[kind].includes(Number(v.CondicionIVAReceptorId)))
    add(10242);

  const [total, untaxed, net, exempt, taxes, vat] = [
    v.ImpTotal,
    v.ImpTotConc,
    v.ImpNeto,
    v.ImpOpEx,
    v.ImpTrib,
    v.ImpIVA,
  ].map(cents) as [number, number, number, number, number, number];
  if (kind === 'C') {
    if (v.Iva.length) add(10071);
    if (exempt !== 0) add(10044);
    if (differs(total, net + taxes + (untaxed || 0))) add('10048_C');
  } else {
    if (vat > 0 && !v.Iva.length) add(10018);
    if (
      v.Iva.some(
        (line) =>
          !(line.Id in VAT_RATES) ||
          differs(
            cents(line.Importe),
            Math.round((cents(line.BaseImp) * VAT_RATES[line.Id]!) / 100),
          ),
      )
    )
      add(10051);
    if (
      v.Iva.length &&
      differs(
        vat,
        v.Iva.reduce((sum, line) => sum + cents(line.Importe), 0),
      )
    )
      add(10023);
    if (differs(total, untaxed + net + exempt + taxes + vat)) add(10048);
  }
  if (taxes > 0 && !v.Tributos.length) add(10024);
  else if (
    v.Tributos.length &&
    differs(
      taxes,
      v.Tributos.reduce((sum, t) => sum + cents(t.Importe), 0),
    )
  )
    add(10029);

  const window = concept === '1' ? 5 : 10;
  if (
    v.CbteFch !== undefined &&
    (!isDate(v.CbteFch) || Math.abs(dayNumber(v.CbteFch) - dayNumber(today)) > window)
  )
    found.push(dateOutOfRange(concept));
  return found;
}
