import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createCsr,
  explainOutcome,
  generateKeyPair,
  isKnownCode,
  loginCms,
  loginCmsEnvelope,
  mapWsaaFault,
  parseLoginCmsResponse,
  signCms,
  WSAA_FAULTS,
  type WsaaFaultName,
} from '@/lib/arca';
import {
  authorizeService,
  handleLoginCms,
  issueCertificate,
  wsaaFault,
} from '@/lib/arca-simulator';
import { pkijs } from '@/lib/arca/x509';
import { describeEachDatabase } from './support/databases';
import { startSimulator, type RunningSimulator } from '../fixtures/arca/simulator-server';

const tra = (service: string, generation: Date, expiration: Date) =>
  `<?xml version="1.0" encoding="UTF-8"?><loginTicketRequest version="1.0"><header><uniqueId>${Math.floor(Date.now() / 1000)}</uniqueId><generationTime>${generation.toISOString()}</generationTime><expirationTime>${expiration.toISOString()}</expirationTime></header><service>${service}</service></loginTicketRequest>`;

describeEachDatabase('ARCA WSAA faults, produced by the simulator and explained', (get) => {
  let sim: RunningSimulator;
  let cert: string;
  let key: string;
  let alias: string;
  const produced = new Set<string>();
  const cuit = '20329642330';

  beforeAll(async () => {
    sim = await startSimulator(get().db);
    key = (await generateKeyPair()).privateKeyPem;
    alias = `fallas${Math.floor(Math.random() * 1e9)}`;
    const issued = await issueCertificate(get().db, {
      environment: 'sandbox',
      csrPem: await createCsr({ companyName: 'F', alias, cuit, privateKeyPem: key }),
    });
    if (!issued.ok) throw new Error(issued.error);
    cert = issued.certificatePem;
  });
  afterAll(() => sim.close());

  async function fault(
    environment: 'sandbox' | 'live',
    in0: string | undefined,
    now = new Date(),
  ): Promise<WsaaFaultName> {
    const envelope =
      in0 === undefined
        ? loginCmsEnvelope('').replace('<wsaa:in0></wsaa:in0>', '')
        : loginCmsEnvelope(in0);
    const answer = await handleLoginCms(get().db, environment, envelope, now);
    expect(answer.status).toBe(500);
    const parsed = parseLoginCmsResponse(answer.body);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) throw new Error('granted');
    produced.add(parsed.fault!.code);
    expect(parsed.outcome.code).toBe(mapWsaaFault(parsed.fault!.code).code);
    return parsed.fault!.code as WsaaFaultName;
  }
  const signed = async (content: string) => (await signCms(content, cert, key)).toString('base64');
  const now = () => new Date();

  it('produces every fault of the catalogue the simulator can meet, in the recorded shape', async () => {
    const hour = 3_600_000;
    expect(
      await fault(
        'sandbox',
        await signed(tra('wsfe', new Date(Date.now() - 60_000), new Date(Date.now() + hour))),
      ),
    ).toBe('coe.notAuthorized');
    expect(
      await fault(
        'live',
        await signed(tra('wsfe', new Date(Date.now() - 60_000), new Date(Date.now() + hour))),
      ),
    ).toBe('cms.cert.untrusted');
    expect(
      await fault(
        'sandbox',
        await signed(tra('wsfe', now(), now())),
        new Date(Date.now() + 3 * 365 * 24 * hour),
      ),
    ).toBe('cms.cert.expired');
    expect(
      await fault(
        'sandbox',
        await signed(tra('wsfe', now(), now())),
        new Date(Date.now() - 24 * hour),
      ),
    ).toBe('cms.cert.invalid');
    expect(
      await fault(
        'sandbox',
        await signed(tra('wsfe', new Date(Date.now() - 30 * hour), new Date(Date.now() + hour))),
      ),
    ).toBe('xml.generationTime.invalid');
    expect(
      await fault(
        'sandbox',
        await signed(tra('wsfe', new Date(Date.now() + 2 * hour), new Date(Date.now() + 3 * hour))),
      ),
    ).toBe('xml.generationTime.invalid');
    expect(
      await fault(
        'sandbox',
        await signed(tra('wsfe', new Date(Date.now() - 2 * hour), new Date(Date.now() - hour))),
      ),
    ).toBe('xml.expirationTime.expired');
    expect(
      await fault(
        'sandbox',
        await signed(tra('wsfe', new Date(Date.now() - hour), new Date(Date.now() + 30 * hour))),
      ),
    ).toBe('xml.expirationTime.invalid');
    expect(
      await fault(
        'sandbox',
        await signed(tra('wsnada', new Date(Date.now() - 60_000), new Date(Date.now() + hour))),
      ),
    ).toBe('wsn.notFound');
    expect(await fault('sandbox', await signed('<no-es-un-tra'))).toBe('xml.bad');
    expect(await fault('sandbox', undefined)).toBe('xml.bad');
    expect(await fault('sandbox', '***')).toBe('cms.bad.base64');
    expect(await fault('sandbox', Buffer.from('no es un CMS').toString('base64'))).toBe('cms.bad');

    const der = await signCms(tra('wsfe', now(), now()), cert, key);
    const tampered = Buffer.from(der);
    const at = tampered.indexOf('<service>') + 9;
    tampered[at] = tampered[at]! ^ 1;
    expect(await fault('sandbox', tampered.toString('base64'))).toBe('cms.sign.invalid');
    const info = pkijs.ContentInfo.fromBER(new Uint8Array(der));
    const withoutCert = new pkijs.SignedData({ schema: info.content });
    withoutCert.certificates = undefined;
    const stripped = new pkijs.ContentInfo({
      contentType: info.contentType,
      content: withoutCert.toSchema(true),
    });
    expect(
      await fault('sandbox', Buffer.from(stripped.toSchema().toBER(false)).toString('base64')),
    ).toBe('cms.cert.notFound');

    await authorizeService(get().db, { environment: 'sandbox', cuit, alias, service: 'wsfe' });
    const granted = await loginCms({
      url: sim.urls.sandbox.wsaa,
      certificatePem: cert,
      privateKeyPem: key,
    });
    expect(granted.ok).toBe(true);
    const again = await loginCms({
      url: sim.urls.sandbox.wsaa,
      certificatePem: cert,
      privateKeyPem: key,
    });
    expect(again).toMatchObject({
      ok: false,
      outcome: { code: 'wsaa_already_authenticated' },
      fault: { code: 'coe.alreadyAuthenticated' },
    });
    produced.add('coe.alreadyAuthenticated');
    // ARCA's own outage is the one fault the simulator does not stage: read it in ARCA's shape.
    const outage = parseLoginCmsResponse(
      wsaaFault('wsn.unavailable', WSAA_FAULTS['wsn.unavailable'].faultstring, 'wsaa'),
    );
    if (!outage.ok) produced.add(outage.fault!.code);
    expect([...Object.keys(WSAA_FAULTS)].filter((name) => !produced.has(name))).toEqual([]);
  });

  it('explains each fault in Spanish and English, and an unknown one by its name', () => {
    for (const name of Object.keys(WSAA_FAULTS)) {
      const { code } = mapWsaaFault(name);
      expect(isKnownCode(code)).toBe(true);
      expect(explainOutcome({ code }, 'es')).not.toBe(explainOutcome({ code }, 'en'));
    }
    const unknown = parseLoginCmsResponse(wsaaFault('cee.inventado', 'algo nuevo', 'wsaa'));
    expect(unknown).toMatchObject({
      ok: false,
      outcome: { code: 'wsaa_unknown_fault', params: { fault: 'cee.inventado' } },
    });
  });

  it('turns network failures into codes: unreachable and timeout', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    expect(
      await loginCms({
        url: `http://127.0.0.1:${port}/wsaa`,
        certificatePem: cert,
        privateKeyPem: key,
      }),
    ).toMatchObject({ ok: false, outcome: { code: 'wsaa_unreachable' } });
    const silent = createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/wsaa`;
    expect(
      await loginCms({ url, certificatePem: cert, privateKeyPem: key, timeoutMs: 200 }),
    ).toMatchObject({ ok: false, outcome: { code: 'wsaa_timeout' } });
    silent.closeAllConnections();
    await new Promise((r) => silent.close(r));
  });

  it('refuses an answer over the SOAP size bound as a bad response', async () => {
    const huge = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/xml' });
      res.end('x'.repeat(1024 * 1024 + 1));
    });
    await new Promise<void>((r) => huge.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(huge.address() as AddressInfo).port}/wsaa`;
    expect(await loginCms({ url, certificatePem: cert, privateKeyPem: key })).toMatchObject({
      ok: false,
      outcome: { code: 'wsaa_bad_response' },
    });
    huge.closeAllConnections();
    await new Promise((r) => huge.close(r));
  });
});
