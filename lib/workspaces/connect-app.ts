import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { runStatement, schema, statement, type Db } from '@/lib/db';
import { appSchema } from './schemas';

export async function connectApp(db: Db, workspaceId: string, app: string) {
  const id = appSchema.parse(app);
  await db
    .insert(schema.workspaceApps)
    .values({ workspaceId, app: id })
    .onConflictDoUpdate({
      target: [schema.workspaceApps.workspaceId, schema.workspaceApps.app],
      set: { connectedAt: new Date(), disconnectedAt: null },
    });
}

export async function disconnectApp(db: Db, workspaceId: string, app: string) {
  const id = appSchema.parse(app);
  await db
    .update(schema.workspaceApps)
    .set({ disconnectedAt: new Date() })
    .where(
      and(
        eq(schema.workspaceApps.workspaceId, workspaceId),
        eq(schema.workspaceApps.app, id),
        isNull(schema.workspaceApps.disconnectedAt),
      ),
    );
}

const connectedApp = statement(
  'workspace_app_connected',
  `select 1 from workspace_apps where workspace_id = $1 and app = $2 and disconnected_at is null`,
);

export async function isAppConnected(db: Db, workspaceId: string, app: string): Promise<boolean> {
  return (await runStatement(db, connectedApp, [workspaceId, app])).length > 0;
}
