import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { authorizeService, issueCertificate } from '@/lib/arca-simulator';
import { schema, type Db } from '@/lib/db';
import {
  findSuppliers,
  getCertificateStatus,
  getRegistrationByRef,
  prepareCsr,
  supplierForInvoicing,
  validateCertificate,
  type RegistrationView,
} from '@/lib/registration';
import { getEntry } from '@/lib/silo';
import { getJob, type Runner } from '@/lib/transform';
import { startSimulator, type RunningSimulator } from '../fixtures/arca/simulator-server';
import { describeEachDatabase } from './support/databases';
import { registerSupplier } from './support/registered-supplier';
import {
  isDone,
  isParked,
  retireJobs,
  runWorkflow,
  setupWorkspace,
  testRunner,
  waitForJobState,
} from './support/runner-fixtures';

describeEachDatabase('certificate renewal', (get) => {
  let db: Db;
  let sim: RunningSimulator;
  let runner: Runner;
  const owners: string[] = [];
  beforeAll(async () => {
    db = get().db;
    sim = await startSimulator(db);
    runner = testRunner(db);
  });
  afterAll(async () => {
    await retireJobs(db, owners);
    await runner.stop();
    await sim.close();
  });

  /** A registered supplier, then the registration workflow run again on it, parked for the renewal. */
  async function renewing() {
    const { ownerId, workflowId } = await setupWorkspace(db);
    owners.push(ownerId);
    const supplier = await registerSupplier(db, sim, ownerId);
    const before = await supplierForInvoicing(db, ownerId, supplier.cuit);
    const job = await runWorkflow(db, ownerId, workflowId, supplier.entryId);
    const parked = await waitForJobState(db, ownerId, job.id, isParked);
    const entry = (await getEntry(db, ownerId, supplier.entryId))!;
    const link = entry.meta.find((m) => m.src === 'gov-ar' && m.key === 'link')!;
    const registration = async () => (await getRegistrationByRef(db, link.ref!))!;
    return { supplier, ownerId, job, parked, link, registration, before: before! };
  }

  /** ARCA's certificate for a new CSR made in the wizard; `authorize`: wsfe authorised for its alias. */
  async function newCertificate(registration: RegistrationView, alias: string, authorize = true) {
    const { csrPem } = await prepareCsr(db, registration, alias);
    const issued = await issueCertificate(db, { environment: registration.environment, csrPem });
    if (!issued.ok) throw new Error(issued.error);
    if (authorize)
      await authorizeService(db, {
        environment: registration.environment,
        cuit: registration.company.cuit,
        alias,
      });
    return issued.certificatePem;
  }

  const consoleRow = async (ownerId: string, entryId: string) =>
    (await findSuppliers(db, ownerId, { page: 1, pageSize: 100 })).list.find(
      (row) => row.entry.id === entryId,
    );
  const getJobStatus = async (ownerId: string, id: string) =>
    (await getJob(db, ownerId, id))!.status;
  const pemBody = (pem: string) => pem.replace(/\s+/g, '');
  const alias = () => `renueva${Math.random().toString(36).slice(2, 8)}`;

  it('a job on a registered supplier gives its link as a renewal link: the wizard says so, the job waits', async () => {
    const { parked, link, registration, before, supplier, ownerId } = await renewing();
    expect(link.value).toEqual({ renewal: true });
    const view = await registration();
    expect(view.authorizedAt).not.toBeNull();
    expect(view.step).toBe('company');
    expect(view.renewal).toMatchObject({
      currentNotAfter: new Date(
        (
          await db
            .select({ at: schema.registrationCredentials.certificateNotAfter })
            .from(schema.registrationCredentials)
            .where(eq(schema.registrationCredentials.entryId, supplier.entryId))
        )[0]!.at!,
      ).toISOString(),
    });
    const register = parked.intents.find((i) => i.provider === 'gov-ar.register')!;
    expect(register.events.at(-1)!.message).toMatch(/^renewal link ready/);
    const wait = parked.intents.find((i) => i.provider === 'gov-ar.wait.authorization')!;
    expect(wait.events.at(-1)!.message).toMatch(/^renewal: waiting/);
    expect(before.credentials.certificatePem).toContain('BEGIN CERTIFICATE');
    // The console: the supplier's certificate panel and the list say a renewal is running.
    expect((await getCertificateStatus(db, supplier.entryId))!.renewalStartedAt).toBe(
      view.renewal!.startedAt,
    );
    expect(await consoleRow(ownerId, supplier.entryId)).toMatchObject({
      renewing: true,
    });
  });

  it('invoicing keeps the current certificate while the new one waits; the validation switches, supersedes the old one and ends the job', async () => {
    const { supplier, ownerId, job, link, registration, before } = await renewing();
    const certificatePem = await newCertificate(await registration(), alias());
    const during = await supplierForInvoicing(db, ownerId, supplier.cuit);
    expect(during!.credentials).toEqual(before.credentials);
    expect((await registration()).step).toBe('arca');

    const result = await validateCertificate(
      db,
      await registration(),
      certificatePem,
      sim.urls.sandbox,
    );
    expect(result.problems).toEqual([]);
    const after = await supplierForInvoicing(db, ownerId, supplier.cuit);
    expect(pemBody(after!.credentials.certificatePem)).toBe(pemBody(certificatePem));
    expect(after!.credentials.certificatePem).not.toBe(before.credentials.certificatePem);
    expect(after!.credentials.privateKeyPem).not.toBe(before.credentials.privateKeyPem);

    const superseded = await db
      .select()
      .from(schema.registrationSupersededCredentials)
      .where(eq(schema.registrationSupersededCredentials.entryId, supplier.entryId));
    expect(superseded.map((s) => s.certificatePem)).toEqual([before.credentials.certificatePem]);

    const view = await registration();
    expect(view.renewal).toBeNull();
    expect(view.step).toBe('done');
    expect(view.credentials!.certificate!.notAfter).toBe(result.certificate!.not_after);
    expect(view.pendingCsr).toBeNull();
    const [credentials] = await db
      .select()
      .from(schema.registrationCredentials)
      .where(eq(schema.registrationCredentials.entryId, supplier.entryId));
    // The expiry notices and the console read this column: they follow the new certificate.
    expect(credentials!.certificateNotAfter!.toISOString()).toBe(result.certificate!.not_after);

    expect(await consoleRow(ownerId, supplier.entryId)).toMatchObject({
      renewing: false,
      certificateNotAfter: credentials!.certificateNotAfter,
    });
    expect((await getCertificateStatus(db, supplier.entryId))!).toMatchObject({
      renewalStartedAt: null,
      notAfter: result.certificate!.not_after,
    });
    const done = await waitForJobState(db, ownerId, job.id, isDone);
    expect(done.status).toBe('OK');
    const entry = (await getEntry(db, ownerId, supplier.entryId))!;
    expect(entry.state).toBe('registered');
    expect(entry.meta.find((m) => m.src === 'gov-ar' && m.key === 'link')!.value).toMatchObject({
      renewal: false,
      certificate_not_after: result.certificate!.not_after,
    });
    expect(link.ref).toBe(entry.meta.find((m) => m.key === 'link')!.ref);
  });

  it('a reader during the switch always finds active credentials: the old ones, then the new ones', async () => {
    const { supplier, ownerId, registration, before } = await renewing();
    const certificatePem = await newCertificate(await registration(), alias());
    const seen: (string | undefined)[] = [];
    let switching = true;
    const reader = (async () => {
      // One read more after the switch returned: the last one must see the new credentials.
      for (let last = false; !last;) {
        last = !switching;
        const found = await supplierForInvoicing(db, ownerId, supplier.cuit);
        seen.push(found?.credentials.certificatePem);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const result = await validateCertificate(
      db,
      await registration(),
      certificatePem,
      sim.urls.sandbox,
    );
    const after = await supplierForInvoicing(db, ownerId, supplier.cuit);
    switching = false;
    await reader;
    expect(result.ok).toBe(true);
    expect(seen.length).toBeGreaterThan(0);
    expect(
      seen.every(
        (pem) =>
          pem === before.credentials.certificatePem || pem === after!.credentials.certificatePem,
      ),
    ).toBe(true);
    expect(seen[0]).toBe(before.credentials.certificatePem);
    expect(seen.at(-1)).toBe(after!.credentials.certificatePem);
  });

  it('a failed renewal keeps the current certificate: not authorised in ARCA, or the same certificate again', async () => {
    const { supplier, ownerId, registration, before, job } = await renewing();
    const unauthorized = await newCertificate(await registration(), alias(), false);
    const refused = await validateCertificate(
      db,
      await registration(),
      unauthorized,
      sim.urls.sandbox,
    );
    expect(refused.ok).toBe(false);
    expect(refused.problems.map((p) => p.code)).toContain('wsaa_not_authorized');
    const same = await validateCertificate(
      db,
      await registration(),
      before.credentials.certificatePem,
      sim.urls.sandbox,
    );
    expect(same.problems.map((p) => p.code)).toEqual(['certificate_not_new']);

    expect((await supplierForInvoicing(db, ownerId, supplier.cuit))!.credentials).toEqual(
      before.credentials,
    );
    expect((await registration()).renewal).not.toBeNull();
    expect(
      await db
        .select()
        .from(schema.registrationSupersededCredentials)
        .where(eq(schema.registrationSupersededCredentials.entryId, supplier.entryId)),
    ).toEqual([]);
    // Abandoned (its job knocked out): the wizard is back to the registration done, still with the current certificate.
    await retireJobs(db, [ownerId]);
    expect(await getJobStatus(ownerId, job.id)).toBe('KO');
    expect((await registration()).renewal).toBeNull();
    expect((await supplierForInvoicing(db, ownerId, supplier.cuit))!.credentials).toEqual(
      before.credentials,
    );
  });
});
