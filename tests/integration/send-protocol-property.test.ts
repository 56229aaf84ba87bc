import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { schema, type Db } from '@/lib/db';
import { createInvoiceStep, createLocalTurns, SendQueue, STAMP } from '@/lib/invoices';
import type { SendState } from '@/lib/invoices/send-protocol';
import { getEntry } from '@/lib/silo';
import type { StepContext, StepOutcome } from '@/lib/transform';
import { describeEachDatabase } from './support/databases';
import {
  facturaB,
  invoiceEntry,
  registeredSupplier,
  sendJob,
  type RegisteredSupplier,
} from './support/invoice-fixtures';
import { retireJobs } from './support/runner-fixtures';
import { startSimulator, type RunningSimulator } from '../fixtures/arca/simulator-server';

// The send protocol against the simulated ARCA under random interleavings of two or three senders
// (each its own "process": they meet only in the database; or all in one process, where the sends
// waiting for the sequence's turn go in one batch and a known last number skips
// FECompUltimoAutorizado), crashes before any effect, and ARCA answers chosen per call. docs/invoicing.md (The send protocol) explains the properties.
// SEND_PROPERTY_RUNS raises the number of runs for a long run; SEND_PROPERTY_SEED picks another seed.
const RUNS = Number(process.env.SEND_PROPERTY_RUNS ?? 150);
const SEED = Number(process.env.SEND_PROPERTY_SEED ?? 2026_26_4);
const FACTURA_B = 6;
// One invoice's total identifies it at ARCA: 2 × price + 21 % IVA.
const PRICES = ['100', '50', '25'] as const;
const TOTALS = ['242.00', '121.00', '60.50'];
const ATTEMPTS_PER_JOB = 4;
const SETTLE_PASSES = 8;

type CaeMood = 'pass' | 'reject10016' | 'dropAfterCommit' | 'http500' | 'other';
type ReadMood = 'pass' | 'behind' | 'http500';
interface Mood {
  cae: CaeMood;
  last: ReadMood;
  consult: Exclude<ReadMood, 'behind'>;
}
const PASS: Mood = { cae: 'pass', last: 'pass', consult: 'pass' };

const moodArb: fc.Arbitrary<Mood> = fc.record({
  cae: fc.oneof(
    { weight: 5, arbitrary: fc.constant<CaeMood>('pass') },
    {
      weight: 5,
      arbitrary: fc.constantFrom<CaeMood>('reject10016', 'dropAfterCommit', 'http500', 'other'),
    },
  ),
  last: fc.oneof(
    { weight: 6, arbitrary: fc.constant<ReadMood>('pass') },
    { weight: 1, arbitrary: fc.constantFrom<ReadMood>('behind', 'http500') },
  ),
  consult: fc.oneof(
    { weight: 6, arbitrary: fc.constant<'pass'>('pass') },
    { weight: 1, arbitrary: fc.constant<'http500'>('http500') },
  ),
});

const scenarioArb = fc.record({
  invoices: fc.integer({ min: 1, max: 3 }),
  /** Which invoice each sender (job) sends. */
  senders: fc.array(fc.nat(2), { minLength: 2, maxLength: 3 }),
  /** All senders in one process: one queue for the sequence's turns, so batches and known numbers. */
  oneProcess: fc.boolean(),
  /**
   * An invoice ARCA finds invalid (a validation error, 10048): every copy of it is rejected. ARCA
   * judges the content, so two sends of one voucher get the same verdict (see docs/invoicing.md).
   */
  invalid: fc.option(fc.nat(2), { nil: undefined, freq: 3 }),
  /** Each scheduling decision: who goes next (modulo those ready), and whether it crashes there. */
  schedule: fc.array(fc.record({ pick: fc.nat(), crash: fc.nat(11).map((n) => n === 0) }), {
    minLength: 10,
    maxLength: 100,
    size: 'max',
  }),
  /** ARCA's behaviour, one per WSFE call in order (then it behaves). */
  arca: fc.array(moodArb, { maxLength: 30, size: 'max' }),
});
type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

interface SimRow {
  number: number;
  cae: string;
  total: string;
}

/** The simulated ARCA's vouchers of one sequence. */
async function simRows(db: Db, cuit: string, pointOfSale: number): Promise<SimRow[]> {
  const rows = await db
    .select()
    .from(schema.arcaSimInvoices)
    .where(
      and(
        eq(schema.arcaSimInvoices.cuit, cuit),
        eq(schema.arcaSimInvoices.pointOfSale, pointOfSale),
        eq(schema.arcaSimInvoices.voucherType, FACTURA_B),
      ),
    )
    .orderBy(sql`${schema.arcaSimInvoices.number}`);
  return rows.map((r) => ({
    number: r.number,
    cae: r.cae,
    total: String((r.request as Record<string, unknown>).ImpTotal),
  }));
}

/**
 * WSFE on loopback in front of the simulator, answering as the current mood says: FECAESolicitar
 * rejected (10016, by asking for another number; an invalid invoice's always, 10048, by changing
 * its total),
 * committed then dropped (no answer: as a timeout) or answered 500, or approved with an answer
 * naming another voucher and another CAE; FECompUltimoAutorizado behind ours (the simulator's last
 * voucher deleted, as a reset) or 500; FECompConsultar 500.
 */
async function startMoodyArca(db: Db, target: string) {
  const state = {
    script: [] as Mood[],
    cursor: 0,
    cuit: '',
    pointOfSale: 0,
    /** The total of the invoice ARCA rejects as invalid, if any. */
    invalidTotal: undefined as string | undefined,
    /** Vouchers deleted by a "behind" answer: still ARCA's word when they were approved. */
    deleted: [] as SimRow[],
    moods: [] as string[],
  };
  const forward = (soapAction: string, body: string) =>
    fetch(target, {
      method: 'POST',
      headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: soapAction },
      body,
    });
  async function answer(soapAction: string, body: string): Promise<'drop' | [number, string]> {
    const mood = state.script[state.cursor++] ?? PASS;
    const method = /(\w+)"?$/.exec(soapAction)?.[1] ?? soapAction;
    state.moods.push(
      `${method}:${method === 'FECAESolicitar' ? mood.cae : method === 'FECompConsultar' ? mood.consult : mood.last}`,
    );
    const count = Number(/<ar:CantReg>(\d+)</.exec(body)?.[1] ?? 1);
    if (count > 1) state.moods.push(`FECAESolicitar: a batch of ${count}`);
    const pass = async (text = body) => {
      const r = await forward(soapAction, text);
      return [r.status, await r.text()] as [number, string];
    };
    if (soapAction.includes('FECompUltimoAutorizado')) {
      if (mood.last === 'http500') return [500, 'Internal Server Error'];
      if (mood.last === 'behind') {
        const held = await simRows(db, state.cuit, state.pointOfSale);
        const last = held.at(-1);
        if (last) {
          state.deleted.push(last);
          await db
            .delete(schema.arcaSimInvoices)
            .where(
              and(
                eq(schema.arcaSimInvoices.cuit, state.cuit),
                eq(schema.arcaSimInvoices.pointOfSale, state.pointOfSale),
                eq(schema.arcaSimInvoices.voucherType, FACTURA_B),
                eq(schema.arcaSimInvoices.number, last.number),
              ),
            );
        }
      }
      return pass();
    }
    if (soapAction.includes('FECompConsultar'))
      return mood.consult === 'http500' ? [500, 'Internal Server Error'] : pass();
    if (!soapAction.includes('FECAESolicitar')) return pass();
    const invalid = `<ar:ImpTotal>${state.invalidTotal}</ar:ImpTotal>`;
    if (state.invalidTotal && body.includes(invalid))
      return pass(body.replace(invalid, '<ar:ImpTotal>1.00</ar:ImpTotal>'));
    switch (mood.cae) {
      case 'pass':
        return pass();
      case 'reject10016':
        return pass(
          body.replace(
            /<ar:CbteDesde>(\d+)<\/ar:CbteDesde><ar:CbteHasta>\d+<\/ar:CbteHasta>/,
            (_, n: string) =>
              `<ar:CbteDesde>${Number(n) + 7}</ar:CbteDesde><ar:CbteHasta>${Number(n) + 7}</ar:CbteHasta>`,
          ),
        );
      case 'dropAfterCommit':
        await pass();
        return 'drop';
      case 'http500':
        await pass();
        return [500, 'Internal Server Error'];
      case 'other': {
        const [status, xml] = await pass();
        return [
          status,
          xml
            .replace(/<PtoVta>\d+<\/PtoVta>/, `<PtoVta>${state.pointOfSale + 1}</PtoVta>`)
            .replace(/<CbteDesde>\d+<\/CbteDesde>/, '<CbteDesde>79</CbteDesde>')
            .replace(/<CbteHasta>\d+<\/CbteHasta>/, '<CbteHasta>79</CbteHasta>')
            .replace(/<CAE>\d+<\/CAE>/, '<CAE>79797979797979</CAE>'),
        ];
      }
    }
  }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      answer(String(req.headers.soapaction), Buffer.concat(chunks).toString())
        .then((own) => {
          if (own === 'drop') {
            req.socket.destroy();
            return;
          }
          res.writeHead(own[0], { 'Content-Type': 'text/xml; charset=utf-8' });
          res.end(own[1]);
        })
        .catch((error: unknown) => {
          res.writeHead(502);
          res.end(String(error));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/wsfe`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

class Crash extends Error {}

/** One job sending one invoice: how often it ran, whether it finished, and how. */
interface SenderJob {
  row: StepContext['job'];
  entryId: string;
  tries: number;
  done: boolean;
  outcome: StepOutcome | undefined;
}

interface Attempt {
  gate?: { state: SendState; release: (crash: boolean) => void };
  ended: boolean;
}

describeEachDatabase('send protocol: random senders, crashes and ARCA answers', (get) => {
  let sim: RunningSimulator;
  let arca: Awaited<ReturnType<typeof startMoodyArca>>;
  let supplier: RegisteredSupplier;
  let nextPointOfSale = 100;
  const owners: string[] = [];
  const attempts = new Map<string, Attempt>();
  // Who waits for a sender to reach a step or end.
  let waiters: (() => void)[] = [];
  const changed = () => {
    const woken = waiters;
    waiters = [];
    for (const wake of woken) wake();
  };
  // What the runs went through, reported once: a property that never met a case proves nothing.
  const seen = new Map<string, number>();
  const tally = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);
  beforeAll(async () => {
    sim = await startSimulator(get().db);
    supplier = await registeredSupplier(get().db, sim, 'sandbox');
    owners.push(supplier.ownerId);
    arca = await startMoodyArca(get().db, sim.urls.sandbox.wsfe);
  });
  afterAll(async () => {
    console.info(
      `send protocol property: ${JSON.stringify(Object.fromEntries([...seen].sort()), null, 1)}`,
    );
    await retireJobs(get().db, owners);
    await arca?.close();
    await sim?.close();
  });

  // Senders waiting for the sequence's turn in the shared process: neither gated nor free to run.
  let queuedForTurn = 0;
  // Every sender its own process (no shared queue), or all in one; never waiting for the sequence:
  // a busy sender ends its attempt with ERR and is run again later, as the runner would.
  const step = (oneProcess: boolean) => {
    const inTurn = createLocalTurns();
    return createInvoiceStep({
      endpointsFor: (environment) => ({ ...sim.urls[environment], wsfe: arca.url }),
      timeoutMs: 5_000,
      waitForSequenceMs: 0,
      turns: oneProcess
        ? {
            inTurn: (key, work) => {
              queuedForTurn += 1;
              changed();
              return inTurn(key, () => {
                queuedForTurn -= 1;
                return work();
              });
            },
            pause: async () => {},
          }
        : { inTurn: (_key, work) => work(), pause: async () => {} },
      queue: new SendQueue(),
      beforeEffect: (state, job) =>
        new Promise<void>((resolve, reject) => {
          const attempt = attempts.get(job.id)!;
          attempt.gate = {
            state,
            release: (crash) => {
              attempt.gate = undefined;
              if (crash) reject(new Crash(`crashed before ${state.at}`));
              else resolve();
            },
          };
          changed();
        }),
    });
  };

  async function run(scenario: Scenario): Promise<void> {
    const db = get().db;
    // Separate processes: a step (its queue) per attempt; one process: one step for every attempt.
    const shared = scenario.oneProcess ? step(true) : undefined;
    const s = supplier;
    const pointOfSale = nextPointOfSale++;
    const entries: string[] = [];
    for (let i = 0; i < scenario.invoices; i++) {
      const doc = facturaB(s.cuit, pointOfSale);
      doc.lines[0]!.item.price = PRICES[i]!;
      entries.push(await invoiceEntry(db, s.ownerId, doc));
    }
    const jobs: SenderJob[] = [];
    for (const invoice of scenario.senders) {
      const entryId = entries[invoice % scenario.invoices]!;
      const { id } = await sendJob(db, s, entryId);
      const [row] = await db.select().from(schema.jobs).where(eq(schema.jobs.id, id));
      jobs.push({ row: row!, entryId, tries: 0, done: false, outcome: undefined });
    }
    Object.assign(arca.state, { script: scenario.arca, cursor: 0, cuit: s.cuit, pointOfSale });
    arca.state.deleted = [];
    arca.state.moods = [];
    arca.state.invalidTotal =
      scenario.invalid === undefined ? undefined : TOTALS[scenario.invalid % scenario.invoices];
    const unexpected: unknown[] = [];

    const start = (job: SenderJob) => {
      const attempt: Attempt = { ended: false };
      attempts.set(job.row.id, attempt);
      job.tries += 1;
      const ctx: StepContext = {
        db,
        job: job.row,
        step: { id: 'send', name: 'Send', provider: 'gov-ar.send' },
        previousEvents: [],
        now: new Date(),
        appConnected: async () => true,
      };
      return (shared ?? step(false))(ctx)
        .then((outcome: StepOutcome) => {
          job.outcome = outcome;
          tally(`outcome ${outcome.status}${outcome.status === 'KO' ? ` ${outcome.code}` : ''}`);
          if (outcome.status === 'OK' || outcome.status === 'KO') job.done = true;
        })
        .catch((error: unknown) => {
          if (error instanceof Crash) tally(error.message);
          else unexpected.push(error);
        })
        .finally(() => {
          attempt.ended = true;
          changed();
        });
    };
    const running = () => jobs.filter((j) => attempts.get(j.row.id)?.ended === false);
    // Until every running sender waits at its next step, or for its turn (or ended): told, never polled.
    const quiet = async () => {
      while (
        running().filter((j) => attempts.get(j.row.id)!.gate).length + queuedForTurn <
        running().length
      )
        await new Promise<void>((resolve) => waiters.push(resolve));
    };

    // Chaos: senders started and released in the scenario's order, crashed where it says.
    for (const decision of scenario.schedule) {
      await quiet();
      const gated = running().filter((j) => attempts.get(j.row.id)!.gate);
      const startable = jobs.filter(
        (j) => !j.done && !running().includes(j) && j.tries < ATTEMPTS_PER_JOB,
      );
      const ready = [...gated, ...startable];
      if (!ready.length) break;
      const chosen = ready[decision.pick % ready.length]!;
      if (gated.includes(chosen)) attempts.get(chosen.row.id)!.gate!.release(decision.crash);
      else void start(chosen);
    }
    // Whatever is still mid-way is abandoned (its process died); then ARCA behaves, and every job
    // not finished is run again, one at a time, as the runner would after the lease expires.
    // (In one process, a sender waiting for its turn gets it once the one before dies: it dies too.)
    while (running().length) {
      await quiet();
      for (const j of running()) attempts.get(j.row.id)!.gate?.release(true);
      await quiet();
    }
    for (const mood of arca.state.moods) tally(mood);
    arca.state.script = [];
    for (let pass = 0; pass < SETTLE_PASSES && jobs.some((j) => !j.done); pass++)
      for (const job of jobs.filter((j) => !j.done)) {
        const ended = start(job);
        for (;;) {
          await Promise.race([ended, quiet()]);
          const gate = attempts.get(job.row.id)!.gate;
          if (!gate) break;
          gate.release(false);
        }
        await ended;
      }

    expect(unexpected, 'no sender fails with an unexpected error').toEqual([]);
    await expectSafe(db, s, pointOfSale, entries, arca.state.deleted);
    for (const job of jobs)
      expect(job.done, `job on ${job.entryId} finished: ${JSON.stringify(job.outcome)}`).toBe(true);
  }

  async function expectSafe(
    db: Db,
    s: RegisteredSupplier,
    pointOfSale: number,
    entries: string[],
    deleted: SimRow[],
  ) {
    const held = await simRows(db, s.cuit, pointOfSale);
    const history = [...held, ...deleted];
    const sends = await db
      .select()
      .from(schema.invoiceSends)
      .where(inArray(schema.invoiceSends.entryId, entries));
    const sendOf = (entryId: string) => sends.find((r) => r.entryId === entryId);
    const context = JSON.stringify({
      held,
      deleted,
      sends: sends.map(({ voucher: _, ...r }) => r),
    });

    // No gap at ARCA: its numbers are 1..N.
    expect(
      held.map((h) => h.number),
      context,
    ).toEqual(held.map((_, i) => i + 1));
    for (const h of held) {
      // Every voucher at ARCA is one of ours, held here under its number: approved with ARCA's CAE,
      // or in review (a person decides) — never released, never forgotten.
      const invoice = TOTALS.indexOf(h.total);
      expect(invoice, context).toBeGreaterThanOrEqual(0);
      expect(invoice, context).toBeLessThan(entries.length);
      const row = sendOf(entries[invoice]!);
      expect(row?.number, context).toBe(h.number);
      expect(['approved', 'review'], context).toContain(row?.status);
      // After a reset ("behind") forgot the number, ARCA may hold this same voucher again under it
      // with a new CAE (another job resent it): the CAE stamped is then checked against the history.
      const reset = deleted.some((d) => d.number === h.number);
      if (row?.status === 'approved' && !reset) expect(row.cae, context).toBe(h.cae);
    }
    entries.forEach((entryId, invoice) => {
      // Never two vouchers for one invoice.
      expect(held.filter((h) => h.total === TOTALS[invoice]).length, context).toBeLessThanOrEqual(
        1,
      );
    });
    for (const [invoice, entryId] of entries.entries()) {
      const row = sendOf(entryId);
      expect(row?.status, context).not.toBe('pending');
      const entry = (await getEntry(db, s.ownerId, entryId))!;
      const head = entry.data.head as { stamps?: { prv: string; val: string }[] };
      const cae = head.stamps?.find((st) => st.prv === STAMP.cae)?.val ?? null;
      if (row?.status !== 'approved') {
        // Nothing approved: nothing stamped.
        expect(cae, context).toBeNull();
        continue;
      }
      // Never a CAE ARCA gave another voucher: the stamped pair is ARCA's record of this invoice.
      const doc = entry.data.doc as { code?: string };
      expect(cae, context).toBe(row.cae);
      expect(doc.code, context).toBe(String(row.number));
      expect(
        history.some(
          (h) => h.number === row.number && h.cae === row.cae && h.total === TOTALS[invoice],
        ),
        context,
      ).toBe(true);
    }
  }

  it(
    `keeps one voucher per invoice, no gap, no stray CAE (${RUNS} runs, seed ${SEED})`,
    async () => {
      await fc.assert(fc.asyncProperty(scenarioArb, run), {
        seed: SEED,
        numRuns: RUNS,
        // Shrinking replays runs against the database: only on demand.
        endOnFailure: process.env.SEND_PROPERTY_SHRINK !== 'on',
      });
    },
    Math.max(600_000, RUNS * 1_000),
  );
});
