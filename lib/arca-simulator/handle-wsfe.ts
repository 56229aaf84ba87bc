import 'server-only';
import { and, eq, gt } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
import { type ArcaEnvironment, parseSoap, pick, text, type XmlNode } from '@/lib/arca';
import { simulatorTokenHash } from './handle-login-cms';
import { soapClientFault, wsfeErrors, wsfeResponse } from './soap-responses';

const AMBIENTE: Record<ArcaEnvironment, string> = { sandbox: 'HomologacionExterno - simulador', live: 'ProduccionExterno - simulador' };
const NOT_ENABLED = { code: 11002, message: 'El punto de venta no se encuentra habilitado a usar el presente WS. Consultar metodo FEParamGetPtosVenta.' };

type Answer = { status: number; body: string };

/** The simulated WSFEv1: FEDummy, FEParamGetPtosVenta and FECompUltimoAutorizado, with WSFE's error codes. */
export async function handleWsfe(db: Db, environment: ArcaEnvironment, xml: string, now: Date): Promise<Answer> {
  let body: XmlNode;
  try {
    body = parseSoap(xml).body;
  } catch {
    return { status: 500, body: soapClientFault('Server was unable to read request.') };
  }
  const method = Object.keys(body)[0] ?? '';
  const respond = (result: string): Answer => ({ status: 200, body: wsfeResponse(method, result, AMBIENTE[environment], now) });
  if (method === 'FEDummy') return respond('<AppServer>OK</AppServer><DbServer>OK</DbServer><AuthServer>OK</AuthServer>');
  if (method !== 'FEParamGetPtosVenta' && method !== 'FECompUltimoAutorizado') return { status: 500, body: soapClientFault(`Server did not recognize the value of HTTP Header SOAPAction: ${method}.`) };
  const auth = await authenticate(db, environment, body[method] as XmlNode, now);
  if ('code' in auth) return respond(wsfeErrors([auth]));
  const points = await db
    .select()
    .from(schema.arcaSimPointsOfSale)
    .where(and(eq(schema.arcaSimPointsOfSale.environment, environment), eq(schema.arcaSimPointsOfSale.cuit, auth.cuit)));
  const webService = points.filter((p) => p.emissionType.startsWith('CAE')).sort((a, b) => a.number - b.number);
  if (method === 'FEParamGetPtosVenta') {
    if (!webService.length) return respond(wsfeErrors([{ code: 602, message: 'Sin Resultados: - Metodo FEParamGetPtosVenta' }]));
    const items = webService.map((p) => `<PtoVenta><Nro>${p.number}</Nro><EmisionTipo>${p.emissionType}</EmisionTipo><Bloqueado>${p.blocked ? 'S' : 'N'}</Bloqueado><FchBaja>${p.closedOn ?? 'NULL'}</FchBaja></PtoVenta>`);
    return respond(`<ResultGet>${items.join('')}</ResultGet>`);
  }
  const request = body[method] as XmlNode;
  const number = Number(text(pick(request, 'PtoVta')));
  const type = Number(text(pick(request, 'CbteTipo')));
  const point = webService.find((p) => p.number === number);
  if (!point || point.blocked || point.closedOn) return respond(wsfeErrors([NOT_ENABLED]));
  return respond(`<PtoVta>${number}</PtoVta><CbteTipo>${Number.isInteger(type) ? type : 0}</CbteTipo><CbteNro>${point.lastVoucher}</CbteNro>`);
}

async function authenticate(db: Db, environment: ArcaEnvironment, request: XmlNode, now: Date): Promise<{ cuit: string } | { code: number; message: string }> {
  const token = text(pick(request, 'Auth', 'Token')) ?? '';
  const sign = text(pick(request, 'Auth', 'Sign')) ?? '';
  const cuit = text(pick(request, 'Auth', 'Cuit')) ?? '';
  const t = schema.arcaSimTickets;
  const [ticket] = await db
    .select()
    .from(t)
    .where(and(eq(t.environment, environment), eq(t.tokenHash, simulatorTokenHash(token, sign)), eq(t.service, 'wsfe'), gt(t.expiresAt, now)))
    .limit(1);
  if (!ticket) return { code: 600, message: 'ValidacionDeToken: No validaron las fechas del token GenTime, ExpTime, NowUTC o la firma.' };
  if (ticket.cuit !== cuit) return { code: 601, message: `CUIT representada no incluida en Token: ${cuit}` };
  return { cuit };
}
