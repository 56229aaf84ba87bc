import 'server-only';
import { latestJobStatusSql } from '@/lib/transform';
import { runStatement, statement, type Db } from '@/lib/db';
import { PUBLIC_LINK_FROM } from './public-link-sql';

// Everything a wizard page is rendered from, fingerprinted whole: any change to the registration,
// its credentials, the supplier's data, the workspace's environment, the link or the job's status
// gives another value, whichever writer made it (wizard, runner, API or console).
const versionByRef = statement(
  'registration_version_by_ref',
  `select md5(concat_ws('|', r::text, c::text, p::text, e.data::text, e.state, w.environment, m.link_url,
     ${latestJobStatusSql('e.id')})) as version
   ${PUBLIC_LINK_FROM}`,
);

/** A value that changes whenever anything shown at /reg/<ref> changes; undefined for an unknown ref. */
export async function getRegistrationVersion(db: Db, ref: string): Promise<string | undefined> {
  const [row] = await runStatement<{ version: string }>(db, versionByRef, [ref]);
  return row?.version;
}
