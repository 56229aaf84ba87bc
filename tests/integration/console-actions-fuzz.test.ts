import { beforeAll, expect, it, vi } from 'vitest';
import type { Db } from '@/lib/db';
import { createWorkspace, listApiKeys } from '@/lib/workspaces';
import { describeEachDatabase } from './support/databases';

// Every console server action as Next runs it, less Next: the session, the request, the redirect.
// A server action that throws is a 500 in Next; whatever a client posts must come back as a state.
const harness = vi.hoisted(() => ({
  db: undefined as unknown,
  workspaceId: '',
  Redirect: class extends Error {},
}));
vi.mock('@/app/[locale]/console/session', () => ({
  requireOperator: async () => ({ workspaceId: harness.workspaceId }),
  setSessionCookie: async () => undefined,
  takeSessionCookie: async () => undefined,
}));
vi.mock('next/cache', () => ({ revalidatePath: () => undefined }));
vi.mock('next-intl/server', () => ({
  getLocale: async () => 'es',
  getTranslations: async (namespace: string) => (key: string) => `${namespace}.${key}`,
}));
vi.mock('@/lib/i18n', () => ({
  redirect: ({ href }: { href: string }) => {
    throw new harness.Redirect(href);
  },
}));
vi.mock('@/lib/security', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/security')>()),
  requestClientAddress: async () => '127.0.0.9',
}));
vi.mock('@/lib/db', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/db')>()),
  getDb: async () => harness.db,
}));

type Action = (...args: unknown[]) => Promise<unknown>;
const modules = {
  settings: await import('@/app/[locale]/console/(signed-in)/settings/actions'),
  apps: await import('@/app/[locale]/console/(signed-in)/apps/actions'),
  supplier: await import('@/app/[locale]/console/(signed-in)/suppliers/[id]/actions'),
  newSupplier: await import('@/app/[locale]/console/(signed-in)/suppliers/new/actions'),
  workflow: await import('@/app/[locale]/console/(signed-in)/workflows/new/actions'),
  invoice: await import('@/app/[locale]/console/(signed-in)/invoices/[id]/actions'),
  edit: await import('@/app/[locale]/console/(signed-in)/invoices/[id]/edit/actions'),
  signIn: await import('@/app/[locale]/console/sign-in/actions'),
};
const actions: [string, Action][] = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => typeof value === 'function')
    .map(([name, value]): [string, Action] => [`${file}.${name}`, value as Action]),
);

const form = (fields: Record<string, string | Blob>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};
const FIELDS = [
  'name',
  'environment',
  'key_id',
  'entry_id',
  'workflow_id',
  'invoice_id',
  'document',
  'cuit',
  'intent',
  'template',
  'webhook_url',
  'webhook_headers',
  'email',
  'password',
];
const everyField = (value: string | Blob) =>
  form(Object.fromEntries(FIELDS.map((name) => [name, value])));

// What a client can make React decode into an action's arguments: any JSON-like value, FormData
// with any text (control characters, lone surrogates, very long) or files where text is expected.
const MALFORMED: [string, unknown[]][] = [
  ['no arguments', []],
  ['undefined, undefined', [undefined, undefined]],
  ['null, null', [null, null]],
  ['numbers', [1, 2]],
  ['strings', ['x', 'y']],
  ['objects', [{}, { name: 'x' }]],
  ['arrays', [[], ['a']]],
  ['a form first', [form({ name: 'x' })]],
  ['NUL in every field', [{ status: 'idle' }, everyField('a\u0000b')]],
  ['control characters', [{ status: 'idle' }, everyField('\u0001\u001f\u007f\u009f')]],
  ['a lone surrogate', [{ status: 'idle' }, everyField('a\ud800b')]],
  ['very long text', [{ status: 'idle' }, everyField('x'.repeat(200_000))]],
  ['files', [{ status: 'idle' }, everyField(new Blob(['a\u0000b']))]],
  ['valid-looking ids', [{ status: 'idle' }, everyField('00000000-0000-4000-8000-000000000000')]],
];

describeEachDatabase('console actions: malformed arguments never throw', (database) => {
  beforeAll(async () => {
    harness.db = database().db as Db;
    harness.workspaceId = (
      await createWorkspace(harness.db as Db, { name: 'Fuzz', environment: 'sandbox' })
    ).id;
  });

  it('answers every malformed call with a state (or a redirect), never an exception', async () => {
    expect(actions.length).toBeGreaterThanOrEqual(12);
    const thrown: string[] = [];
    for (const [name, action] of actions)
      for (const [label, args] of MALFORMED) {
        try {
          await action(...args);
        } catch (error) {
          if (!(error instanceof harness.Redirect))
            thrown.push(`${name} (${label}): ${(error as Error).message.slice(0, 80)}`);
        }
      }
    expect(thrown).toEqual([]);
  });

  it('refuses an API key name with a control character, naming the field', async () => {
    const before = (await listApiKeys(harness.db as Db, harness.workspaceId)).length;
    for (const name of ['ci\u0000key', 'ci\nkey', 'tab\tkey']) {
      const state = await modules.settings.createApiKeyAction({ status: 'idle' }, form({ name }));
      expect(state).toMatchObject({
        status: 'error',
        code: 'keyNameInvalid',
        fields: { name: 'invalid' },
        values: { name },
      });
    }
    expect(await listApiKeys(harness.db as Db, harness.workspaceId)).toHaveLength(before);
  });
});
