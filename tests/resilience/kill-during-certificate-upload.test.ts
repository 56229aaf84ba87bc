import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, schema, type Database } from '@/lib/db';
import { getRegistrationByRef } from '@/lib/registration';
import { connectApp, createWorkspace } from '@/lib/workspaces';
import {
  registerSupplier,
  type RegisteredSupplierFixture,
} from '../integration/support/registered-supplier';
import { startSimulator, type RunningSimulator } from '../fixtures/arca/simulator-server';
import { spawnScript, type JsonLinesChild } from './support/child-process';
import { reportCounts } from './support/counts';

const url = process.env.DATABASE_URL;
const SUPPLIERS = 6;
const ACKS_BEFORE_KILL = 2;
const folder = mkdtempSync(path.join(tmpdir(), 'arca-resilience-uploads-'));

describe.skipIf(!url)(
  'kill -9 of the app during a certificate upload [postgres; skipped without DATABASE_URL]',
  () => {
    let database: Database;
    let sim: RunningSimulator;
    // Every uploader started, so that a failing test leaves none running.
    const uploaders: JsonLinesChild[] = [];
    beforeAll(async () => {
      database = await openDatabase({ databaseUrl: url, dataDir: '', maxConnections: 5 });
      sim = await startSimulator(database.db);
    });
    afterAll(async () => {
      await Promise.all(uploaders.map((u) => u.crash()));
      await sim?.close();
      await database?.close();
      rmSync(folder, { recursive: true, force: true });
    });

    it('uploads acknowledged before the kill are kept; the one cut off is whole or absent, and its retry succeeds', async () => {
      const db = database.db;
      const workspace = await createWorkspace(db, { name: `uploads ${randomUUID()}` });
      await connectApp(db, workspace.id, 'gov-ar');
      const suppliers: RegisteredSupplierFixture[] = [];
      for (let n = 0; n < SUPPLIERS; n++)
        suppliers.push(await registerSupplier(db, sim, workspace.id, { until: 'issued' }));
      const upload = (which: RegisteredSupplierFixture[], name: string) => {
        const file = path.join(folder, `${name}.json`);
        writeFileSync(
          file,
          JSON.stringify(which.map((s) => ({ ref: s.ref, certificatePem: s.certificatePem }))),
        );
        const uploader = spawnScript(
          'tests/resilience/support/certificate-uploader.ts',
          {
            DATABASE_URL: url!,
            ARCA_SANDBOX_WSAA_URL: sim.urls.sandbox.wsaa,
            ARCA_SANDBOX_WSFE_URL: sim.urls.sandbox.wsfe,
          },
          [file],
        );
        uploaders.push(uploader);
        return uploader;
      };
      const acked = (lines: Record<string, unknown>[]) =>
        lines.filter((l) => 'ack' in l).map((l) => String(l.ack));

      // The app is killed as soon as it has acknowledged two uploads: the third is in flight.
      const first = upload(suppliers, 'first');
      await first.line(() => acked(first.lines).length >= ACKS_BEFORE_KILL, 90_000);
      await first.crash();
      const before = acked(first.lines);
      const cutOff = suppliers[before.length];
      expect(cutOff, 'the kill came after every upload').toBeDefined();
      const loginsBefore = sim.calls.length;

      // What the killed process left of the upload it was in: all of it or nothing.
      const [credentialsOfCutOff] = await db
        .select({ certificatePem: schema.registrationCredentials.certificatePem })
        .from(schema.registrationCredentials)
        .where(eq(schema.registrationCredentials.entryId, cutOff!.entryId));
      const [pendingOfCutOff] = await db
        .select({ entryId: schema.registrationPendingCredentials.entryId })
        .from(schema.registrationPendingCredentials)
        .where(eq(schema.registrationPendingCredentials.entryId, cutOff!.entryId));
      const halfWritten = !!credentialsOfCutOff === !!pendingOfCutOff ? 1 : 0;

      // The supplier sends again what got no answer; the rest go as usual.
      const rest = suppliers.filter((s) => !before.includes(s.ref));
      const second = upload(rest, 'second');
      await second.line(
        () => second.lines.filter((l) => 'ack' in l || 'refused' in l).length === rest.length,
        90_000,
      );
      await second.stop();
      const refused = second.lines.filter((l) => 'refused' in l);
      const acknowledged = [...before, ...acked(second.lines)];

      const credentials = await db
        .select({
          entryId: schema.registrationCredentials.entryId,
          certificatePem: schema.registrationCredentials.certificatePem,
        })
        .from(schema.registrationCredentials)
        .where(
          inArray(
            schema.registrationCredentials.entryId,
            suppliers.map((s) => s.entryId),
          ),
        );
      const pendingLeft = await db
        .select({ entryId: schema.registrationPendingCredentials.entryId })
        .from(schema.registrationPendingCredentials)
        .where(
          inArray(
            schema.registrationPendingCredentials.entryId,
            suppliers.map((s) => s.entryId),
          ),
        );
      const kept = (s: RegisteredSupplierFixture) =>
        credentials.some(
          (c) => c.entryId === s.entryId && c.certificatePem?.trim() === s.certificatePem!.trim(),
        );
      const steps = await Promise.all(
        suppliers.map(async (s) => (await getRegistrationByRef(db, s.ref))?.step),
      );
      console.log(
        `[resilience] certificate upload cut off by the kill: ${credentialsOfCutOff ? 'stored whole' : 'not stored'}; retried with ${sim.calls.length - loginsBefore} SOAP calls; refused on retry: ${JSON.stringify(refused)}`,
      );
      reportCounts(
        'kill -9 of the app during a certificate upload',
        {
          acknowledged: acknowledged.length,
          lost: suppliers.filter((s) => acknowledged.includes(s.ref) && !kept(s)).length,
          // One supplier's upload stored twice (a second credentials row) would be a broken key.
          duplicated: credentials.length - new Set(credentials.map((c) => c.entryId)).size,
          stuck:
            halfWritten +
            refused.length +
            pendingLeft.length +
            steps.filter((step) => step !== 'points-of-sale').length,
        },
        { 'acknowledged before the kill': before.length },
      );
    });
  },
);
