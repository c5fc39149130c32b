import { sql } from 'drizzle-orm'
import { check, integer, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core'
import { users } from './accounts'

/**
 * The virtual POS chosen on the back office (payment setup, "Sanal POS"), one row: used when the
 * environment does not name the gateway (config.paymentGatewaySource 'stored'). The merchant keys are
 * sealed (security/secret-box.ts, AES-256-GCM); only their last four characters and the time they were
 * set are kept in the clear, for the screen. A statement-level trigger stamps data_versions, so every
 * process reads it again on its next payment (migration 0048).
 */
export const paymentGatewaySettings = pgTable(
  'payment_gateway_settings',
  {
    id: smallint('id').primaryKey().default(1),
    gateway: varchar('gateway', { length: 16 }).notNull(),
    /** iyzico's API address (an origin); null for the sandbox. */
    baseUrl: text('base_url'),
    apiKeySealed: text('api_key_sealed'),
    apiKeyEnding: varchar('api_key_ending', { length: 4 }),
    apiKeySetAt: timestamp('api_key_set_at', { withTimezone: true }),
    secretKeySealed: text('secret_key_sealed'),
    secretKeyEnding: varchar('secret_key_ending', { length: 4 }),
    secretKeySetAt: timestamp('secret_key_set_at', { withTimezone: true }),
    /** Which key sealed them (security/secret-box.ts keyFingerprint): a changed key is told apart. */
    sealedWith: varchar('sealed_with', { length: 16 }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedByUserId: integer('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('payment_gateway_settings_one_row', sql`${t.id} = 1`),
    check('payment_gateway_settings_gateway_valid', sql`${t.gateway} in ('sandbox', 'iyzico')`),
  ],
)
