import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces';

export const workflows = pgTable(
  'transform_workflows',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    template: text('template'),
    steps: jsonb('steps').notNull(),
    rescue: jsonb('rescue')
      .notNull()
      .default(sql`'[]'::jsonb`),
    // Standard Webhooks secret (`whsec_…`), sealed with the master key.
    webhookSecretSealed: text('webhook_secret_sealed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('transform_workflows_owner_idx').on(t.ownerId, t.createdAt)],
);

export const jobs = pgTable(
  'transform_jobs',
  {
    id: uuid('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    key: text('key'),
    workflowId: uuid('workflow_id').notNull(),
    siloEntryId: uuid('silo_entry_id').notNull(),
    status: text('status').notNull().default('QUEUED'),
    args: jsonb('args')
      .notNull()
      .default(sql`'{}'::jsonb`),
    tags: jsonb('tags')
      .notNull()
      .default(sql`'[]'::jsonb`),
    faults: jsonb('faults')
      .notNull()
      .default(sql`'[]'::jsonb`),
    requestHash: text('request_hash').notNull(),
    // Runner bookkeeping: the next step to run, when, and who holds the lease.
    stepIndex: integer('step_index').notNull().default(0),
    phase: text('phase').notNull().default('steps'),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('transform_jobs_owner_key_idx').on(t.ownerId, t.key),
    index('transform_jobs_owner_seq_idx').on(t.ownerId, t.seq),
    index('transform_jobs_runnable_idx')
      .on(t.runAfter)
      .where(sql`${t.completedAt} is null`),
    index('transform_jobs_entry_idx').on(t.siloEntryId),
  ],
);

export const jobIntents = pgTable(
  'transform_job_intents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    stepId: text('step_id').notNull(),
    name: text('name').notNull(),
    provider: text('provider').notNull().default(''),
    phase: text('phase').notNull().default('steps'),
    status: text('status').notNull(),
    events: jsonb('events')
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('transform_job_intents_job_step_idx').on(t.jobId, t.phase, t.position)],
);
