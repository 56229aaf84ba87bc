import 'server-only';
import type { ParseArgsConfig } from 'node:util';
import { backupEmbeddedDatabase, BackupRefused, writeBackupFile, type Db } from '@/lib/db';
import { DomainError } from '@/lib/errors';
import { createWorkflow, WEBHOOK_SUBSCRIPTIONS } from '@/lib/transform';
import { resealMasterKey } from './reseal-master-key';
import { createUser } from '@/lib/users';
import { connectApp, createApiKey, createWorkspace, getWorkspace } from '@/lib/workspaces';

export type CommandValues = Record<string, string | boolean | undefined>;

export interface AdminCommand {
  options: NonNullable<ParseArgsConfig['options']>;
  /** A file named after `--` without an option name (`npm run db:backup -- <file>`), resolved against the caller's folder. */
  fileArgument?: string;
  run(db: Db, values: CommandValues): Promise<Record<string, unknown>>;
}

const text = (value: CommandValues[string]) => (typeof value === 'string' ? value : undefined);

async function requireWorkspace(db: Db, id: string | undefined) {
  if (!id)
    throw new DomainError({
      kind: 'invalid',
      code: 'usage',
      detail: '--workspace <id> is required',
    });
  if (!(await getWorkspace(db, id).catch(() => undefined)))
    throw new DomainError({
      kind: 'not_found',
      code: 'workspace_not_found',
      detail: `No workspace ${id}.`,
    });
  return id;
}

/**
 * The administration commands (npm run <name>), one definition each: the CLI runs them on the
 * database itself, or asks the running app to run them (control socket) when it holds the
 * embedded database.
 */
export const ADMIN_COMMANDS = {
  // npm run workspace:create -- --name <n> --env sandbox|live [--connect gov-ar] [--json]
  'workspace:create': {
    options: {
      name: { type: 'string' },
      env: { type: 'string', default: 'sandbox' },
      connect: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
    async run(db, values) {
      const name = text(values.name);
      const connect = text(values.connect);
      if (!name)
        throw new DomainError({
          kind: 'invalid',
          code: 'usage',
          detail:
            '--name is required: npm run workspace:create -- --name <name> --env sandbox|live [--connect gov-ar]',
        });
      if (values.env !== 'sandbox' && values.env !== 'live')
        throw new DomainError({
          kind: 'invalid',
          code: 'usage',
          detail: '--env must be sandbox or live',
        });
      const workspace = await createWorkspace(db, { name, environment: values.env });
      if (connect) await connectApp(db, workspace.id, connect);
      const key = await createApiKey(db, workspace.id, 'first key');
      return {
        workspace_id: workspace.id,
        environment: workspace.environment,
        ...(connect ? { connected: connect } : {}),
        api_key: key.token,
      };
    },
  },
  // npm run app:connect -- --workspace <id> --app gov-ar [--json]
  'app:connect': {
    options: {
      workspace: { type: 'string' },
      app: { type: 'string', default: 'gov-ar' },
      json: { type: 'boolean', default: false },
    },
    async run(db, values) {
      const workspace = await requireWorkspace(db, text(values.workspace));
      const app = text(values.app) ?? 'gov-ar';
      await connectApp(db, workspace, app);
      return { workspace_id: workspace, app, connected: true };
    },
  },
  // npm run workflow:create -- --workspace <id> [--template ar-supplier-registration | ar-invoice] [--webhook-url <u>] [--webhook-token <t>] [--webhook-event <e>] [--webhook-certificates] [--json]
  'workflow:create': {
    options: {
      workspace: { type: 'string' },
      template: { type: 'string', default: 'ar-supplier-registration' },
      'webhook-url': { type: 'string' },
      'webhook-token': { type: 'string' },
      'webhook-event': { type: 'string' },
      'webhook-certificates': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
    async run(db, values) {
      const workspace = await requireWorkspace(db, text(values.workspace));
      const url = text(values['webhook-url']);
      const webhook = url
        ? {
            url,
            token: text(values['webhook-token']),
            event: text(values['webhook-event']),
            ...(values['webhook-certificates'] ? { subscribe: [...WEBHOOK_SUBSCRIPTIONS] } : {}),
          }
        : undefined;
      const { workflow, webhookSecret: webhook_secret } = await createWorkflow(db, workspace, {
        template: text(values.template) ?? 'ar-supplier-registration',
        webhook,
      });
      return {
        workflow_id: workflow.id,
        name: workflow.name,
        steps: workflow.steps.map((s) => s.provider).join(' → '),
        ...(webhook_secret ? { webhook_secret } : {}),
      };
    },
  },
  // npm run user:create -- --workspace <id> --email <e> [--json]; prints a generated password once.
  'user:create': {
    options: {
      workspace: { type: 'string' },
      email: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
    async run(db, values) {
      const workspaceId = text(values.workspace);
      const email = text(values.email);
      if (!workspaceId)
        throw new DomainError({
          kind: 'invalid',
          code: 'usage',
          detail: '--workspace <id> is required',
        });
      if (!email)
        throw new DomainError({
          kind: 'invalid',
          code: 'usage',
          detail: '--email <address> is required',
        });
      const { user, password } = await createUser(db, { workspaceId, email });
      return {
        user_id: user.id,
        workspace_id: user.workspace_id,
        email: user.email,
        password,
        console_url: '/console',
      };
    },
  },
  // npm run db:backup -- <file> [--json]: the embedded database, while the app runs (through it) or not.
  'db:backup': {
    options: { json: { type: 'boolean', default: false } },
    fileArgument: 'file',
    async run(db, values) {
      const file = text(values.file);
      if (!file)
        throw new DomainError({
          kind: 'invalid',
          code: 'usage',
          detail: 'name the backup file: npm run db:backup -- <file>',
        });
      const started = performance.now();
      try {
        const archive = await backupEmbeddedDatabase(db);
        writeBackupFile(file, archive);
        return { file, bytes: archive.length, ms: Math.round(performance.now() - started) };
      } catch (error) {
        if (error instanceof BackupRefused)
          throw new DomainError({
            kind: 'precondition',
            code: 'backup_refused',
            detail: error.message,
          });
        if ((error as NodeJS.ErrnoException).code === 'EEXIST')
          throw new DomainError({
            kind: 'conflict',
            code: 'backup_exists',
            detail: `${file} already exists: a backup never overwrites a file.`,
          });
        throw error;
      }
    },
  },
  // npm run master-key:reseal [-- --batch-size <n>] [--json]: after a master key rotation (docs/operations.md).
  'master-key:reseal': {
    options: {
      'batch-size': { type: 'string', default: '100' },
      json: { type: 'boolean', default: false },
    },
    async run(db, values) {
      const batchSize = Number(text(values['batch-size']) ?? '100');
      if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000)
        throw new DomainError({
          kind: 'invalid',
          code: 'usage',
          detail: '--batch-size must be a whole number from 1 to 10000',
        });
      return resealMasterKey(db, batchSize);
    },
  },
} satisfies Record<string, AdminCommand>;

export type AdminCommandName = keyof typeof ADMIN_COMMANDS;

export const isAdminCommand = (name: string): name is AdminCommandName =>
  Object.hasOwn(ADMIN_COMMANDS, name);
