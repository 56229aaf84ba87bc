import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext } from '@playwright/test';

type Environment = 'sandbox' | 'live';
interface Fixture {
  workspaceId: string;
  apiKey: string;
  workflowId: string;
}

export function fixture(environment: Environment): Fixture {
  const file = path.join(process.env.E2E_DATA_DIR!, 'e2e-fixtures.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as Record<Environment, Fixture>)[environment];
}

/** A valid CUIT no other test uses (random body, correct check digit). */
export function uniqueCuit(): string {
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  for (;;) {
    const body = '30' + String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
    const sum = weights.reduce((acc, w, i) => acc + w * Number(body[i]), 0);
    const digit = (11 - (sum % 11)) % 11;
    if (digit !== 10) return body + digit;
  }
}

/**
 * Creates a supplier and runs the registration workflow on it, in the seeded workspace of that
 * environment or in the one given; returns the entry, job and link path.
 */
export async function startRegistration(
  request: APIRequestContext,
  workspace: Environment | Pick<Fixture, 'apiKey' | 'workflowId'>,
  name: string,
) {
  const { apiKey, workflowId } = typeof workspace === 'string' ? fixture(workspace) : workspace;
  const headers = { Authorization: `Bearer ${apiKey}` };
  const cuit = uniqueCuit();
  const entry = await request.post('/silo/v1/entries?folder=suppliers', {
    headers,
    data: { name, tax_id: { country: 'AR', code: cuit } },
  });
  expect(entry.status()).toBe(200);
  const entryId = (await entry.json()).id as string;
  const job = await request.post('/transform/v1/jobs', {
    headers,
    data: { workflow_id: workflowId, silo_entry_id: entryId },
  });
  expect(job.status()).toBe(202);
  const jobId = (await job.json()).id as string;
  let linkUrl: string | undefined;
  await expect
    .poll(async () => {
      const meta = (await (await request.get(`/silo/v1/entries/${entryId}`, { headers })).json())
        .meta as { key: string; link_url?: string }[];
      linkUrl = meta.find((m) => m.key === 'link')?.link_url;
      return linkUrl;
    })
    .toBeTruthy();
  return { entryId, jobId, cuit, headers, linkPath: new URL(linkUrl!).pathname };
}
