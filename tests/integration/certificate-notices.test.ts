import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { ADMIN_COMMANDS } from '@/lib/admin';
import { schema, type Db } from '@/lib/db';
import { findSuppliers, runCertificateNotices, startCertificateNotices } from '@/lib/registration';
import { getWorkflow, type Runner } from '@/lib/transform';
import { describeEachDatabase } from './support/databases';
import { createSupplier, setupWorkspace, testRunner } from './support/runner-fixtures';
import { storeValidatedCredentials } from './support/validated-credentials';
import { startReceiver, type Receiver } from './support/webhook-receiver';

const DAY = 86_400_000;
const HOUR = 3_600_000;

// The scheduler looks at every certificate of the database: each test's certificates expire years
// after the previous test's, so one test's passes never reach another's notices too early.
let base = Date.UTC(2300 + Math.floor(Math.random() * 500), 0, 1);
const nextBase = () => new Date((base += 3 * 365 * DAY));

async function supplierExpiringAt(db: Db, ownerId: string, notAfter: Date) {
  const entry = await createSupplier(db, ownerId);
  await storeValidatedCredentials(db, ownerId, entry.id);
  await db
    .update(schema.registrationCredentials)
    .set({ certificateNotAfter: notAfter })
    .where(eq(schema.registrationCredentials.entryId, entry.id));
  return entry;
}

const noticeJobs = (db: Db, ownerId: string) =>
  db
    .select()
    .from(schema.jobs)
    .where(and(eq(schema.jobs.ownerId, ownerId), eq(schema.jobs.phase, 'notice')));

describeEachDatabase('certificate expiry: notices and the console filter', (get) => {
  let db: Db;
  let runner: Runner;
  let receiver: Receiver;
  beforeAll(async () => {
    db = get().db;
    runner = testRunner(db);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await runner.stop();
    await receiver.close();
  });

  it('30, 7, 1-day and expired notices: each sent once across repeated and concurrent passes, signed, none for a far certificate', async () => {
    const { ownerId, webhookSecret } = await setupWorkspace(db, {
      webhook: {
        url: receiver.url,
        subscribe: ['certificate.expiring', 'certificate.expired'],
      },
    });
    const expiry = nextBase();
    const supplier = await supplierExpiringAt(db, ownerId, expiry);
    const far = await supplierExpiringAt(db, ownerId, new Date(expiry.getTime() + 400 * DAY));
    const at = (ms: number) => new Date(expiry.getTime() + ms);
    const twoAtOnce = (now: Date) =>
      Promise.all([runCertificateNotices(db, now), runCertificateNotices(db, now)]);

    await runCertificateNotices(db, at(-31 * DAY));
    expect(await noticeJobs(db, ownerId)).toHaveLength(0);
    for (const [now, count] of [
      [at(-30 * DAY), 1],
      [at(-29 * DAY), 1],
      [at(-7 * DAY + HOUR), 2],
      [at(-DAY), 3],
      [at(-HOUR), 3],
      [at(HOUR), 4],
      [at(3 * DAY), 4],
    ] as const) {
      await twoAtOnce(now);
      await runCertificateNotices(db, now);
      expect(await noticeJobs(db, ownerId)).toHaveLength(count);
    }

    const deliveries = await receiver.waitFor(4);
    await new Promise((r) => setTimeout(r, 300));
    const mine = receiver.received.filter((d) => d.body.includes(ownerId));
    expect(mine).toHaveLength(4);
    const payloads = mine.map(
      (d) =>
        new Webhook(webhookSecret!).verify(d.body, d.headers as Record<string, string>) as Record<
          string,
          unknown
        >,
    );
    const notAfter = expiry.toISOString();
    const sorted = [...payloads].sort(
      (a, b) =>
        ['30', '7', '1', 'expired'].indexOf((a.args as { threshold: string }).threshold) -
        ['30', '7', '1', 'expired'].indexOf((b.args as { threshold: string }).threshold),
    );
    expect(sorted.map((p) => [p.event, p.args])).toEqual([
      [
        'certificate.expiring',
        {
          event: 'certificate.expiring',
          threshold: '30',
          certificate_not_after: notAfter,
          days_left: '30',
        },
      ],
      [
        'certificate.expiring',
        {
          event: 'certificate.expiring',
          threshold: '7',
          certificate_not_after: notAfter,
          days_left: '6',
        },
      ],
      [
        'certificate.expiring',
        {
          event: 'certificate.expiring',
          threshold: '1',
          certificate_not_after: notAfter,
          days_left: '1',
        },
      ],
      [
        'certificate.expired',
        {
          event: 'certificate.expired',
          threshold: 'expired',
          certificate_not_after: notAfter,
          days_since_expiry: '0',
        },
      ],
    ]);
    for (const payload of payloads)
      expect(payload).toEqual({
        id: expect.stringMatching(/^msg_[0-9a-f]{32}$/),
        event: expect.any(String),
        transform_job_id: expect.any(String),
        silo_entry_id: supplier.id,
        siloEntryId: supplier.id,
        owner_id: ownerId,
        key: expect.stringMatching(/^certificate\.expir(ing|ed):/),
        args: expect.any(Object),
        faults: [],
      });
    expect(new Set(mine.map((d) => d.headers['webhook-id'])).size).toBe(4);
    expect(deliveries.some((d) => d.body.includes(far.id))).toBe(false);
    const jobs = await noticeJobs(db, ownerId);
    expect(jobs.every((job) => job.siloEntryId === supplier.id)).toBe(true);
    const notices = await db
      .select()
      .from(schema.registrationCertificateNotices)
      .where(eq(schema.registrationCertificateNotices.entryId, supplier.id));
    expect(notices.map((n) => n.threshold).sort()).toEqual(['1', '30', '7', 'expired']);
    const states = await db
      .select({ state: schema.entries.state })
      .from(schema.entries)
      .where(eq(schema.entries.id, supplier.id));
    expect(states[0]?.state).toBe('empty');
  });

  it('a webhook that does not subscribe gets no notice; a renewed certificate gets notices of its own', async () => {
    const quiet = await setupWorkspace(db, { webhook: { url: receiver.url } });
    const subscribed = await setupWorkspace(db, {
      webhook: { url: receiver.url, subscribe: ['certificate.expired'] },
    });
    const expiry = nextBase();
    await supplierExpiringAt(db, quiet.ownerId, expiry);
    const supplier = await supplierExpiringAt(db, subscribed.ownerId, expiry);
    await runCertificateNotices(db, new Date(expiry.getTime() - 30 * DAY));
    await runCertificateNotices(db, new Date(expiry.getTime() + DAY));
    expect(await noticeJobs(db, quiet.ownerId)).toHaveLength(0);
    // Subscribed to certificate.expired only: the 30-day notice queued nothing.
    expect((await noticeJobs(db, subscribed.ownerId)).map((j) => j.key)).toEqual([
      expect.stringMatching(/^certificate\.expired:expired:/),
    ]);

    const renewed = new Date(expiry.getTime() + 2 * 365 * DAY);
    await db
      .update(schema.registrationCredentials)
      .set({ certificateNotAfter: renewed })
      .where(eq(schema.registrationCredentials.entryId, supplier.id));
    await runCertificateNotices(db, new Date(renewed.getTime() + HOUR));
    expect(await noticeJobs(db, subscribed.ownerId)).toHaveLength(2);
  });

  it('the console list: expiry of each supplier, and the "expiring within 30 days" filter (expired included), paginated', async () => {
    const { ownerId } = await setupWorkspace(db);
    const now = nextBase();
    const inDays = (days: number) => new Date(now.getTime() + days * DAY);
    const later = await supplierExpiringAt(db, ownerId, inDays(31));
    const soon = await supplierExpiringAt(db, ownerId, inDays(30));
    const expired = await supplierExpiringAt(db, ownerId, inDays(-3));
    const none = await createSupplier(db, ownerId);

    const all = await findSuppliers(db, ownerId, { page: 1, pageSize: 20, now });
    expect(all.total).toBe(4);
    expect(Object.fromEntries(all.list.map((s) => [s.entry.id, s.certificateNotAfter]))).toEqual({
      [later.id]: inDays(31),
      [soon.id]: inDays(30),
      [expired.id]: inDays(-3),
      [none.id]: null,
    });

    const first = await findSuppliers(db, ownerId, { expiring: true, page: 1, pageSize: 1, now });
    const second = await findSuppliers(db, ownerId, { expiring: true, page: 2, pageSize: 1, now });
    expect([first.total, first.pages, second.page]).toEqual([2, 2, 2]);
    expect([...first.list, ...second.list].map((s) => s.entry.id)).toEqual([expired.id, soon.id]);
    const searched = await findSuppliers(db, ownerId, {
      expiring: true,
      query: 'no such name',
      page: 1,
      pageSize: 20,
      now,
    });
    expect(searched.total).toBe(0);
  });

  it('workflow:create --webhook-certificates subscribes the webhook step to both events', async () => {
    const { ownerId } = await setupWorkspace(db);
    const created = await ADMIN_COMMANDS['workflow:create'].run(db, {
      workspace: ownerId,
      template: 'ar-supplier-registration',
      'webhook-url': receiver.url,
      'webhook-certificates': true,
      json: false,
    });
    const workflow = await getWorkflow(db, ownerId, String(created.workflow_id));
    expect(workflow?.steps.find((s) => s.provider === 'webhook')?.config).toMatchObject({
      url: receiver.url,
      subscribe: ['certificate.expiring', 'certificate.expired'],
    });
  });

  it('the scheduler passes at start and then every interval, on its injected clock', async () => {
    const { ownerId } = await setupWorkspace(db, {
      webhook: { url: receiver.url, subscribe: ['certificate.expiring'] },
    });
    const expiry = nextBase();
    await supplierExpiringAt(db, ownerId, expiry);
    let now = new Date(expiry.getTime() - 30 * DAY);
    const scheduler = startCertificateNotices({
      getDb: async () => db,
      intervalMs: 50,
      now: () => now,
    });
    try {
      await expect.poll(async () => (await noticeJobs(db, ownerId)).length).toBe(1);
      now = new Date(expiry.getTime() - 7 * DAY);
      await expect.poll(async () => (await noticeJobs(db, ownerId)).length).toBe(2);
    } finally {
      await scheduler.stop();
    }
  });

  it('a notice whose webhook fails for good ends its job KO without the rescue: the supplier keeps its state', async () => {
    const { ownerId, workflowId } = await setupWorkspace(db, {
      webhook: { url: receiver.url, subscribe: ['certificate.expired'] },
    });
    // A secret that cannot be opened: the step fails unexpectedly, which knocks the job out at once.
    await db
      .update(schema.workflows)
      .set({ webhookSecretSealed: 'not-a-sealed-secret' })
      .where(eq(schema.workflows.id, workflowId));
    const expiry = nextBase();
    const supplier = await supplierExpiringAt(db, ownerId, expiry);
    await runCertificateNotices(db, new Date(expiry.getTime() + HOUR));
    await expect
      .poll(async () => (await noticeJobs(db, ownerId)).map((j) => j.status))
      .toEqual(['KO']);
    const intents = await db
      .select({ phase: schema.jobIntents.phase, status: schema.jobIntents.status })
      .from(schema.jobIntents)
      .innerJoin(schema.jobs, eq(schema.jobs.id, schema.jobIntents.jobId))
      .where(eq(schema.jobs.ownerId, ownerId));
    expect(intents).toEqual([{ phase: 'notice', status: 'KO' }]);
    const [entry] = await db
      .select({ state: schema.entries.state })
      .from(schema.entries)
      .where(eq(schema.entries.id, supplier.id));
    expect(entry?.state).toBe('empty');
  });
});
