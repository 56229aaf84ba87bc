import { randomUUID } from 'node:crypto';
import { expect, it, vi } from 'vitest';
import { jobNames } from '@/components/console/job-names';
import { createEntry } from '@/lib/silo';
import { createWorkflow } from '@/lib/transform';
import { createWorkspace } from '@/lib/workspaces';
import { describeEachDatabase } from './support/databases';

const party = (name: string) => ({
  $schema: 'https://gobl.org/draft-0/org/party',
  name,
  tax_id: { country: 'AR', code: '30-71234567-1' },
});

describeEachDatabase('console job names', (database) => {
  it('names a page of jobs with one query for the suppliers and one for the workflows, inside the workspace', async () => {
    const { db } = database();
    const ws = await createWorkspace(db, { name: 'names' });
    const other = await createWorkspace(db, { name: 'other' });
    const suppliers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        createEntry(db, ws.id, { body: { folder: 'suppliers', data: party(`Proveedor ${i}`) } }),
      ),
    );
    const workflows = await Promise.all(
      Array.from({ length: 20 }, () =>
        createWorkflow(db, ws.id, { template: 'ar-supplier-registration' }),
      ),
    );
    const { entry: foreign } = await createEntry(db, other.id, {
      body: { folder: 'suppliers', data: party('Ajeno') },
    });
    const jobs = suppliers.map(({ entry }, i) => ({
      siloEntryId: entry.id,
      workflowId: workflows[i]!.workflow.id,
    }));
    jobs.push({ siloEntryId: foreign.id, workflowId: randomUUID() });

    const select = vi.spyOn(db, 'select');
    const names = await jobNames(db, ws.id, jobs);
    expect(select).toHaveBeenCalledTimes(2);
    select.mockRestore();

    expect(Object.keys(names.suppliers)).toHaveLength(20);
    expect(names.suppliers[suppliers[7]!.entry.id]).toBe('Proveedor 7');
    expect(names.suppliers[foreign.id]).toBeUndefined();
    expect(Object.keys(names.workflows)).toHaveLength(20);
    expect(await jobNames(db, ws.id, [])).toEqual({ suppliers: {}, workflows: {} });
  });
});
