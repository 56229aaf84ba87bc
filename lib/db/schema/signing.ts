import { pgTable, text, timestamp, uuid, jsonb } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces';

/**
 * Each workspace's ES256 key for signing GOBL envelopes (`sigs`). The private key is sealed with
 * the master key like the suppliers' ARCA keys; the public JWK is what receivers verify with.
 */
export const signingKeys = pgTable('signing_keys', {
  ownerId: uuid('owner_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  kid: text('kid').notNull().unique(),
  publicJwk: jsonb('public_jwk').notNull(),
  privateKeySealed: text('private_key_sealed').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
