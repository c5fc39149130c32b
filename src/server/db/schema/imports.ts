import { index, integer, jsonb, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { bytea } from './column-types'

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

/**
 * A spreadsheet between its upload and its import (an hour at most): the file as it was sent, so
 * whichever app process a staff member's next request reaches can read it again. Each process keeps
 * the rows it has read in memory; this is what survives a restart and a move to another process.
 */
export const importUploads = pgTable(
  'import_uploads',
  {
    /** 16 random bytes, base64url: the id the screen holds. */
    id: varchar('id', { length: 32 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resource: varchar('resource', { length: 32 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    file: bytea('file').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('import_uploads_created_idx').on(t.createdAt)],
)
