import 'server-only';
import type { Db } from '@/lib/db';
import { type ArcaEnvironment, parseSoap, pick, text, type XmlNode } from '@/lib/arca';
import { authenticateSim } from './authenticate-sim';
import { checkCtVoucher, WSCT_MESSAGES } from './check-ct-voucher';
import { issueSimVoucher } from './issue-sim-voucher';
import { findSimInvoice, lastSimNumber } from './sim-invoices';
import { simPointsOfSale } from './sim-points-of-sale';
import { readCtRequest, type SimCtVoucher } from './read-ct-request';
import { soapClientFault, soapServerFault } from './soap-responses';
import { takeWsfeFault } from './wsfe-faults';
import { usablePointOfSale } from './usable-point-of-sale';
import {
  ctAuthorizeResult,
  ctConsultResult,
  isoDay,
  wsctCatalogueXml,
  wsctErrorsXml,
  wsctResponse,
} from './wsct-responses';

const AMBIENTE: Record<ArcaEnvironment, string> = {
  sandbox: 'Testing - simulador',
  live: 'Produccion - simulador',
};
const CT_TYPES = [195, 196, 197];
// consultarComprobanteTipoPVentaNro answers under another name than its operation (recorded).
const RETURN_NAMES: Record<string, string> = {
  consultarComprobanteTipoPVentaNro: 'consultarComprobanteReturn',
};
const CATALOGUES: Record<string, [string, readonly (readonly [number, string])[]]> = {
  consultarTiposComprobantes: [
    'arrayTiposComprobantes',
    [
      [195, 'Factura T'],
      [196, 'Nota de Débito T'],
      [197, 'Nota de Crédito T'],
    ],
  ],
  // GOBL's names for the codes (ar-arca-tourism-item); ARCA's own texts are not recorded.
  consultarCodigosItemTurismo: [
    'arrayCodigosItem',
    [
      [1, 'Hotel sin desayuno'],
      [2, 'Hotel con desayuno'],
      [5, 'Excedente'],
    ],
  ],
};
const AUTHENTICATED = [
  'consultarPuntosVenta',
  'consultarUltimoComprobanteAutorizado',
  'autorizarComprobante',
  'consultarComprobanteTipoPVentaNro',
  ...Object.keys(CATALOGUES),
];

/** holdMs: keep the connection open that long before answering (an injected timeout). */
export type WsctAnswer = { status: number; body: string; holdMs?: number };

/** Argentina's clock (UTC−3) as yyyymmdd. */
const argentinaDay = (now: Date) =>
  new Date(now.getTime() - 3 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, '');

/**
 * The simulated WSCT (CTService, Factura T): dummy, points of sale, the last number, authorisation,
 * consultation and two catalogues, answered in the shapes pyafipws recorded. Vouchers are numbered
 * in the same table and with the same commit-once insert as WSFE's, per (environment, CUIT, point of
 * sale, type).
 */
export async function handleWsct(
  db: Db,
  environment: ArcaEnvironment,
  xml: string,
  now: Date,
): Promise<WsctAnswer> {
  let body: XmlNode;
  try {
    body = parseSoap(xml).body;
  } catch {
    return { status: 500, body: soapClientFault('Unable to read the request.') };
  }
  const element = Object.keys(body)[0] ?? '';
  const method = element.replace(/Request$/, '');
  const respond = (inner: string): WsctAnswer => ({
    status: 200,
    body: wsctResponse(
      method,
      RETURN_NAMES[method] ?? `${method}Return`,
      inner,
      AMBIENTE[environment],
      now,
    ),
  });
  if (method === 'dummy')
    return respond('<appserver>OK</appserver><authserver>OK</authserver><dbserver>OK</dbserver>');
  if (!AUTHENTICATED.includes(method))
    return { status: 500, body: soapClientFault(`Cannot find dispatch method for {${element}}`) };
  const request = body[element] as XmlNode;
  const auth = await authenticateSim(
    db,
    environment,
    'wsct',
    {
      token: text(pick(request, 'authRequest', 'token')) ?? '',
      sign: text(pick(request, 'authRequest', 'sign')) ?? '',
      cuit: text(pick(request, 'authRequest', 'cuitRepresentada')) ?? '',
    },
    now,
  );
  if ('code' in auth)
    return respond(
      wsctErrorsXml([auth]) + (method === 'autorizarComprobante' ? '<resultado>R</resultado>' : ''),
    );
  const { cuit } = auth;

  const catalogue = CATALOGUES[method];
  if (catalogue) return respond(wsctCatalogueXml(...catalogue));

  const int = (key: string) => Number(text(pick(request, key)));
  if (method === 'consultarComprobanteTipoPVentaNro') {
    const stored = await findVoucher(db, environment, cuit, [
      int('numeroPuntoVenta'),
      int('codigoTipoComprobante'),
      int('numeroComprobante'),
    ]);
    if (!stored) return respond(wsctErrorsXml([{ code: 602, message: WSCT_MESSAGES[602] }]));
    return respond(ctConsultResult(stored));
  }

  const points = await simPointsOfSale(db, environment, cuit);
  const notEnabled = { code: 1106, message: WSCT_MESSAGES[1106] };

  if (method === 'consultarPuntosVenta') {
    // The points registered for CAE by web services (the simulator keeps one register for WSFE
    // and WSCT); none is ARCA's "no results".
    const cae = points
      .filter((p) => p.emissionType.startsWith('CAE -'))
      .sort((a, b) => a.number - b.number);
    if (!cae.length) return respond(wsctErrorsXml([{ code: 602, message: WSCT_MESSAGES[602] }]));
    return respond(
      `<arrayPuntosVenta>${cae
        .map(
          (p) =>
            `<puntoVenta><numeroPuntoVenta>${p.number}</numeroPuntoVenta><bloqueado>${p.blocked ? 'S' : 'N'}</bloqueado>${p.closedOn ? `<fechaBaja>${isoDay(p.closedOn)}</fechaBaja>` : ''}</puntoVenta>`,
        )
        .join('')}</arrayPuntosVenta>`,
    );
  }

  if (method === 'consultarUltimoComprobanteAutorizado') {
    const pointOfSale = int('numeroPuntoVenta');
    const type = int('codigoTipoComprobante');
    if (!usablePointOfSale(points, environment, pointOfSale, false))
      return respond(wsctErrorsXml([notEnabled]));
    if (!CT_TYPES.includes(type))
      return respond(wsctErrorsXml([{ code: 9001, message: WSCT_MESSAGES[9001] }]));
    const last = await lastSimNumber(db, environment, cuit, pointOfSale, type);
    return respond(
      `<codigoTipoComprobante>${type}</codigoTipoComprobante><numeroPuntoVenta>${pointOfSale}</numeroPuntoVenta><numeroComprobante>${last}</numeroComprobante>`,
    );
  }

  // autorizarComprobante
  const voucher = readCtRequest(request);
  if (!voucher) return { status: 500, body: soapClientFault('Unable to read the request.') };
  const reject = (errors: { code: number; message: string }[]) =>
    respond(ctAuthorizeResult({ cuit, voucher, errors }));
  const f = voucher.fields;
  if (!usablePointOfSale(points, environment, Number(f.numeroPuntoVenta), true))
    return reject([notEnabled]);
  const errors = checkCtVoucher(voucher);
  if (errors.length) return reject(errors);
  const issued = await issueSimVoucher(db, {
    environment,
    cuit,
    sequence: {
      pointOfSale: Number(f.numeroPuntoVenta),
      type: Number(f.codigoTipoComprobante),
      number: Number(f.numeroComprobante),
    },
    request: voucher,
    voucherDate: (f.fechaEmision ?? '').replace(/-/g, '') || argentinaDay(now),
    observations: [],
    now,
  });
  if (!issued) return reject([{ code: 9002, message: WSCT_MESSAGES[9002] }]);
  const approved = respond(ctAuthorizeResult({ cuit, voucher, approved: issued, errors: [] }));
  // A fault injected for the point of sale plays after the commit, as WSFE's (wsfe-faults.ts).
  const fault = takeWsfeFault(environment, cuit, Number(f.numeroPuntoVenta));
  if (fault?.kind === 'http_500')
    return { status: 500, body: soapServerFault('java.lang.RuntimeException: timeout') };
  if (fault?.kind === 'timeout') return { ...approved, holdMs: fault.holdMs };
  return approved;
}

async function findVoucher(
  db: Db,
  environment: ArcaEnvironment,
  cuit: string,
  [pointOfSale, type, number]: number[],
): Promise<{ request: SimCtVoucher; cae: string; caeExpiry: string } | undefined> {
  if (![pointOfSale, type, number].every(Number.isInteger) || !CT_TYPES.includes(type!))
    return undefined;
  const row = await findSimInvoice(db, environment, cuit, pointOfSale!, type!, number!);
  return row
    ? { request: row.request as SimCtVoucher, cae: row.cae, caeExpiry: row.caeExpiry }
    : undefined;
}
