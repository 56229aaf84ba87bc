// Writes entries to the embedded database (DATA_DIR) one after another as the app does (createEntry,
// the API's verb), printing {"ack":key} once each write has returned: what a client would have been
// told. Runs until killed. The workspace is WORKSPACE_ID, or a new one (printed as {"workspace":id}).
import { getEnv, resolveMasterKey } from '@/lib/config';
import { startDatabase } from '@/lib/db';
import { createEntry } from '@/lib/silo';
import { createWorkspace } from '@/lib/workspaces';
import { newCuit } from '../../support/new-cuit';

resolveMasterKey(getEnv());
const { db } = await startDatabase('the resilience suite');
const workspaceId =
  process.env.WORKSPACE_ID || (await createWorkspace(db, { name: 'pglite writes' })).id;
console.log(JSON.stringify({ workspace: workspaceId }));
const round = process.env.ROUND ?? '1';
for (let n = 1; ; n++) {
  const key = `round-${round}-${n}`;
  await createEntry(db, workspaceId, {
    body: {
      key,
      folder: 'suppliers',
      data: { name: `Escritura ${key}`, tax_id: { country: 'AR', code: newCuit() } },
    },
  });
  console.log(JSON.stringify({ ack: key }));
}
