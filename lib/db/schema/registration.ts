import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
  progress: jsonb('progress')
    .notNull()
    .default(sql`'{}'::jsonb`),
  authorizedAt: timestamp('authorized_at', { withTimezone: true }),
  /** Set while a registered supplier renews its certificate (a job ran again on it); cleared by the switch. */
  renewalStartedAt: timestamp('renewal_started_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The supplier's validated ARCA credentials: the sealed private key, its CSR (when generated here),
 * the certificate and its checks. A row exists only once a certificate passed every check; new
 * credentials wait in registration_pending_credentials and replace these only when they validate.
 */
export const registrationCredentials = pgTable(
  'registration_credentials',
  {
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
  },
  // The certificate notice scheduler and the console's "expiring" filter look certificates up by expiry.
  (t) => [
    index('registration_credentials_not_after_idx')
      .on(t.certificateNotAfter)
      .where(sql`${t.validatedAt} is not null`),
  ],
);

/**
 * Certificate notices already queued: one row per certificate (entry and its expiry) and threshold
 * (`30`, `7`, `1` days before, or `expired`). Inserting the row is what claims the notice, so any
 * number of schedulers send each one once; a renewed certificate has another expiry, so new notices.
 */
export const registrationCertificateNotices = pgTable(
  'registration_certificate_notices',
  {
    entryId: uuid('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    certificateNotAfter: timestamp('certificate_not_after', { withTimezone: true }).notNull(),
    threshold: text('threshold', { enum: ['30', '7', '1', 'expired'] }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.certificateNotAfter, t.threshold] })],
);

/**
 * A key and CSR generated for a new certificate, waiting for ARCA's certificate: they replace the
 * validated credentials only once that certificate validates, so starting over never loses them.
 */
export const registrationPendingCredentials = pgTable('registration_pending_credentials', {
  entryId: uuid('entry_id')
    .primaryKey()
    .references(() => entries.id, { onDelete: 'cascade' }),
  ownerId: uuid('owner_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  alias: text('alias').notNull(),
  csrPem: text('csr_pem').notNull(),
  // Sealed like registration_credentials.key_sealed (same associated data), so it moves there as is.
  keySealed: text('key_sealed').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Certificates a renewal replaced, kept for the record: never used again (neither for invoicing nor
 * for ARCA tickets). Their private keys are not kept.
 */
export const registrationSupersededCredentials = pgTable(
  'registration_superseded_credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    alias: text('alias'),
    certificatePem: text('certificate_pem').notNull(),
    certificateNotAfter: timestamp('certificate_not_after', { withTimezone: true }),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    supersededAt: timestamp('superseded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('registration_superseded_credentials_entry_idx').on(t.entryId, t.supersededAt)],
);
