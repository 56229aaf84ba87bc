import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Db } from '@/lib/db';
import { attachEntryFile, createEntry } from '@/lib/silo';
import { createUser, signIn } from '@/lib/users';
import { createWorkspace } from '@/lib/workspaces';
import { startSimulator, type RunningSimulator } from '../fixtures/arca/simulator-server';
import { newCuit } from '../support/new-cuit';
import { describeEachDatabase } from './support/databases';
import { registerSupplier } from './support/registered-supplier';

// The route handlers read the app's database and the request's cookies: here, the test's.
const request = vi.hoisted(() => ({
  db: undefined as unknown,
  token: undefined as string | undefined,
}));
vi.mock('@/lib/db', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/db')>()),
  getDb: async () => request.db,
}));
// next-intl's navigation does not load outside Next: its two helpers the routes use, as routing has them.
vi.mock('@/lib/i18n', () => ({
  localeParams: async (params: Promise<Record<string, string>>) => await params,
  getPathname: ({ href, locale }: { href: string; locale: string }) =>
    locale === 'es' ? href : `/${locale}${href}`,
  redirect: () => {
    throw new Error('no redirect expected');
  },
}));
vi.mock('next-intl/server', () => ({ getLocale: async () => 'es' }));
vi.mock('next/headers', () => ({
  cookies: async () => ({
    get: (name: string) =>
      name && request.token !== undefined ? { name, value: request.token } : undefined,
  }),
  headers: async () =>
    new Headers({ 'x-client-address': `test-${randomBytes(4).toString('hex')}` }),
}));

const { GET: consoleDownload } =
  await import('@/app/[locale]/console/(signed-in)/invoices/[id]/files/[fileId]/route');
const { GET: wizardPdf } = await import('@/app/[locale]/reg/[ref]/test-invoice/[attempt]/route');

const get = <P>(route: (r: Request, c: { params: Promise<P> }) => Promise<Response>, params: P) =>
  route(new Request('http://localhost/'), { params: Promise.resolve(params) });

describeEachDatabase('file download routes (console, wizard)', (database) => {
  let sim: RunningSimulator;
  const db = () => database().db;
  beforeAll(async () => {
    request.db = db();
    sim = await startSimulator(db());
  });
  afterAll(async () => {
    await sim.close();
  });

  const party = () => ({
    body: { data: { name: 'Archivos SA', tax_id: { country: 'AR', code: newCuit() } } },
  });
  const operatorOf = async (workspaceId: string) => {
    const email = `op-${randomBytes(6).toString('hex')}@example.com`;
    const { password } = await createUser(db(), { workspaceId, email });
    const result = await signIn(db(), { email, password }, { clientAddress: email });
    if (!result.ok) throw new Error('sign-in failed');
    return result.token;
  };
  const file = (owner: string, entryId: string, key?: string) =>
    attachEntryFile(db() as Db, owner, entryId, {
      ...(key ? { key } : {}),
      name: 'Factura «1».pdf',
      category: 'format',
      mime: 'application/pdf',
      content: Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff]),
    });

  it('the console downloads a file of its own workspace’s entry; anything else is 404, no session signs in', async () => {
    const mine = (await createWorkspace(db(), { name: 'mine' })).id;
    const theirs = (await createWorkspace(db(), { name: 'theirs' })).id;
    const entry = (await createEntry(db(), mine, party())).entry.id;
    const sibling = (await createEntry(db(), mine, party())).entry.id;
    const theirEntry = (await createEntry(db(), theirs, party())).entry.id;
    const own = await file(mine, entry);
    const foreign = await file(theirs, theirEntry);

    request.token = undefined;
    const anonymous = await get(consoleDownload, { locale: 'en', id: entry, fileId: own.id });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toBe('/en/console/sign-in');

    request.token = await operatorOf(mine);
    const ok = await get(consoleDownload, { locale: 'es', id: entry, fileId: own.id });
    expect(ok.status).toBe(200);
    expect(Buffer.from(await ok.arrayBuffer())).toEqual(
      Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff]),
    );
    expect(ok.headers.get('content-type')).toBe('application/pdf');
    expect(ok.headers.get('x-content-type-options')).toBe('nosniff');
    expect(ok.headers.get('etag')).toBe(`"${own.hash}"`);
    expect(ok.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Factura _1_.pdf"; filename\*=UTF-8''Factura%20%C2%AB1%C2%BB\.pdf$/,
    );
    for (const params of [
      { id: theirEntry, fileId: foreign.id },
      { id: entry, fileId: foreign.id },
      { id: sibling, fileId: own.id },
      { id: 'nope', fileId: own.id },
      { id: entry, fileId: 'nope' },
    ])
      expect((await get(consoleDownload, { locale: 'es', ...params })).status).toBe(404);
  });

  it('the wizard gives a finished registration the PDF of its own test invoice, and nothing else', async () => {
    const ws = (await createWorkspace(db(), { name: 'wizard', environment: 'sandbox' })).id;
    const supplier = await registerSupplier(db(), sim, ws);
    const other = await registerSupplier(db(), sim, ws);
    const pending = await registerSupplier(db(), sim, ws, { until: 'started' });
    const token = randomBytes(16).toString('base64url');
    const testInvoice = async (supplierEntryId: string) =>
      (
        await createEntry(db(), ws, {
          ...party(),
          body: { ...party().body, key: `wizard-test-invoice:${supplierEntryId}:${token}` },
        })
      ).entry.id;
    const invoice = await testInvoice(supplier.entryId);
    await testInvoice(pending.entryId).then((id) => file(ws, id, 'pdf'));
    const notPdf = randomBytes(16).toString('base64url');

    expect((await get(wizardPdf, { ref: supplier.ref, attempt: token })).status).toBe(404);
    const pdf = await file(ws, invoice, 'pdf');
    const ok = await get(wizardPdf, { ref: supplier.ref, attempt: token });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('etag')).toBe(`"${pdf.hash}"`);
    expect(ok.headers.get('content-type')).toBe('application/pdf');
    expect(ok.headers.get('referrer-policy')).toBe('no-referrer');
    for (const params of [
      { ref: other.ref, attempt: token },
      { ref: pending.ref, attempt: token },
      { ref: 'a'.repeat(43), attempt: token },
      { ref: supplier.ref, attempt: notPdf },
      { ref: supplier.ref, attempt: 'not a token' },
    ])
      expect((await get(wizardPdf, params)).status, JSON.stringify(params)).toBe(404);
  });
});
