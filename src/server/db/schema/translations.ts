import { sql } from 'drizzle-orm'
import { check, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core'

/**
 * Stored translations of names the store writes in Turkish: product, category, campaign and
 * payment-plan names by row id, unit names by their Turkish name ('Koli'), text settings by key.
 * The Turkish is the row itself; a missing translation falls back to it (src/domain/translations.ts).
 */
export const translations = pgTable(
  'translations',
  {
    kind: varchar('kind', { length: 20 }).notNull(),
    key: varchar('key', { length: 120 }).notNull(),
    locale: varchar('locale', { length: 5 }).notNull(),
    text: text('text').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.locale, t.kind, t.key] }),
    check(
      'translations_kind_valid',
      sql`${t.kind} in ('category','campaign','paymentPlan','unit','setting','variant','product')`,
    ),
    // Turkish is never a translation: it is the stored name itself.
    check('translations_locale_valid', sql`${t.locale} ~ '^[a-z]{2}$' and ${t.locale} <> 'tr'`),
    check('translations_text_present', sql`length(btrim(${t.text})) > 0`),
  ],
)
