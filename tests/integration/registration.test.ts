import { readFileSync } from 'node:fs';
import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCsr, generateKeyPair } from '@/lib/arca';
import { addPointOfSale, authorizeService, issueCertificate } from '@/lib/arca-simulator';
import { schema, type Db } from '@/lib/db';
import {
  bringOwnCredentials,
  completeRegistration,
  createRegistrationLink,
  getRegistrationByRef,
  keepValidatedCredentials,
  listPointsOfSale,
  prepareCsr,
  validateCertificate,
  type RegistrationView,
} from '@/lib/registration';
import { createEntry } from '@/lib/silo';
import { createWorkspace } from '@/lib/workspaces';
import { startSimulator, type RunningSimulator } from '../fixtures/arca/simulator-server';
import { opensslContainers } from '../fixtures/arca/openssl-containers';
import { describeEachDatabase } from './support/databases';
import { readSharedAfip, REAL_CERTIFICATE, REAL_KEY } from '../support/shared-afip';
import { itWithSharedAfip } from '../support/shared-afip-suite';
import { storeValidatedCredentials } from './support/validated-credentials';
import { newCuit } from '../support/new-cuit';

const PAIR = [REAL_CERTIFICATE, REAL_KEY];
const expiredCert = () => readSharedAfip(REAL_CERTIFICATE);
const expiredKey = () => readSharedAfip(REAL_KEY);

async function newRegistration(
  db: Db,
  environment: 'sandbox' | 'live',
  cuit = newCuit(),
): Promise<RegistrationView> {
  const workspace = await createWorkspace(db, { name: 'registration test', environment });
  const { entry } = await createEntry(db, workspace.id, {
    body: {
      folder: 'suppliers',
      data: { name: 'Librería Ñandú SRL', tax_id: { country: 'AR', code: cuit } },
    },
  });
  const meta = await createRegistrationLink(db, workspace.id, entry.id);
  return (await getRegistrationByRef(db, meta.ref!))!;
}

const codes = (result: { problems: { code: string }[] }) => result.problems.map((p) => p.code);

describeEachDatabase('registration', (get) => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startSimulator(get().db);
  });
  afterAll(() => sim.close());

  async function refresh(registration: RegistrationView) {
    const [meta] = await get()
      .db.select()
      .from(schema.metaRecords)
      .where(eq(schema.metaRecords.entryId, registration.entryId));
    return (await getRegistrationByRef(get().db, meta!.ref!))!;
  }

  it('resolves a link only by its exact public ref', async () => {
    const registration = await newRegistration(get().db, 'sandbox');
    expect(registration.step).toBe('company');
    expect(await getRegistrationByRef(get().db, 'A'.repeat(32))).toBeUndefined();
    expect(await getRegistrationByRef(get().db, "x' or 1=1 --")).toBeUndefined();
  });

  it('keeps the same key and CSR when the same alias is submitted twice, and seals the key', async () => {
    const db = get().db;
    const registration = await newRegistration(db, 'sandbox');
    await expect(prepareCsr(db, registration, 'con espacios')).rejects.toMatchObject({
      kind: 'invalid',
      code: 'alias_characters',
      messageKey: 'wizard.certificate.alias.alias_characters',
      message: expect.stringMatching(/^The alias is not valid/),
    });
    const first = await prepareCsr(db, registration, 'libreria1');
    const second = await prepareCsr(db, await refresh(registration), 'libreria1');
    expect(second.csrPem).toBe(first.csrPem);
    const [row] = await db
      .select()
      .from(schema.registrationPendingCredentials)
      .where(eq(schema.registrationPendingCredentials.entryId, registration.entryId));
    expect(row!.keySealed).toMatch(/^s1\.1\./);
    expect(row!.keySealed).not.toContain('PRIVATE KEY');
    expect((await refresh(registration)).step).toBe('arca');
  });

  itWithSharedAfip(
    PAIR,
    'explains every way a certificate can be wrong, and saves nothing on failure',
    async () => {
      const db = get().db;
      const registration = await refresh(await newRegistration(db, 'sandbox'));
      const { csrPem } = await prepareCsr(db, registration, 'prueba1');
      const current = await refresh(registration);
      const endpoints = sim.urls.sandbox;

      expect(
        codes(await validateCertificate(db, current, 'hola, esto no es un certificado', endpoints)),
      ).toEqual(['input_garbage']);
      expect(codes(await validateCertificate(db, current, csrPem, endpoints))).toEqual([
        'input_csr',
      ]);
      expect(codes(await validateCertificate(db, current, expiredKey(), endpoints))).toEqual([
        'input_private_key',
      ]);

      const fromLive = await issueCertificate(db, { environment: 'live', csrPem });
      expect(
        codes(
          await validateCertificate(
            db,
            current,
            fromLive.ok ? fromLive.certificatePem : '',
            endpoints,
          ),
        ),
      ).toContain('chain_other_environment');

      const otherCuit = newCuit();
      const { privateKeyPem } = await generateKeyPair();
      const foreign = await issueCertificate(db, {
        environment: 'sandbox',
        csrPem: await createCsr({
          companyName: 'Otra SA',
          alias: 'otra',
          cuit: otherCuit,
          privateKeyPem,
        }),
      });
      const mismatch = await validateCertificate(
        db,
        current,
        foreign.ok ? foreign.certificatePem : '',
        endpoints,
      );
      expect(codes(mismatch)).toEqual(expect.arrayContaining(['cuit_mismatch', 'key_mismatch']));
      expect(mismatch.problems.find((p) => p.code === 'cuit_mismatch')?.params).toMatchObject({
        cuit: otherCuit,
      });

      const expired = await validateCertificate(db, current, expiredCert(), endpoints);
      expect(codes(expired)).toContain('validity_expired');

      const issued = await issueCertificate(db, { environment: 'sandbox', csrPem });
      const pem = issued.ok ? issued.certificatePem : '';
      expect(codes(await validateCertificate(db, current, pem, endpoints))).toEqual([
        'wsaa_not_authorized',
      ]);
      expect((await refresh(registration)).credentials).toBeNull();

      await authorizeService(db, {
        environment: 'sandbox',
        cuit: current.company.cuit,
        alias: 'prueba1',
      });
      const ok = await validateCertificate(
        db,
        current,
        `Copiado de WSASS:\r${pem.replace(/\n/g, '\r')}`,
        endpoints,
      );
      expect(ok).toMatchObject({ ok: true, problems: [] });
      const after = await refresh(registration);
      expect(after.step).toBe('points-of-sale');
      expect(after.credentials?.certificate).toMatchObject({
        alias: 'prueba1',
        cuit: current.company.cuit,
      });
    },
  );

  it('marks each point of sale usable or says why not, and allows none', async () => {
    const db = get().db;
    const registration = await refresh(await newRegistration(db, 'live'));
    const { csrPem } = await prepareCsr(db, registration, 'puntos1');
    const issued = await issueCertificate(db, { environment: 'live', csrPem });
    await authorizeService(db, {
      environment: 'live',
      cuit: registration.company.cuit,
      alias: 'puntos1',
    });
    expect(
      (
        await validateCertificate(
          db,
          await refresh(registration),
          issued.ok ? issued.certificatePem : '',
          sim.urls.live,
        )
      ).ok,
    ).toBe(true);
    const validated = await refresh(registration);
    expect(await listPointsOfSale(db, validated, sim.urls.live)).toEqual({ ok: true, list: [] });

    const cuit = registration.company.cuit;
    await addPointOfSale(db, {
      environment: 'live',
      cuit,
      number: 1,
      emissionType: 'CAE - Ri Iva',
    });
    await addPointOfSale(db, {
      environment: 'live',
      cuit,
      number: 2,
      emissionType: 'CAE - Ri Iva',
      blocked: true,
    });
    await addPointOfSale(db, {
      environment: 'live',
      cuit,
      number: 3,
      emissionType: 'CAEA - Ri Iva',
    });
    await addPointOfSale(db, {
      environment: 'live',
      cuit,
      number: 4,
      emissionType: 'CAE - Ri Iva',
      closedOn: '2025-01-31',
    });
    const result = await listPointsOfSale(db, validated, sim.urls.live);
    expect(result.ok && result.list.map((p) => [p.number, p.usable, p.problem])).toEqual([
      [1, true, undefined],
      [2, false, 'blocked'],
      [3, false, 'caea'],
      [4, false, 'closed'],
    ]);
  });

  itWithSharedAfip(
    PAIR,
    'brings your own certificate and key: checks the pair and the password',
    async () => {
      const db = get().db;
      const registration = await newRegistration(db, 'sandbox', '20329642330');
      const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
        type: 'pkcs8',
        format: 'pem',
      }) as string;
      expect(
        codes(
          await bringOwnCredentials(
            db,
            registration,
            { certificate: expiredCert(), key: other },
            sim.urls.sandbox,
          ),
        ),
      ).toEqual(['key_mismatch']);
      const encrypted = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
        type: 'pkcs8',
        format: 'pem',
        cipher: 'aes-256-cbc',
        passphrase: 'secreto',
      }) as string;
      expect(
        codes(
          await bringOwnCredentials(
            db,
            registration,
            { certificate: expiredCert(), key: encrypted, password: 'otra' },
            sim.urls.sandbox,
          ),
        ),
      ).toEqual(['key_password_wrong']);
      const real = await bringOwnCredentials(
        db,
        registration,
        { certificate: expiredCert(), key: expiredKey() },
        sim.urls.sandbox,
      );
      expect(codes(real)).toEqual(['validity_expired']);
      expect(real.certificate?.cuit).toBe('20329642330');
    },
  );

  itWithSharedAfip(
    PAIR,
    'brings a .p12/.pfx with certificate and key in one file, opened with its password',
    async () => {
      const db = get().db;
      const registration = await newRegistration(db, 'sandbox', '20329642330');
      const ca = readFileSync(
        'lib/arca/ca/homologacion-issuing-computadores-test-2022-2030.pem',
        'utf8',
      );
      const { p12 } = opensslContainers(
        expiredCert().toString('utf8'),
        expiredKey().toString('utf8'),
        ca,
      );
      expect(
        codes(
          await bringOwnCredentials(
            db,
            registration,
            { certificate: p12, password: 'otra' },
            sim.urls.sandbox,
          ),
        ),
      ).toEqual(['key_password_wrong']);
      const read = await bringOwnCredentials(
        db,
        registration,
        { certificate: p12, password: 'clave' },
        sim.urls.sandbox,
      );
      // Past intake and the key-pair check: what is left is the real certificate's own verdict.
      expect(codes(read)).toEqual(['validity_expired']);
      expect(read.certificate?.cuit).toBe('20329642330');
    },
  );

  it('completes once, however many times it is asked', async () => {
    const db = get().db;
    const registration = await newRegistration(db, 'sandbox');
    await storeValidatedCredentials(db, registration.ownerId, registration.entryId);
    const results = await Promise.all(
      [1, 2, 3].map(() => completeRegistration(db, registration.entryId)),
    );
    expect(results.filter((r) => r.completedNow)).toHaveLength(1);
    expect((await refresh(registration)).authorizedAt).not.toBeNull();
  });

  /** A sandbox registration whose certificate for `alias` passed every check. */
  async function validated(alias: string): Promise<RegistrationView> {
    const db = get().db;
    const registration = await newRegistration(db, 'sandbox');
    await certify(registration, alias);
    return refresh(registration);
  }

  /** Generates the CSR for `alias`, has the simulated ARCA issue and authorise it, and uploads it. */
  async function certify(registration: RegistrationView, alias: string) {
    const db = get().db;
    const { csrPem } = await prepareCsr(db, await refresh(registration), alias);
    const issued = await issueCertificate(db, { environment: 'sandbox', csrPem });
    await authorizeService(db, { environment: 'sandbox', cuit: registration.company.cuit, alias });
    const pem = issued.ok ? issued.certificatePem : '';
    return {
      pem,
      result: await validateCertificate(db, await refresh(registration), pem, sim.urls.sandbox),
    };
  }

  const storedCredentials = async (entryId: string) =>
    (
      await get()
        .db.select()
        .from(schema.registrationCredentials)
        .where(eq(schema.registrationCredentials.entryId, entryId))
    )[0];

  it('going back for a new CSR keeps the validated certificate in use, and completing still works', async () => {
    const db = get().db;
    const registration = await validated('primero1');
    const before = await storedCredentials(registration.entryId);

    await prepareCsr(db, registration, 'segundo2');
    const after = await refresh(registration);
    expect(after.step).toBe('arca');
    expect(after.pendingCsr?.alias).toBe('segundo2');
    expect(after.credentials).toMatchObject({
      alias: 'primero1',
      validatedAt: expect.any(String),
      certificate: { alias: 'primero1' },
    });
    expect(await storedCredentials(registration.entryId)).toEqual(before);
    expect((await listPointsOfSale(db, after, sim.urls.sandbox)).ok).toBe(true);

    expect(await completeRegistration(db, registration.entryId)).toEqual({ completedNow: true });
    expect((await refresh(registration)).authorizedAt).not.toBeNull();
  });

  it('replaces the validated certificate only when the new one validates, and then drops the pending CSR', async () => {
    const db = get().db;
    const registration = await validated('viejo1');
    await prepareCsr(db, registration, 'nuevo2');
    const pendingCsr = (await refresh(registration)).pendingCsr!.csrPem;
    // ARCA's certificate for the new CSR, not yet authorised for wsfe: refused, the old one stays.
    const issued = await issueCertificate(db, { environment: 'sandbox', csrPem: pendingCsr });
    const pem = issued.ok ? issued.certificatePem : '';
    expect(
      codes(await validateCertificate(db, await refresh(registration), pem, sim.urls.sandbox)),
    ).toEqual(['wsaa_not_authorized']);
    expect((await storedCredentials(registration.entryId))?.alias).toBe('viejo1');

    await authorizeService(db, {
      environment: 'sandbox',
      cuit: registration.company.cuit,
      alias: 'nuevo2',
    });
    expect(
      (await validateCertificate(db, await refresh(registration), pem, sim.urls.sandbox)).ok,
    ).toBe(true);
    const after = await refresh(registration);
    expect(after).toMatchObject({
      step: 'points-of-sale',
      pendingCsr: null,
      credentials: { alias: 'nuevo2', csrPem: pendingCsr, certificate: { alias: 'nuevo2' } },
    });
    expect((await listPointsOfSale(db, after, sim.urls.sandbox)).ok).toBe(true);
  });

  itWithSharedAfip(
    PAIR,
    'a bring-your-own pair that fails leaves the validated credentials as they were',
    async () => {
      const db = get().db;
      const registration = await validated('propio1');
      const before = await storedCredentials(registration.entryId);
      const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
        type: 'pkcs8',
        format: 'pem',
      }) as string;
      expect(
        codes(
          await bringOwnCredentials(
            db,
            registration,
            { certificate: expiredCert(), key: other },
            sim.urls.sandbox,
          ),
        ),
      ).toEqual(['key_mismatch']);
      // A real pair (key matches) that fails a later check: still nothing saved.
      expect(
        codes(
          await bringOwnCredentials(
            db,
            registration,
            { certificate: expiredCert(), key: expiredKey() },
            sim.urls.sandbox,
          ),
        ),
      ).toContain('validity_expired');
      expect(await storedCredentials(registration.entryId)).toEqual(before);
      expect((await refresh(registration)).step).toBe('points-of-sale');
      expect(await completeRegistration(db, registration.entryId)).toEqual({ completedNow: true });
    },
  );

  it('keeping the validated certificate drops the pending CSR and opens the points of sale again', async () => {
    const db = get().db;
    const registration = await validated('sigo1');
    await prepareCsr(db, registration, 'descarto2');
    expect(await keepValidatedCredentials(db, registration.entryId)).toBe(true);
    expect(await refresh(registration)).toMatchObject({
      step: 'points-of-sale',
      pendingCsr: null,
      credentials: { alias: 'sigo1' },
    });
    const fresh = await newRegistration(db, 'sandbox');
    await prepareCsr(db, fresh, 'solo1');
    expect(await keepValidatedCredentials(db, fresh.entryId)).toBe(false);
    expect((await refresh(fresh)).pendingCsr?.alias).toBe('solo1');
  });

  it('refuses to complete without a validated certificate stored: not authorised', async () => {
    const db = get().db;
    const registration = await newRegistration(db, 'sandbox');
    await expect(completeRegistration(db, registration.entryId)).rejects.toMatchObject({
      kind: 'precondition',
      code: 'no_validated_certificate',
    });
    await prepareCsr(db, registration, 'pendiente1');
    await expect(completeRegistration(db, registration.entryId)).rejects.toMatchObject({
      kind: 'precondition',
      code: 'no_validated_certificate',
    });
    expect((await refresh(registration)).authorizedAt).toBeNull();
  });

  const pendingRows = async (entryId: string) =>
    get()
      .db.select()
      .from(schema.registrationPendingCredentials)
      .where(eq(schema.registrationPendingCredentials.entryId, entryId));

  it("completing drops the pending request's sealed key", async () => {
    const db = get().db;
    const registration = await validated('final1');
    await prepareCsr(db, registration, 'sobrante2');
    expect(await pendingRows(registration.entryId)).toHaveLength(1);
    expect(await completeRegistration(db, registration.entryId)).toEqual({ completedNow: true });
    expect(await pendingRows(registration.entryId)).toHaveLength(0);
  });

  it('a new request from a tab opened before completion does not move a completed registration back', async () => {
    const db = get().db;
    const registration = await validated('hecho1');
    const staleTab = await refresh(registration);
    await completeRegistration(db, registration.entryId);
    await prepareCsr(db, staleTab, 'tarde2');
    expect(await refresh(registration)).toMatchObject({
      step: 'done',
      authorizedAt: expect.anything(),
    });
  });

  /** A WSAA URL that runs `meanwhile` (another tab) before passing the LoginCms on to the simulator. */
  async function wsaaWithMeanwhile(meanwhile: () => Promise<unknown>) {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', async () => {
        await meanwhile();
        const answer = await fetch(sim.urls.sandbox.wsaa, {
          method: 'POST',
          headers: {
            'content-type': req.headers['content-type'] ?? 'text/xml',
            soapaction: String(req.headers.soapaction ?? ''),
          },
          body: Buffer.concat(chunks),
        });
        res.writeHead(answer.status, {
          'content-type': answer.headers.get('content-type') ?? 'text/xml',
          date: answer.headers.get('date') ?? new Date().toUTCString(),
        });
        res.end(Buffer.from(await answer.arrayBuffer()));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }

  it('a brought pair replaces only the request on screen: one made in another tab during the ARCA check stays, and so does its step', async () => {
    const db = get().db;
    const registration = await newRegistration(db, 'sandbox');
    await prepareCsr(db, registration, 'pantalla1');
    const keys = await generateKeyPair();
    const csrPem = await createCsr({
      companyName: registration.company.name,
      alias: 'propio2',
      cuit: registration.company.cuit,
      privateKeyPem: keys.privateKeyPem,
    });
    const issued = await issueCertificate(db, { environment: 'sandbox', csrPem });
    await authorizeService(db, {
      environment: 'sandbox',
      cuit: registration.company.cuit,
      alias: 'propio2',
    });
    const wsaa = await wsaaWithMeanwhile(async () =>
      prepareCsr(db, await refresh(registration), 'otratab3'),
    );
    try {
      const result = await bringOwnCredentials(
        db,
        await refresh(registration),
        { certificate: issued.ok ? issued.certificatePem : '', key: keys.privateKeyPem },
        { ...sim.urls.sandbox, wsaa: wsaa.url },
      );
      expect(result.ok).toBe(true);
    } finally {
      await wsaa.close();
    }
    expect((await pendingRows(registration.entryId)).map((row) => row.alias)).toEqual(['otratab3']);
    expect(await refresh(registration)).toMatchObject({
      step: 'arca',
      pendingCsr: { alias: 'otratab3' },
      credentials: { source: 'byo', certificate: { alias: 'propio2' } },
    });
  });

  it('a brought pair that validates replaces the request that was on screen', async () => {
    const db = get().db;
    const registration = await newRegistration(db, 'sandbox');
    await prepareCsr(db, registration, 'pantalla1');
    const keys = await generateKeyPair();
    const csrPem = await createCsr({
      companyName: registration.company.name,
      alias: 'propio3',
      cuit: registration.company.cuit,
      privateKeyPem: keys.privateKeyPem,
    });
    const issued = await issueCertificate(db, { environment: 'sandbox', csrPem });
    await authorizeService(db, {
      environment: 'sandbox',
      cuit: registration.company.cuit,
      alias: 'propio3',
    });
    expect(
      (
        await bringOwnCredentials(
          db,
          await refresh(registration),
          { certificate: issued.ok ? issued.certificatePem : '', key: keys.privateKeyPem },
          sim.urls.sandbox,
        )
      ).ok,
    ).toBe(true);
    expect(await pendingRows(registration.entryId)).toHaveLength(0);
    expect((await refresh(registration)).step).toBe('points-of-sale');
  });
});
