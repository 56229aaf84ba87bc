import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

// WSAA access tickets, shared by every instance: ARCA answers a second login within a ticket's
// life with coe.alreadyAuthenticated, so the ticket must outlive the process that got it. ARCA
// issues it to the certificate's DN (alias and CUIT), not to one certificate file: a re-issued
// certificate with the same alias meets the same ticket.
export const arcaTickets = pgTable(
  'arca_tickets',
  {
    environment: text('environment', { enum: ['sandbox', 'live'] }).notNull(),
    cuit: text('cuit').notNull(),
    /** As ARCA writes it in the ticket's destination: "SERIALNUMBER=CUIT <cuit>, CN=<alias>". */
    dn: text('dn').notNull(),
    service: text('service').notNull(),
    token: text('token').notNull(),
    sign: text('sign').notNull(),
    generationTime: timestamp('generation_time', { withTimezone: true }).notNull(),
    expirationTime: timestamp('expiration_time', { withTimezone: true }).notNull(),
    /** How far this server's clock was ahead of ARCA's (negative: behind) when the ticket came, in ms. */
    clockOffsetMs: integer('clock_offset_ms').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.environment, t.cuit, t.dn, t.service] })],
);

// The simulated ARCA (ARCA_SIMULATOR=on only). Its CA keys are test material, never trusted in production.
export const arcaSimCas = pgTable('arca_sim_cas', {
  environment: text('environment', { enum: ['sandbox', 'live'] }).primaryKey(),
  certificatePem: text('certificate_pem').notNull(),
  privateKeyPem: text('private_key_pem').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const arcaSimCertificates = pgTable(
  'arca_sim_certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    environment: text('environment', { enum: ['sandbox', 'live'] }).notNull(),
    cuit: text('cuit').notNull(),
    alias: text('alias').notNull(),
    fingerprint: text('fingerprint').notNull().unique(),
    certificatePem: text('certificate_pem').notNull(),
    notBefore: timestamp('not_before', { withTimezone: true }).notNull(),
    notAfter: timestamp('not_after', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('arca_sim_certificates_cuit_idx').on(t.environment, t.cuit)],
);

export const arcaSimAuthorizations = pgTable(
  'arca_sim_authorizations',
  {
    environment: text('environment', { enum: ['sandbox', 'live'] }).notNull(),
    cuit: text('cuit').notNull(),
    alias: text('alias').notNull(),
    service: text('service').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.environment, t.cuit, t.alias, t.service] })],
);

export const arcaSimTickets = pgTable(
  'arca_sim_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    environment: text('environment', { enum: ['sandbox', 'live'] }).notNull(),
    cuit: text('cuit').notNull(),
    alias: text('alias').notNull(),
    service: text('service').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('arca_sim_tickets_holder_idx').on(t.environment, t.cuit, t.alias, t.service)],
);

export const arcaSimPointsOfSale = pgTable(
  'arca_sim_points_of_sale',
  {
    environment: text('environment', { enum: ['sandbox', 'live'] }).notNull(),
    cuit: text('cuit').notNull(),
    number: integer('number').notNull(),
    // "CAE - Ri Iva", "CAE - Monotributo", "CAEA - Ri Iva" or "Factura en Linea" (not a web-service one).
    emissionType: text('emission_type').notNull(),
    blocked: boolean('blocked').notNull().default(false),
    // yyyymmdd as WSFE writes it; null while open.
    closedOn: text('closed_on'),
    lastVoucher: integer('last_voucher').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.environment, t.cuit, t.number] })],
);

// Vouchers the simulated WSFE authorised (FECAESolicitar). The primary key is the sequence plus the
// number: two requests for the same number cannot both commit, whatever their timing.
export const arcaSimInvoices = pgTable(
  'arca_sim_invoices',
  {
    environment: text('environment', { enum: ['sandbox', 'live'] }).notNull(),
    cuit: text('cuit').notNull(),
    pointOfSale: integer('point_of_sale').notNull(),
    voucherType: integer('voucher_type').notNull(),
    number: integer('number').notNull(),
    /** CbteFch, yyyymmdd: a later voucher may not be dated before it. */
    voucherDate: text('voucher_date').notNull(),
    /** The FECAEDetRequest as received, field names as WSFEv1's, values as strings; for WSCT's types
     * (195–197) its comprobanteRequest as read (`SimCtVoucher`). */
    request: jsonb('request').notNull(),
    cae: text('cae').notNull(),
    /** yyyymmdd */
    caeExpiry: text('cae_expiry').notNull(),
    /** Observaciones sent with the approval: [{ code, message }]. */
    observations: jsonb('observations').notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.environment, t.cuit, t.pointOfSale, t.voucherType, t.number] })],
);
