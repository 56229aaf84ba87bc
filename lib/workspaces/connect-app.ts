import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import { schema, type Db } from '@/lib/db';
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

export async function isAppConnected(db: Db, workspaceId: string, app: string): Promise<boolean> {
  const [row] = await db
    .select({ app: schema.workspaceApps.app })
    .from(schema.workspaceApps)
    .where(
      and(
        eq(schema.workspaceApps.workspaceId, workspaceId),
        eq(schema.workspaceApps.app, app),
        isNull(schema.workspaceApps.disconnectedAt),
      ),
    );
  return !!row;
}
