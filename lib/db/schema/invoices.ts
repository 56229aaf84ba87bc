import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { entries } from './silo';
import { workspaces } from './workspaces';

/**
 * The sending of one invoice entry to ARCA (lib/invoices): the number reserved, the voucher exactly
 * as sent (a resend after a lost answer is byte-identical), and ARCA's verdict. `pending` rows are the
 * senders in flight: at most one per point of sale and voucher type, so a second sender never takes
 * a number before the first one's fate is known.
 */
export const invoiceSends = pgTable(
  'invoice_sends',
  {
    entryId: uuid('entry_id')
      .primaryKey()
      .references(() => entries.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    // The registration's entry: a supplier is not deleted while its invoices exist, and if it were
    // the record of what ARCA approved must stay.
    supplierEntryId: uuid('supplier_entry_id').notNull(),
    environment: text('environment', { enum: ['sandbox', 'live'] }).notNull(),
    cuit: text('cuit').notNull(),
    pointOfSale: integer('point_of_sale').notNull(),
    voucherType: integer('voucher_type').notNull(),
    // Null until reserved, and again once ARCA rejected it (the number is free at ARCA).
    number: integer('number'),
    // The NumberedFeVoucher as sent (the FeVoucher alone before a number is reserved).
    voucher: jsonb('voucher').notNull(),
    requestHash: text('request_hash'),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'review'] }).notNull(),
    cae: text('cae'),
    caeExpiry: text('cae_expiry'),
    observations: jsonb('observations')
      .notNull()
      .default(sql`'[]'::jsonb`),
    errors: jsonb('errors')
      .notNull()
      .default(sql`'[]'::jsonb`),
    jobId: uuid('job_id'),
    // Sent in one FECAESolicitar (a batch) by the send of this entry, the one that claimed the
    // sequence (its own row names itself). A pending row of a batch holds the sequence too, until it
    // is settled (docs/invoicing.md, Batches).
    batchOf: uuid('batch_of'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoice_sends_number_idx')
      .on(t.environment, t.cuit, t.pointOfSale, t.voucherType, t.number)
      .where(sql`${t.number} is not null`),
    uniqueIndex('invoice_sends_in_flight_idx')
      .on(t.environment, t.cuit, t.pointOfSale, t.voucherType)
      .where(
        sql`${t.status} = 'pending' and (${t.batchOf} is null or ${t.batchOf} = ${t.entryId})`,
      ),
    index('invoice_sends_batch_idx')
      .on(t.batchOf)
      .where(sql`${t.batchOf} is not null`),
  ],
);
