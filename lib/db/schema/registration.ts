import { sql } from 'drizzle-orm';
import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { entries } from './silo';
import { workspaces } from './workspaces';

/** One supplier's registration: wizard progress, and when its certificate was authorised. */
export const registrations = pgTable('registrations', {
  entryId: uuid('entry_id')
    .primaryKey()
    .references(() => entries.id, { onDelete: 'cascade' }),
  ownerId: uuid('owner_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  step: text('step').notNull().default('company'),
  progress: jsonb('progress').notNull().default(sql`'{}'::jsonb`),
  authorizedAt: timestamp('authorized_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The supplier's ARCA credentials: the sealed private key, the CSR, the certificate and its checks. */
export const registrationCredentials = pgTable('registration_credentials', {
  entryId: uuid('entry_id')
    .primaryKey()
    .references(() => entries.id, { onDelete: 'cascade' }),
  ownerId: uuid('owner_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  source: text('source', { enum: ['generated', 'byo'] }).notNull(),
  alias: text('alias'),
  csrPem: text('csr_pem'),
  // AES-256-GCM under the master key, with the entry id as associated data; never returned.
  keySealed: text('key_sealed').notNull(),
  certificatePem: text('certificate_pem'),
  certificateNotAfter: timestamp('certificate_not_after', { withTimezone: true }),
  lastChecks: jsonb('last_checks'),
  validatedAt: timestamp('validated_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
