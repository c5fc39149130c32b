import { integer, jsonb, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core'
import { users } from './accounts'

/**
 * The column mapping of a spreadsheet import, remembered per file layout: the resource and the SHA-256
 * of the file's normalised header row. A distributor's file of next month has the same headers, so
 * it opens with last month's mapping.
 */
export const importMappings = pgTable(
  'import_mappings',
  {
    resource: varchar('resource', { length: 32 }).notNull(),
    layoutHash: varchar('layout_hash', { length: 64 }).notNull(),
    /** Per column of the file, the field it fills or null. */
    mapping: jsonb('mapping').$type<(string | null)[]>().notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.resource, t.layoutHash] })],
)
