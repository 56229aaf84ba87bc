import 'server-only';
import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { schema, type Db } from '@/lib/db';
import type { Step } from '../schemas';

export interface WorkflowSteps {
  steps: Step[];
  rescue: Step[];
  /** Its template, which names the schema of the documents it may run on. */
  template: string | null;
}

const MAX_ENTRIES = 1_000;
// Workflows can be changed (PATCH/PUT): a change reaches every runner within this time.
const TTL_MS = 5_000;

/** Workflow steps by id, read at most once per TTL_MS per runner. */
export function workflowCache(db: Db) {
  const cache = new LRUCache<string, Promise<WorkflowSteps>>({ max: MAX_ENTRIES, ttl: TTL_MS });
  return (id: string): Promise<WorkflowSteps> => {
    const hit = cache.get(id);
    if (hit) return hit;
    const loading = db
      .select({
        steps: schema.workflows.steps,
        rescue: schema.workflows.rescue,
        template: schema.workflows.template,
      })
      .from(schema.workflows)
      .where(eq(schema.workflows.id, id))
      .then(([row]) => ({
        steps: (row?.steps ?? []) as Step[],
        rescue: (row?.rescue ?? []) as Step[],
        template: row?.template ?? null,
      }));
    cache.set(id, loading);
    loading.catch(() => cache.delete(id));
    return loading;
  };
}
