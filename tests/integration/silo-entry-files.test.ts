import { expect, it } from 'vitest';
import {
  attachEntryFile,
  createEntry,
  getEntryFile,
  listEntryFiles,
  uploadEntryFile,
} from '@/lib/silo';
import { createWorkspace } from '@/lib/workspaces';
import { newCuit } from '../support/new-cuit';
import { describeEachDatabase } from './support/databases';

const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

describeEachDatabase('silo entry files', (database) => {
  const db = () => database().db;
  const workspace = async () => (await createWorkspace(db(), { name: 'files' })).id;
  const entry = async (ownerId: string) =>
    (
      await createEntry(db(), ownerId, {
        body: {
          data: {
            $schema: 'https://gobl.org/draft-0/org/party',
            name: 'Archivos SA',
            tax_id: { country: 'AR', code: newCuit() },
          },
        },
      })
    ).entry.id;
  const pdf = (text: string) => ({
    key: 'pdf',
    name: 'factura.pdf',
    category: 'format',
    mime: 'application/pdf',
    content: Buffer.from(text),
  });

  it('lists the newest version per key with the earlier ones as previous; a file without a key stands alone', async () => {
    const owner = await workspace();
    const id = await entry(owner);
    const v1 = await attachEntryFile(db(), owner, id, pdf('%PDF- 1'));
    await pause();
    const note = await uploadEntryFile(db(), owner, id, {
      name: 'nota.txt',
      data: Buffer.from('hola').toString('base64'),
    });
    await pause();
    const v2 = await attachEntryFile(db(), owner, id, pdf('%PDF- 22'));
    await pause();
    const v3 = await attachEntryFile(db(), owner, id, pdf('%PDF- 333'));
    const listed = await listEntryFiles(db(), owner, id);
    expect(listed.map((f) => f.id)).toEqual([v3.id, note.id]);
    expect(listed[0]!.previous).toEqual([
      { id: v2.id, hash: v2.hash, size: 8, createdAt: v2.createdAt },
      { id: v1.id, hash: v1.hash, size: 7, createdAt: v1.createdAt },
    ]);
    expect(listed[1]).toMatchObject({
      key: null,
      category: 'attachment',
      mime: 'text/plain',
      previous: [],
    });
    // A previous version is still there by its id.
    expect((await getEntryFile(db(), owner, id, v1.id))?.content.toString()).toBe('%PDF- 1');
  });

  it('reads nothing of another workspace or another entry', async () => {
    const owner = await workspace();
    const stranger = await workspace();
    const id = await entry(owner);
    const sibling = await entry(owner);
    const file = await attachEntryFile(db(), owner, id, pdf('%PDF- x'));
    expect(await listEntryFiles(db(), stranger, id)).toEqual([]);
    expect(await listEntryFiles(db(), owner, sibling)).toEqual([]);
    expect(await getEntryFile(db(), stranger, id, file.id)).toBeUndefined();
    expect(await getEntryFile(db(), owner, sibling, file.id)).toBeUndefined();
    await expect(
      uploadEntryFile(db(), stranger, id, { name: 'a', data: 'YQ==' }),
    ).rejects.toMatchObject({ kind: 'not_found', code: 'entry_not_found' });
    await expect(
      uploadEntryFile(db(), stranger, await entry(stranger), {
        id: file.id,
        name: 'a',
        data: 'YQ==',
      }),
    ).rejects.toMatchObject({ kind: 'not_found', code: 'file_not_found' });
  });
});
