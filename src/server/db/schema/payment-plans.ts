import { sql } from 'drizzle-orm'
import { boolean, check, integer, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core'

// A file of its own (not store.ts, which names users): a company (accounts.ts) names its default
// plan, and the schema's files import one another without a cycle.

/** The spec's advencePriceInfo: which price column each payment plan reads. */
export const paymentPlans = pgTable(
  'payment_plans',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** 'salePrice' or 'advencePrice1'..'advencePrice5'. */
    priceName: varchar('price_name', { length: 20 }).notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** A virtual plan is paid by card (pay button) instead of ordered on account. */
    isVirtual: boolean('is_virtual').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    check(
      'payment_plans_price_name_valid',
      sql`${t.priceName} in ('salePrice','advencePrice1','advencePrice2','advencePrice3','advencePrice4','advencePrice5')`,
    ),
  ],
)
