import type { schema } from '@/lib/db';

type WorkspaceRow = typeof schema.workspaces.$inferSelect;

export function toWorkspace(row: WorkspaceRow) {
  return {
    id: row.id,
    name: row.name,
    environment: row.environment,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
