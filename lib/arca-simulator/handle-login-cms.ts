import 'server-only';
import { createHash, randomBytes, X509Certificate } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { schema, type Db } from '@/lib/db';
import {
  type ArcaEnvironment,
  argentinaTime,
  cuitFromSubject,
  findChain,
  nameField,
  parseSoap,
  pick,
  text,
  TICKET_LIFETIME_MS,
  verifyCms,
  WSAA_FAULTS,
  type WsaaFaultName,
} from '@/lib/arca';
import { SIMULATED_SERVICES } from './authorize-service';
import { getSimulatorCas } from './simulator-cas';
import { loginCmsSuccess, wsaaFault } from './soap-responses';

const HOSTS: Record<ArcaEnvironment, string> = {
  sandbox: 'wsaaext0.homo.simulador',
  live: 'wsaaext0.simulador',
};
const traParser = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: true });

export const simulatorTokenHash = (token: string, sign: string) =>
  createHash('sha256').update(`${token}\n${sign}`).digest('hex');

class Fault extends Error {
  constructor(readonly fault: WsaaFaultName) {
    super(fault);
  }
}

/** The simulated WSAA LoginCms: the real SOAP in, a TA or one of WSAA's faults out. */
export async function handleLoginCms(
  db: Db,
  environment: ArcaEnvironment,
  xml: string,
  now: Date,
): Promise<{ status: number; body: string }> {
  try {
    const body = await login(db, environment, xml, now);
    return { status: 200, body };
  } catch (error) {
    if (!(error instanceof Fault)) throw error;
    return {
      status: 500,
      body: wsaaFault(error.fault, WSAA_FAULTS[error.fault].faultstring, HOSTS[environment]),
    };
  }
}

async function login(
  db: Db,
  environment: ArcaEnvironment,
  xml: string,
  now: Date,
): Promise<string> {
  let in0: string | undefined;
  try {
    in0 = text(pick(parseSoap(xml).body, 'loginCms', 'in0'));
  } catch {
    throw new Fault('xml.bad');
  }
  if (!in0) throw new Fault('xml.bad');
  const compact = in0.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(compact)) throw new Fault('cms.bad.base64');
  const cms = await verifyCms(Buffer.from(compact, 'base64'));
  if (!cms.ok) throw new Fault(cms.fault);
  await checkCertificate(db, environment, cms.certificate, now);
  const tra = readTra(cms.content, now);
  const cuit = cuitFromSubject(cms.certificate.subject);
  const alias = nameField(cms.certificate.subject, 'CN');
  if (!cuit || !alias) throw new Fault('coe.notAuthorized');
  const holder = { environment, cuit, alias, service: tra.service };
  if (!(await isAuthorized(db, holder))) throw new Fault('coe.notAuthorized');
  if (await hasLiveTicket(db, holder, now)) throw new Fault('coe.alreadyAuthenticated');
  return issueTicket(db, holder, tra.uniqueId, now);
}

async function checkCertificate(
  db: Db,
  environment: ArcaEnvironment,
  certificate: X509Certificate,
  now: Date,
) {
  const cas = await getSimulatorCas(db);
  if (
    findChain(certificate, [new X509Certificate(cas[environment].certificatePem)]).status !==
    'trusted'
  )
    throw new Fault('cms.cert.untrusted');
  if (now.getTime() > Date.parse(certificate.validTo)) throw new Fault('cms.cert.expired');
  if (now.getTime() < Date.parse(certificate.validFrom)) throw new Fault('cms.cert.invalid');
}

function readTra(content: string, now: Date): { service: string; uniqueId: string } {
  let header: unknown;
  let service: string | undefined;
  try {
    const doc = traParser.parse(content) as Record<string, unknown>;
    header = pick(doc as never, 'loginTicketRequest', 'header');
    service = text(pick(doc as never, 'loginTicketRequest', 'service'));
  } catch {
    throw new Fault('xml.bad');
  }
  const uniqueId = text(pick(header as never, 'uniqueId'));
  const generation = Date.parse(text(pick(header as never, 'generationTime')) ?? '');
  const expiration = Date.parse(text(pick(header as never, 'expirationTime')) ?? '');
  if (
    !uniqueId ||
    !/^\d{1,10}$/.test(uniqueId) ||
    !service ||
    Number.isNaN(generation) ||
    Number.isNaN(expiration)
  )
    throw new Fault('xml.bad');
  // WSAA: generated in the past (a little skew allowed) and not more than 24 h ago.
  if (generation > now.getTime() + 60_000 || generation < now.getTime() - 24 * 3_600_000)
    throw new Fault('xml.generationTime.invalid');
  if (expiration < now.getTime()) throw new Fault('xml.expirationTime.expired');
  if (expiration <= generation || expiration - generation > 24 * 3_600_000)
    throw new Fault('xml.expirationTime.invalid');
  if (!(SIMULATED_SERVICES as readonly string[]).includes(service)) throw new Fault('wsn.notFound');
  return { service, uniqueId };
}

type Holder = { environment: ArcaEnvironment; cuit: string; alias: string; service: string };

async function isAuthorized(db: Db, h: Holder): Promise<boolean> {
  const t = schema.arcaSimAuthorizations;
  const rows = await db
    .select({ service: t.service })
    .from(t)
    .where(
      and(
        eq(t.environment, h.environment),
        eq(t.cuit, h.cuit),
        eq(t.alias, h.alias),
        eq(t.service, h.service),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

async function hasLiveTicket(db: Db, h: Holder, now: Date): Promise<boolean> {
  const t = schema.arcaSimTickets;
  const rows = await db
    .select({ id: t.id })
    .from(t)
    .where(
      and(
        eq(t.environment, h.environment),
        eq(t.cuit, h.cuit),
        eq(t.alias, h.alias),
        eq(t.service, h.service),
        gt(t.expiresAt, now),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

async function issueTicket(db: Db, h: Holder, uniqueId: string, now: Date): Promise<string> {
  const expires = new Date(now.getTime() + TICKET_LIFETIME_MS);
  const source = `CN=wsaa${h.environment === 'sandbox' ? 'homo' : ''}, O=ARCA simulador, C=AR, SERIALNUMBER=CUIT 33693450239`;
  const destination = `SERIALNUMBER=CUIT ${h.cuit}, CN=${h.alias}`;
  const sso =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sso version="2.0"><id src="${source}" dst="CN=${h.service}, O=AFIP, C=AR" unique_id="${randomBytes(4).readUInt32BE()}" gen_time="${Math.floor(now.getTime() / 1000)}" exp_time="${Math.floor(expires.getTime() / 1000)}"/>` +
    `<operation type="login" value="granted"><login entity="33693450239" service="${h.service}" uid="${destination}" authmethod="cms" regmethod="22"><relations><relation key="${h.cuit}" reltype="4"/></relations></login></operation></sso>`;
  const token = Buffer.from(sso).toString('base64');
  const sign = randomBytes(128).toString('base64');
  await db
    .insert(schema.arcaSimTickets)
    .values({ ...h, tokenHash: simulatorTokenHash(token, sign), expiresAt: expires });
  const ta =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<loginTicketResponse version="1.0">\n<header>\n<source>${source}</source>\n<destination>${destination}</destination>\n` +
    `<uniqueId>${uniqueId}</uniqueId>\n<generationTime>${argentinaTime(now, true)}</generationTime>\n<expirationTime>${argentinaTime(expires, true)}</expirationTime>\n</header>\n` +
    `<credentials>\n<token>${token}</token>\n<sign>${sign}</sign>\n</credentials>\n</loginTicketResponse>\n`;
  return loginCmsSuccess(
    ta,
    `https://wsaa${h.environment === 'sandbox' ? 'homo' : ''}.afip.gov.ar/ws/services/LoginCms`,
  );
}
