import { randomBytes, randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, schema, type Database } from '@/lib/db';
import { newRef } from '@/lib/registration';
import { createWorkflow } from '@/lib/transform';
import { connectApp, createApiKey, createWorkspace } from '@/lib/workspaces';
import { party, send } from '../integration/support/api-harness';
import { isParked, waitForJobState } from '../integration/support/runner-fixtures';
import { spawnScript, type JsonLinesChild } from './support/child-process';
import { reportCounts } from './support/counts';
import {
  postgresBinaries,
  startPrivatePostgres,
  type PrivatePostgres,
} from './support/private-postgres';

const PG_PORT = 4250;
const APP_PORT = 4260;
const CLIENTS = 4;
const DOWN_MS = 3_000;
const bin = postgresBinaries();

interface Answer {
  status: number;
  contentType: string;
  retryAfter: string | null;
  at: number;
}

// A PostgreSQL of this test's own (the machine's shared one is never restarted): the app instance
// must ride through its restart without being restarted itself, answering 503 meanwhile, never 500.
describe.skipIf(!bin)(
  `PostgreSQL restarted under load [private PostgreSQL on :${PG_PORT}; skipped without PostgreSQL server binaries]`,
  () => {
    let pg: PrivatePostgres;
    let database: Database;
    let app: JsonLinesChild;
    beforeAll(async () => {
      pg = await startPrivatePostgres(bin!, PG_PORT);
      database = await openDatabase({ databaseUrl: pg.url, dataDir: '', maxConnections: 4 });
      app = spawnScript('tests/resilience/support/app-instance.ts', {
        DATABASE_URL: pg.url,
        PORT: String(APP_PORT),
        HOST: '127.0.0.1',
        MASTER_KEY: randomBytes(32).toString('base64'),
        RUNNER_LEASE_MS: '2000',
        API_RATE_LIMIT_PER_MINUTE: '1000000',
      });
      await app.line((l) => l.ready === true);
    });
    afterAll(async () => {
      await app?.stop();
      await database?.close();
      await pg?.destroy();
    });

    it('the app answers 503 while it is down, then serves again without a restart: every acknowledged entry and job kept, once', async () => {
      const db = database.db;
      const workspace = await createWorkspace(db, { name: `pg restart ${randomUUID()}` });
      await connectApp(db, workspace.id, 'gov-ar');
      const { token } = await createApiKey(db, workspace.id);
      const { workflow } = await createWorkflow(db, workspace.id, {
        template: 'ar-supplier-registration',
      });
      const origin = `http://127.0.0.1:${APP_PORT}`;
      const answers: Answer[] = [];
      const noAnswer: string[] = [];
      const call = async (method: string, path: string, body?: unknown) => {
        const json = body === undefined ? undefined : JSON.stringify(body);
        try {
          const res = await send(
            `${origin}${path}`,
            method,
            {
              authorization: `Bearer ${token}`,
              ...(json
                ? {
                    'content-type': 'application/json',
                    'content-length': String(Buffer.byteLength(json)),
                  }
                : {}),
            },
            json,
          );
          answers.push({
            status: res.status,
            contentType: res.headers.get('content-type') ?? '',
            retryAfter: res.headers.get('retry-after'),
            at: Date.now(),
          });
          return res.status;
        } catch (error) {
          noAnswer.push(String(error));
          return 0;
        }
      };
      let loading = true;
      let giveUpAt = Infinity;
      const entries: string[] = [];
      const jobs: string[] = [];
      const unacknowledged: string[] = [];
      // A client sends the same request (its own id) until it is acknowledged, as a 503 invites.
      const untilAcknowledged = async (id: string, send: () => Promise<number>) => {
        for (;;) {
          const status = await send();
          if (status >= 200 && status < 300) return true;
          if (Date.now() > giveUpAt) {
            unacknowledged.push(id);
            return false;
          }
          await new Promise((r) => setTimeout(r, 100));
        }
      };
      const client = async () => {
        while (loading) {
          const entryId = randomUUID();
          const stored = await untilAcknowledged(entryId, () =>
            call('PUT', `/silo/v1/entries/${entryId}`, {
              folder: 'suppliers',
              data: party(`Carga ${entryId}`),
            }),
          );
          if (!stored) return;
          entries.push(entryId);
          const jobId = uuidv7();
          const started = await untilAcknowledged(jobId, () =>
            call('PUT', `/transform/v1/jobs/${jobId}`, {
              workflow_id: workflow.id,
              silo_entry_id: entryId,
            }),
          );
          if (!started) return;
          jobs.push(jobId);
        }
      };
      const readiness: { status: number; at: number }[] = [];
      const probe = (async () => {
        while (loading) {
          const res = await send(`${origin}/readyz`, 'GET', {}).catch(() => undefined);
          readiness.push({ status: res?.status ?? 0, at: Date.now() });
          await new Promise((r) => setTimeout(r, 250));
        }
      })();
      // A supplier opening their link meanwhile: the page's front reads the database first.
      const pageAnswers: Answer[] = [];
      const supplier = (async () => {
        while (loading) {
          const res = await send(`${origin}/reg/${newRef()}/certificate`, 'GET', {}).catch(
            () => undefined,
          );
          if (res)
            pageAnswers.push({
              status: res.status,
              contentType: res.headers.get('content-type') ?? '',
              retryAfter: res.headers.get('retry-after'),
              at: Date.now(),
            });
          await new Promise((r) => setTimeout(r, 250));
        }
      })();
      const clients = Array.from({ length: CLIENTS }, client);

      while (jobs.length < 8) await new Promise((r) => setTimeout(r, 50));
      const stoppedAt = Date.now();
      await pg.stop();
      await new Promise((r) => setTimeout(r, DOWN_MS));
      await pg.start();
      const startedAt = Date.now();
      const acknowledgedBefore = entries.length;
      while (
        !answers.some((a) => a.at > startedAt && a.status < 300) ||
        readiness.at(-1)?.status !== 200
      ) {
        if (Date.now() - startedAt > 30_000) throw new Error('the app never recovered');
        await new Promise((r) => setTimeout(r, 50));
      }
      const recoveredMs = Date.now() - startedAt;
      await new Promise((r) => setTimeout(r, 1_000));
      loading = false;
      giveUpAt = Date.now() + 15_000;
      await Promise.all([...clients, probe, supplier]);

      const during = answers.filter((a) => a.at > stoppedAt && a.at < startedAt);
      const unavailable = answers.filter((a) => a.status === 503);
      const failed = answers.filter((a) => a.status >= 500 && a.status !== 503);
      console.log(
        `[resilience] PostgreSQL restart: ${answers.length} API answers (${during.length} while it was down, ${unavailable.length} 503, ${failed.length} other 5xx), ${noAnswer.length} requests with no answer; /readyz ${readiness.filter((r) => r.status === 503).length}× 503; serving again ${recoveredMs} ms after PostgreSQL started`,
      );
      expect(
        failed.map((a) => a.status),
        'answers other than 503 while the database was down',
      ).toEqual([]);
      expect(noAnswer, 'the app dropped requests').toEqual([]);
      expect(
        unavailable.length,
        'no request reached the app while the database was down',
      ).toBeGreaterThan(0);
      for (const answer of unavailable) {
        expect(answer.contentType).toBe('application/problem+json');
        expect(answer.retryAfter).toBe('5');
      }
      expect(readiness.some((r) => r.status === 503 && r.at > stoppedAt)).toBe(true);
      const pagesUnavailable = pageAnswers.filter((a) => a.status === 503);
      expect(
        pageAnswers.filter((a) => a.status >= 500 && a.status !== 503).map((a) => a.status),
        'registration pages answering other than 503 while the database was down',
      ).toEqual([]);
      expect(
        pagesUnavailable.length,
        'no registration page asked while it was down',
      ).toBeGreaterThan(0);
      for (const answer of pagesUnavailable) {
        expect(answer.contentType).toBe('text/html; charset=utf-8');
        expect(answer.retryAfter).toBe('5');
      }
      expect(app.child.exitCode ?? app.child.signalCode, 'the app exited').toBeNull();
      expect(app.lines.filter((l) => l.ready === true)).toHaveLength(1);
      expect(entries.length).toBeGreaterThan(acknowledgedBefore);

      const stored = await db
        .select({ id: schema.entries.id })
        .from(schema.entries)
        .where(inArray(schema.entries.id, entries));
      const sameName = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(schema.entries)
        .where(
          sql`${schema.entries.ownerId} = ${workspace.id} and ${schema.entries.data}->>'name' like 'Carga %'`,
        );
      const stuckJobs: string[] = [];
      for (const id of jobs)
        await waitForJobState(db, workspace.id, id, isParked, 20_000).catch(() =>
          stuckJobs.push(id),
        );
      const states = await db
        .select({ entryId: schema.entryStates.entryId, state: schema.entryStates.state })
        .from(schema.entryStates)
        .where(inArray(schema.entryStates.entryId, entries));
      const links = await db
        .select({ entryId: schema.metaRecords.entryId })
        .from(schema.metaRecords)
        .where(inArray(schema.metaRecords.entryId, entries));
      const processing = states.filter((s) => s.state === 'processing').length;
      reportCounts(
        'PostgreSQL restart (entries and jobs through the API)',
        {
          acknowledged: entries.length + jobs.length,
          lost: entries.length - stored.length,
          // More stored than acknowledged (a retried request stored twice), a step's state row or link twice.
          duplicated:
            Math.max(0, sameName[0]!.n - entries.length - unacknowledged.length) +
            Math.max(0, processing - jobs.length) +
            Math.max(0, links.length - jobs.length),
          stuck: unacknowledged.length + stuckJobs.length,
        },
        {
          '503 answers': unavailable.length,
          'page 503 answers': pagesUnavailable.length,
          'recovery ms': recoveredMs,
        },
      );
    });
  },
);
