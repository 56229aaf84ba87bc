import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@/lib/db';
import {
  arcaTrustStore,
  checkCertificate,
  createCsr,
  explainOutcome,
  feDummy,
  generateKeyPair,
  getAccessTicket,
  getLastAuthorized,
  getPointsOfSale,
  getTrustStore,
  loginCms,
  readCertificate,
} from '@/lib/arca';
import { addPointOfSale, getSimulatorCas, trustSimulatorCas } from '@/lib/arca-simulator';
import { describeEachDatabase } from './support/databases';
import {
  startSimulator,
  submitForm,
  textareaContent,
  type RunningSimulator,
} from '../fixtures/arca/simulator-server';
import { newCuit } from '../support/new-cuit';

describeEachDatabase('ARCA simulator: the full registration loop', (get) => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startSimulator(get().db);
  });
  afterAll(() => sim.close());

  it('trusts the simulated CAs only while registered (server.ts registers them while ARCA_SIMULATOR=on)', async () => {
    const db = get().db;
    const simulated = new X509Certificate((await getSimulatorCas(db)).sandbox.certificatePem)
      .fingerprint256;
    const times = async (options: Parameters<typeof getTrustStore>[0]) =>
      (await getTrustStore(options)).sandbox.filter((c) => c.fingerprint256 === simulated).length;
    expect(await times({ db })).toBe(1);
    const untrust = trustSimulatorCas();
    expect(await times({ db })).toBe(2);
    untrust();
    untrust();
    expect(await times({ db })).toBe(1);
    expect(await times({})).toBe(0);
    expect((await getTrustStore({ db })).live.map((c) => c.fingerprint256)).not.toContain(
      simulated,
    );
  });

  it('CSR → WSASS certificate → checks → LoginCms (cached) → points of sale → last voucher', async () => {
    const db = get().db;
    const cuit = newCuit('20');
    const alias = `prueba${cuit.slice(-6)}`;
    const { privateKeyPem } = await generateKeyPair();
    const csr = await createCsr({
      companyName: 'Ferretería Güemes SRL',
      alias,
      cuit,
      privateKeyPem,
    });

    const issued = await submitForm(`${sim.base}/sandbox/wsass/certificados`, { alias, csr });
    expect(issued.status).toBe(303);
    const page = await (await fetch(new URL(issued.location, sim.base))).text();
    const certificatePem = textareaContent(page, 'pem');
    const read = readCertificate(certificatePem);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.certificate.subject).toBe(`CN=${alias}\nserialNumber=CUIT ${cuit}`);

    // startSimulator registered the simulated CAs, as server.ts does while ARCA_SIMULATOR=on.
    const trust = await getTrustStore({ db });
    const verdict = checkCertificate(read.certificate, {
      environment: 'sandbox',
      cuit,
      key: privateKeyPem,
      trust,
    });
    expect(verdict.checks.filter((c) => !c.ok)).toEqual([]);
    expect(
      checkCertificate(read.certificate, { environment: 'sandbox', trust: arcaTrustStore() }).ok,
    ).toBe(false);
    expect(checkCertificate(read.certificate, { environment: 'live', trust }).checks[0]!.code).toBe(
      'chain_other_environment',
    );

    const ticketOptions = {
      db,
      environment: 'sandbox' as const,
      url: sim.urls.sandbox.wsaa,
      certificatePem,
      privateKeyPem,
      now: () => sim.clock.now,
    };
    const refused = await getAccessTicket(ticketOptions);
    expect(refused).toMatchObject({ ok: false, outcome: { code: 'wsaa_not_authorized' } });
    expect(explainOutcome((refused as { outcome: { code: string } }).outcome, 'es')).toContain(
      'Crear autorización a servicio',
    );

    expect(
      await submitForm(`${sim.base}/sandbox/wsass/autorizaciones`, {
        cuit,
        alias,
        service: 'wsfe',
      }),
    ).toMatchObject({ status: 303, location: expect.stringContaining('ok=authorized') });
    const first = await getAccessTicket(ticketOptions);
    expect(first).toMatchObject({ ok: true, from: 'wsaa' });
    if (!first.ok) return;
    expect(Date.parse(first.ticket.expirationTime) - Date.parse(first.ticket.generationTime)).toBe(
      12 * 3_600_000,
    );
    expect(await getAccessTicket(ticketOptions)).toMatchObject({
      ok: true,
      from: 'cache',
      ticket: { token: first.ticket.token },
    });

    const wsfe = { url: sim.urls.sandbox.wsfe };
    const auth = { token: first.ticket.token, sign: first.ticket.sign, cuit };
    expect(await feDummy(wsfe)).toMatchObject({ ok: true, value: { ok: true, appServer: 'OK' } });
    expect(await getPointsOfSale(wsfe, auth)).toEqual({ ok: true, value: [], events: [] });

    await submitForm(`${sim.base}/sandbox/wsass/puntos-de-venta`, {
      cuit,
      number: '1',
      emission_type: 'CAE - Ri Iva',
    });
    await addPointOfSale(db, { environment: 'sandbox', cuit, number: 2, blocked: true });
    await addPointOfSale(db, { environment: 'sandbox', cuit, number: 3, closedOn: '2024-03-31' });
    await addPointOfSale(db, {
      environment: 'sandbox',
      cuit,
      number: 4,
      emissionType: 'CAEA - Ri Iva',
    });
    await addPointOfSale(db, {
      environment: 'sandbox',
      cuit,
      number: 5,
      emissionType: 'Factura en Linea',
    });
    const points = await getPointsOfSale(wsfe, auth);
    expect(
      points.ok && points.value.map((p) => [p.number, p.kind, p.blocked, p.closedOn, p.usable]),
    ).toEqual([
      [1, 'CAE', false, null, true],
      [2, 'CAE', true, null, false],
      [3, 'CAE', false, '2024-03-31', false],
      [4, 'CAEA', false, null, false],
    ]);
    expect(await getLastAuthorized(wsfe, auth, 1, 11)).toMatchObject({
      ok: true,
      value: { pointOfSale: 1, voucherType: 11, number: 0 },
    });
    expect(await getLastAuthorized(wsfe, auth, 5, 11)).toMatchObject({
      ok: false,
      outcome: { code: 'wsfe_point_of_sale_not_enabled' },
    });
    expect(await getPointsOfSale(wsfe, { ...auth, sign: 'x' })).toMatchObject({
      ok: false,
      outcome: { code: 'wsfe_token_invalid' },
    });
    expect(await getPointsOfSale(wsfe, { ...auth, cuit: newCuit('20') })).toMatchObject({
      ok: false,
      outcome: { code: 'wsfe_cuit_not_represented' },
    });
  });

  it('live: upload the CSR file, download the certificate, create the relation, log in', async () => {
    const db = get().db;
    const cuit = newCuit('20');
    const alias = `vivo${cuit.slice(-6)}`;
    const { privateKeyPem } = await generateKeyPair();
    const csr = await createCsr({ companyName: 'Vivo SA', alias, cuit, privateKeyPem });
    const issued = await submitForm(`${sim.base}/live/certificados`, {
      alias,
      csr_file: new File([csr], 'pedido.csr'),
    });
    expect(issued.status).toBe(303);
    // Back to the contribuyente's alias list, where «Ver» opens the certificate, as in ARCA.
    const list = await (await fetch(new URL(issued.location!, sim.base))).text();
    expect(list).toContain('Alias agregado.');
    const view = new RegExp(`<td>${alias}</td><td>[0-9-]+</td><td><a href="([^"]+)">Ver</a>`).exec(
      list,
    )?.[1];
    expect(view).toBeDefined();
    const download = await fetch(new URL(`${view}/descargar`, sim.base));
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${alias}.crt"`);
    const certificatePem = await download.text();
    await submitForm(`${sim.base}/live/relaciones`, { cuit, alias, service: 'wsfe' });
    await submitForm(`${sim.base}/live/puntos-de-venta`, {
      cuit,
      number: '7',
      emission_type: 'CAE - Monotributo',
    });
    const ticket = await getAccessTicket({
      db,
      environment: 'live',
      url: sim.urls.live.wsaa,
      certificatePem,
      privateKeyPem,
      now: () => sim.clock.now,
    });
    expect(ticket.ok).toBe(true);
    if (!ticket.ok) return;
    const points = await getPointsOfSale(
      { url: sim.urls.live.wsfe },
      { token: ticket.ticket.token, sign: ticket.ticket.sign, cuit },
    );
    expect(points).toMatchObject({
      ok: true,
      value: [{ number: 7, emissionType: 'CAE - Monotributo', usable: true }],
    });
    // The same certificate at the sandbox WSAA: the other environment's CA, refused like ARCA does.
    const wrong = await getAccessTicket({
      db,
      environment: 'sandbox',
      url: sim.urls.sandbox.wsaa,
      certificatePem,
      privateKeyPem,
    });
    expect(wrong).toMatchObject({ ok: false, outcome: { code: 'wsaa_cert_untrusted' } });
  });

  it('shares one login between concurrent callers and across restarts (the cache lives in the database)', async () => {
    const db = get().db;
    const cuit = newCuit('20');
    const alias = `cache${cuit.slice(-6)}`;
    const { privateKeyPem } = await generateKeyPair();
    const csr = await createCsr({ companyName: 'Cache SA', alias, cuit, privateKeyPem });
    const issued = await submitForm(`${sim.base}/sandbox/wsass/certificados`, { alias, csr });
    const certificatePem = textareaContent(
      await (await fetch(new URL(issued.location, sim.base))).text(),
      'pem',
    );
    await submitForm(`${sim.base}/sandbox/wsass/autorizaciones`, { cuit, alias, service: 'wsfe' });
    const options = {
      db,
      environment: 'sandbox' as const,
      url: sim.urls.sandbox.wsaa,
      certificatePem,
      privateKeyPem,
    };
    const results = await Promise.all(Array.from({ length: 5 }, () => getAccessTicket(options)));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(new Set(results.map((r) => r.ok && r.ticket.token)).size).toBe(1);
    // Four minutes before expiry the cached ticket is still good: it is used until it really expires.
    sim.clock.now = new Date(Date.now() + 12 * 3_600_000 - 4 * 60_000);
    const late = await getAccessTicket({ ...options, now: () => sim.clock.now });
    sim.clock.follow();
    expect(late).toMatchObject({
      ok: true,
      from: 'cache',
      ticket: { token: results[0]!.ok && results[0]!.ticket.token },
    });
  });

  it('keeps a ticket per DN: a re-issued certificate with the same alias reuses it, another alias gets its own', async () => {
    const db = get().db;
    const cuit = newCuit('20');
    const alias = `dn${cuit.slice(-6)}`;
    const certify = async (name: string) => {
      const { privateKeyPem } = await generateKeyPair();
      const csr = await createCsr({
        companyName: 'Reemisión SA',
        alias: name,
        cuit,
        privateKeyPem,
      });
      const issued = await submitForm(`${sim.base}/sandbox/wsass/certificados`, {
        alias: name,
        csr,
      });
      const certificatePem = textareaContent(
        await (await fetch(new URL(issued.location, sim.base))).text(),
        'pem',
      );
      await submitForm(`${sim.base}/sandbox/wsass/autorizaciones`, {
        cuit,
        alias: name,
        service: 'wsfe',
      });
      return {
        db,
        environment: 'sandbox' as const,
        url: sim.urls.sandbox.wsaa,
        certificatePem,
        privateKeyPem,
        now: () => sim.clock.now,
      };
    };
    sim.clock.now = new Date();
    const first = await certify(alias);
    const granted = await getAccessTicket(first);
    expect(granted).toMatchObject({ ok: true, from: 'wsaa' });
    if (!granted.ok) return;

    // The supplier lost the key and created a new certificate for the same alias: ARCA still holds the
    // first ticket for that DN (it would answer coe.alreadyAuthenticated), and the cache hands it over.
    const reissued = await certify(alias);
    expect(reissued.certificatePem).not.toBe(first.certificatePem);
    expect(await getAccessTicket(reissued)).toMatchObject({
      ok: true,
      from: 'cache',
      ticket: { token: granted.ticket.token },
    });

    const other = await getAccessTicket(await certify(`${alias}b`));
    expect(other).toMatchObject({ ok: true, from: 'wsaa' });
    expect(other.ok && other.ticket.token).not.toBe(granted.ticket.token);

    // Within the last seconds the ticket is no longer handed out, and ARCA still refuses a new one:
    // the answer says when access will be possible again, when that ticket expires.
    const expires = Date.parse(granted.ticket.expirationTime);
    sim.clock.now = new Date(expires - 10_000);
    const refused = await getAccessTicket(reissued);
    expect(refused).toMatchObject({
      ok: false,
      outcome: {
        code: 'wsaa_already_authenticated',
        params: { until: new Date(expires).toISOString() },
      },
    });
    if (!refused.ok)
      expect(explainOutcome(refused.outcome, 'es')).toMatch(
        /Probá de nuevo a partir del \d+ de \w+ de \d{4}/,
      );

    // Once it really expired, a new login is granted to the re-issued certificate.
    sim.clock.now = new Date(expires + 1_000);
    const renewed = await getAccessTicket(reissued);
    sim.clock.follow();
    expect(renewed).toMatchObject({ ok: true, from: 'wsaa' });
    expect(renewed.ok && renewed.ticket.token).not.toBe(granted.ticket.token);
  });

  it('when another system holds the ticket, says access returns within 12 h at the latest and never "granted"', async () => {
    const db = get().db;
    const cuit = newCuit('20');
    const alias = `otro${cuit.slice(-6)}`;
    const { privateKeyPem } = await generateKeyPair();
    const csr = await createCsr({ companyName: 'Otro Sistema SA', alias, cuit, privateKeyPem });
    const issued = await submitForm(`${sim.base}/sandbox/wsass/certificados`, { alias, csr });
    const certificatePem = textareaContent(
      await (await fetch(new URL(issued.location, sim.base))).text(),
      'pem',
    );
    await submitForm(`${sim.base}/sandbox/wsass/autorizaciones`, { cuit, alias, service: 'wsfe' });
    sim.clock.now = new Date();
    // Another program logs in with the same certificate: ARCA's ticket never reaches our cache.
    expect(
      await loginCms({
        url: sim.urls.sandbox.wsaa,
        certificatePem,
        privateKeyPem,
        now: sim.clock.now,
      }),
    ).toMatchObject({ ok: true });
    const refused = await getAccessTicket({
      db,
      environment: 'sandbox',
      url: sim.urls.sandbox.wsaa,
      certificatePem,
      privateKeyPem,
      now: () => sim.clock.now,
    });
    expect(refused).toMatchObject({
      ok: false,
      outcome: {
        code: 'wsaa_already_authenticated',
        params: { until: new Date(sim.clock.now.getTime() + 12 * 3_600_000).toISOString() },
      },
    });
    if (refused.ok) return;
    const es = explainOutcome(refused.outcome, 'es');
    expect(es).not.toContain('usamos ese acceso');
    expect(es).toContain('12 horas');
    expect(explainOutcome(refused.outcome, 'en')).toMatch(/Try again from .*2\d{3}/);
  });

  it("measures the server clock against ARCA's and applies it: a small difference is granted at once and from the cache, never a ticket ARCA has expired", async () => {
    const db = get().db;
    const certified = async (alias: string) => {
      const cuit = newCuit('20');
      const { privateKeyPem } = await generateKeyPair();
      const csr = await createCsr({ companyName: 'Reloj SA', alias, cuit, privateKeyPem });
      const issued = await submitForm(`${sim.base}/sandbox/wsass/certificados`, { alias, csr });
      const certificatePem = textareaContent(
        await (await fetch(new URL(issued.location, sim.base))).text(),
        'pem',
      );
      await submitForm(`${sim.base}/sandbox/wsass/autorizaciones`, {
        cuit,
        alias,
        service: 'wsfe',
      });
      return {
        db,
        environment: 'sandbox' as const,
        url: sim.urls.sandbox.wsaa,
        certificatePem,
        privateKeyPem,
        cuit,
      };
    };
    const storedOffset = async (cuit: string) =>
      (await db.select().from(schema.arcaTickets).where(eq(schema.arcaTickets.cuit, cuit)))[0]
        ?.clockOffsetMs;

    // 31 s ahead: the login works, so the first "Validar" is granted, and so is the second (from the cache).
    sim.clock.now = new Date();
    const ahead = await certified(`adelanto${Date.now() % 1_000_000}`);
    const aheadClock = () => new Date(sim.clock.now.getTime() + 31_000);
    expect(await getAccessTicket({ ...ahead, now: aheadClock })).toMatchObject({
      ok: true,
      from: 'wsaa',
    });
    expect(await getAccessTicket({ ...ahead, now: aheadClock })).toMatchObject({
      ok: true,
      from: 'cache',
    });
    expect(await storedOffset(ahead.cuit)).toBeGreaterThanOrEqual(30_000);

    // 5 minutes behind: two minutes before expiry by our clock is three minutes after it by ARCA's (WSFE error 600).
    const behind = await certified(`atraso${Date.now() % 1_000_000}`);
    const behindClock = () => new Date(sim.clock.now.getTime() - 5 * 60_000);
    const first = await getAccessTicket({ ...behind, now: behindClock });
    expect(first).toMatchObject({ ok: true, from: 'wsaa' });
    if (!first.ok) return;
    expect(await storedOffset(behind.cuit)).toBeLessThanOrEqual(-299_000);
    sim.clock.now = new Date(Date.parse(first.ticket.expirationTime) + 3 * 60_000);
    const renewed = await getAccessTicket({ ...behind, now: behindClock });
    expect(renewed).toMatchObject({ ok: true, from: 'wsaa' });
    expect(renewed.ok && renewed.ticket.token).not.toBe(first.ticket.token);
    sim.clock.follow();
  });

  it('names a server clock too far from ARCA instead of granting, on every try, and hands the kept ticket over once the clock is right', async () => {
    const db = get().db;
    const cuit = newCuit('20');
    const alias = `reloj${cuit.slice(-6)}`;
    const { privateKeyPem } = await generateKeyPair();
    const csr = await createCsr({ companyName: 'Reloj SA', alias, cuit, privateKeyPem });
    const issued = await submitForm(`${sim.base}/sandbox/wsass/certificados`, { alias, csr });
    const certificatePem = textareaContent(
      await (await fetch(new URL(issued.location, sim.base))).text(),
      'pem',
    );
    await submitForm(`${sim.base}/sandbox/wsass/autorizaciones`, { cuit, alias, service: 'wsfe' });
    sim.clock.now = new Date();
    // Just past our requests' 10-minute window, yet within what WSAA lets through: ARCA issues a ticket.
    const ours = () => new Date(sim.clock.now.getTime() + 10 * 60_000 + 30_000);
    const options = {
      db,
      environment: 'sandbox' as const,
      url: sim.urls.sandbox.wsaa,
      certificatePem,
      privateKeyPem,
      now: ours,
    };
    const skewed = await getAccessTicket(options);
    expect(skewed).toMatchObject({
      ok: false,
      outcome: {
        code: 'wsaa_clock_ahead',
        params: { difference: expect.stringMatching(/^10 min (29|30) s$/) },
      },
    });
    // A second click, clock still wrong: named again, not granted from the cache.
    expect(await getAccessTicket(options)).toMatchObject({
      ok: false,
      outcome: { code: 'wsaa_clock_ahead' },
    });
    // Once the clock is right, ARCA (which refuses a second ticket) measures it again and the kept ticket is used.
    expect(await getAccessTicket({ ...options, now: () => sim.clock.now })).toMatchObject({
      ok: true,
      from: 'cache',
    });
    // So far ahead that WSAA refuses the request's generationTime: ARCA's Date header names the difference.
    const farAhead = new Date(sim.clock.now.getTime() + 15 * 60_000);
    const refused = await getAccessTicket({ ...options, service: 'wsfex', now: () => farAhead });
    expect(refused).toMatchObject({ ok: false, outcome: { code: 'wsaa_clock_ahead' } });
    if (!refused.ok) expect(refused.outcome.params!.difference).toMatch(/^1[45] min( \d+ s)?$/);
  });
});
