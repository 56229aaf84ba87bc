import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { ticketHolder } from '@/lib/arca/wsaa/check-ticket';
import { databaseKinds } from './support/databases';
import { readSharedAfip } from '../support/shared-afip';
import { itWithSharedAfip } from '../support/shared-afip-suite';

const MIGRATIONS = path.join(process.cwd(), 'lib/db/migrations');
const CORPUS_TA = 'corpus/responses/wsaa/afipjs_TA-20322583924-wsfecred.json';

interface Runner {
  migrate(folder: string): Promise<void>;
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** The migrations folder as it was before the tickets were keyed by DN (0000–0006). */
function migrationsUpTo(lastTag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'arca-migrations-'));
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: Array<{ tag: string }>;
  };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  writeFileSync(
    journalPath,
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }),
  );
  return folder;
}

async function pgliteRunner(): Promise<Runner> {
  const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const client = await PGlite.create('memory://');
  const db = drizzle(client);
  return {
    migrate: (folder) => migrate(db, { migrationsFolder: folder }),
    query: async <T>(text: string, params?: unknown[]) =>
      (await client.query<T>(text, params)).rows,
    close: () => client.close(),
  };
}

/** A throwaway database next to DATABASE_URL's, dropped afterwards: migrations start from nothing. */
async function postgresRunner(): Promise<Runner> {
  const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const adminUrl = new URL(process.env.DATABASE_URL!);
  const name = `${adminUrl.pathname.slice(1)}_migrations_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const db = drizzle(client);
  return {
    migrate: (folder) => migrate(db, { migrationsFolder: folder }),
    query: async <T>(text: string, params?: unknown[]) =>
      (await client.query(text, params)).rows as T[],
    close: async () => {
      await client.end();
      await admin.query(`drop database if exists "${name}"`);
      await admin.end();
    },
  };
}

/** A token as ARCA writes it: base64 of the sso XML, whose login element names the holder's DN. */
function arcaToken(cuit: string, alias: string, service: string): string {
  const sso = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<sso version="2.0">
    <id src="CN=wsaa, O=AFIP, C=AR, SERIALNUMBER=CUIT 33693450239" unique_id="1360515049" gen_time="1583283016" exp_time="1583326276"/>
    <operation type="login" value="granted">
        <login entity="33693450239" service="${service}" uid="SERIALNUMBER=CUIT ${cuit}, CN=${alias}" authmethod="cms" regmethod="22">
            <relations>
                <relation key="${cuit}" reltype="4"/>
            </relations>
        </login>
    </operation>
</sso>
`;
  return Buffer.from(sso).toString('base64');
}

const insertOldTicket = `insert into arca_tickets (environment, certificate_fingerprint, service, token, sign, generation_time, expiration_time)
  values ($1, $2, $3, $4, 'c2lnbg==', $5, $6)`;

for (const kind of databaseKinds()) {
  describe(`migration 0007 keeps WSAA tickets under their DN [${kind}]`, () => {
    let runner: Runner;
    let before: string;
    beforeAll(async () => {
      runner = kind === 'pglite' ? await pgliteRunner() : await postgresRunner();
      before = migrationsUpTo('0006_console');
      await runner.migrate(before);
    });
    afterAll(async () => {
      await runner?.close();
      rmSync(before, { recursive: true, force: true });
    });

    itWithSharedAfip(
      [CORPUS_TA],
      'finds a ticket issued before the deploy under its DN, keeps the latest of one DN, drops only tokens that name none',
      async () => {
        const generated = new Date(Date.now() - 3_600_000);
        const expires = new Date(generated.getTime() + 12 * 3_600_000);
        const times = [generated.toISOString(), expires.toISOString()];
        const recorded = JSON.parse(readSharedAfip(CORPUS_TA).toString('utf8')) as {
          credentials: { token: string };
        };
        await runner.query(insertOldTicket, [
          'live',
          'aa'.repeat(32),
          'wsfe',
          arcaToken('20123456786', 'facturador', 'wsfe'),
          ...times,
        ]);
        await runner.query(insertOldTicket, [
          'sandbox',
          'bb'.repeat(32),
          'wsfecred',
          recorded.credentials.token,
          ...times,
        ]);
        // The same DN's ticket for an earlier certificate (re-issued with the same alias): only the latest is kept.
        const earlier = Buffer.from(
          Buffer.from(arcaToken('20123456786', 'facturador', 'wsfe'), 'base64')
            .toString()
            .replace('1360515049', '1111111111'),
        ).toString('base64');
        await runner.query(insertOldTicket, [
          'live',
          'ee'.repeat(32),
          'wsfe',
          earlier,
          new Date(generated.getTime() - 3_600_000).toISOString(),
          new Date(expires.getTime() - 3_600_000).toISOString(),
        ]);
        await runner.query(insertOldTicket, [
          'live',
          'cc'.repeat(32),
          'wsfe',
          'not base64 at all!',
          ...times,
        ]);
        await runner.query(insertOldTicket, [
          'live',
          'dd'.repeat(32),
          'wsfe',
          Buffer.from('<sso><login service="wsfe"/></sso>').toString('base64'),
          ...times,
        ]);

        await runner.migrate(MIGRATIONS);

        const holder = ticketHolder(
          'C=AR\nO=Empresa SA\nCN=facturador\nserialNumber=CUIT 20123456786',
        )!;
        const [live] = await runner.query<{ cuit: string; token: string; expiration_time: Date }>(
          'select cuit, token, expiration_time from arca_tickets where environment = $1 and cuit = $2 and dn = $3 and service = $4',
          ['live', holder.cuit, holder.dn, 'wsfe'],
        );
        expect(live?.token).toBe(arcaToken('20123456786', 'facturador', 'wsfe'));
        expect(new Date(live!.expiration_time).toISOString()).toBe(expires.toISOString());
        const recordedHolder = ticketHolder('CN=facturadortest1\nserialNumber=CUIT 20322583924')!;
        const rows = await runner.query<{ environment: string; dn: string }>(
          'select environment, dn from arca_tickets order by environment',
        );
        expect(rows).toEqual([
          { environment: 'live', dn: holder.dn },
          { environment: 'sandbox', dn: recordedHolder.dn },
        ]);
      },
    );
  });
}
