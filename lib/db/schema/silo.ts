import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  integer,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces';

const PARTY_CODE = sql.raw(`coalesce(data->'tax_id'->>'code', data->'doc'->'tax_id'->>'code')`);

export const entries = pgTable(
  'silo_entries',
  {
    id: uuid('id').primaryKey(),
    // Insertion order: the cursor of entry lists (UUIDs are not ordered across versions).
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    key: text('key'),
    folder: text('folder'),
    state: text('state').notNull().default('empty'),
    docSchema: text('doc_schema').notNull(),
    envSchema: text('env_schema'),
    data: jsonb('data').notNull(),
    faults: jsonb('faults')
      .notNull()
      .default(sql`'[]'::jsonb`),
    // sha256 of the normalised request: a repeated PUT/keyed POST with the same body is not a conflict.
    requestHash: text('request_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('silo_entries_owner_key_idx').on(t.ownerId, t.key),
    index('silo_entries_owner_folder_seq_idx').on(t.ownerId, t.folder, t.seq),
    index('silo_entries_owner_seq_idx').on(t.ownerId, t.seq),
    // A party's CUIT (a supplier's registration entry), as findRegisteredSupplier looks it up.
    index('silo_entries_owner_party_code_idx')
      .on(t.ownerId, sql`(${PARTY_CODE})`)
      .where(sql`${PARTY_CODE} is not null`),
  ],
);

export const entryStates = pgTable(
  'silo_entry_states',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    jobId: uuid('job_id'),
    // Invopop's SiloState: who set it (a job's step, an API key, a console user) and why.
    src: text('src'),
    srcId: text('src_id'),
    notes: text('notes'),
    meta: jsonb('meta'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('silo_entry_states_entry_idx').on(t.entryId, t.id)],
);

export const metaRecords = pgTable(
  'silo_meta',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    src: text('src').notNull(),
    key: text('key').notNull(),
    ref: text('ref'),
    linkUrl: text('link_url'),
    linkScope: text('link_scope'),
    value: jsonb('value'),
    indexed: boolean('indexed').notNull().default(false),
    shared: boolean('shared').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('silo_meta_entry_src_key_idx').on(t.entryId, t.src, t.key),
    uniqueIndex('silo_meta_ref_idx').on(t.ref),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** An entry's files (Invopop's SiloFile): the PDF the `pdf` step renders, and uploads. */
export const entryFiles = pgTable(
  'silo_entry_files',
  {
    id: uuid('id').primaryKey(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    key: text('key'),
    name: text('name').notNull(),
    category: text('category').notNull(),
    desc: text('desc'),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    hash: text('hash').notNull(),
    embeddable: boolean('embeddable').notNull().default(false),
    meta: jsonb('meta'),
    content: bytea('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('silo_entry_files_entry_idx').on(t.entryId, t.createdAt)],
);
