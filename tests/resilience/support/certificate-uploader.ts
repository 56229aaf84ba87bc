// Uploads certificates as the wizard's upload step does (validateCertificate: every check, a WSAA
// login, then the credentials stored), one after another, on the configured database and ARCA,
// printing {"ack":ref} once an upload is accepted — what the supplier's browser would have been
// told — or {"refused":ref,"codes":[…]}. Reads [{ref, certificatePem}] from the JSON file argv[2].
import { readFileSync } from 'node:fs';
import { trustSimulatorCas } from '@/lib/arca-simulator';
import { getEnv, resolveMasterKey } from '@/lib/config';
import { startDatabase, stopDatabase } from '@/lib/db';
import { getRegistrationByRef, validateCertificate } from '@/lib/registration';

resolveMasterKey(getEnv());
// As server.ts does while ARCA_SIMULATOR=on: the simulated ARCA's CAs are trusted.
trustSimulatorCas();
const { db } = await startDatabase();
const uploads = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as {
  ref: string;
  certificatePem: string;
}[];
for (const { ref, certificatePem } of uploads) {
  const registration = await getRegistrationByRef(db, ref);
  if (!registration) throw new Error(`no registration ${ref}`);
  const result = await validateCertificate(db, registration, certificatePem);
  console.log(
    JSON.stringify(
      result.ok ? { ack: ref } : { refused: ref, codes: result.problems.map((p) => p.code) },
    ),
  );
}
await stopDatabase();
