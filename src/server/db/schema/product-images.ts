import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { products } from './catalogue'

/** One stored size of an uploaded image: its pixels and its files' keys in the image store. */
export type StoredImageSize = { size: number; width: number; height: number; webp: string; avif: string }

/**
 * Images staff uploaded for a product, in order, one of them the main one (whose list-size name is
 * copied into products.image, which every dealer page reads). The files are in the image store
 * (a directory or an S3 bucket), named by content hash; a row is written only after its files are.
 */
export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    isMain: boolean('is_main').notNull().default(false),
    contentHash: varchar('content_hash', { length: 64 }).notNull(),
    /** Each size, smallest first. */
    sizes: jsonb('sizes').$type<StoredImageSize[]>().notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('product_images_product_idx').on(t.productId, t.position, t.id),
    // The same picture twice on one product is refused; its files (named by the hash) are shared.
    uniqueIndex('product_images_product_hash_idx').on(t.productId, t.contentHash),
    uniqueIndex('product_images_one_main_idx').on(t.productId).where(sql`${t.isMain}`),
  ],
)
