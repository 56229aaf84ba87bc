import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces';

/** Console operators. Each belongs to one workspace; emails are unique across workspaces. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull().unique(),
    // `scrypt$N$r$p$salt$hash`: the parameters travel with the hash so they can be raised later.
    passwordHash: text('password_hash').notNull(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('users_workspace_idx').on(t.workspaceId)],
);

/** Console sessions: only the sha256 of the cookie's token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Sign-in throttle, one row per key (`account:<sha256 of the email>`, `address:<client address or
 * IPv6 /64>`, or `known:<hash>` for a known address of an account). Keys exist for unknown emails too,
 * so a throttled answer says nothing about which accounts exist. An attempt counts as a failure from
 * the moment it takes its turn (so parallel attempts cannot all go first); a success gives it back.
 */
export const signInThrottles = pgTable(
  'sign_in_throttles',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull().default(0),
    // The earliest moment the next attempt on this key may be checked; each attempt moves it on.
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
  },
  (t) => [index('sign_in_throttles_next_attempt_idx').on(t.nextAttemptAt)],
);

/**
 * Addresses an account has signed in from (`sha256` of the email and the address key, nothing in
 * clear): a correct password from one of them is let through whatever others do from that address.
 */
export const signInKnownAddresses = pgTable(
  'sign_in_known_addresses',
  {
    key: text('key').primaryKey(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_in_known_addresses_last_sign_in_idx').on(t.lastSignInAt)],
);
