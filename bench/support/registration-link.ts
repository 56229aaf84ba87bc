export interface Registration {
  entryId: string;
  jobId: string;
  /** The link's path, `/reg/<ref>`. */
  linkPath: string;
}

/** A supplier created through the API and the registration workflow run on it, up to its link. */
export async function newRegistration(
  url: string,
  fixture: { apiKey: string; workflowId: string },
  supplier: { name: string; cuit: string },
): Promise<Registration> {
  const headers = { Authorization: `Bearer ${fixture.apiKey}`, 'Content-Type': 'application/json' };
  const entry = await (
    await fetch(`${url}/silo/v1/entries?folder=suppliers`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: supplier.name, tax_id: { country: 'AR', code: supplier.cuit } }),
    })
  ).json();
  const job = await (
    await fetch(`${url}/transform/v1/jobs`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ workflow_id: fixture.workflowId, silo_entry_id: entry.id }),
    })
  ).json();
  for (let i = 0; i < 600; i++) {
    const current = await (await fetch(`${url}/silo/v1/entries/${entry.id}`, { headers })).json();
    const link = current.meta?.find((m: { key: string }) => m.key === 'link')?.link_url as
      string | undefined;
    if (link) return { entryId: entry.id, jobId: job.id, linkPath: new URL(link).pathname };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no registration link');
}
