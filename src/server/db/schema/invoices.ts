import { sql } from 'drizzle-orm'
import {
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core'
import type { FetchState } from '../../../domain/remote-file'
import { customers } from './accounts'
import { products } from './catalogue'
import { bytea } from './column-types'

/**
 * The ERP's invoices (`POST /api/integration/v1/invoices`), keyed by their number, shown to the
 * company's dealers at /hesap/faturalar. The PDF's bytes live in erp_invoice_pdfs; the columns
 * `pdf_*` follow the download of `pdf_url` (pending → fetched, or failed after the last attempt).
 */
export const erpInvoices = pgTable(
  'erp_invoices',
  {
    id: serial('id').primaryKey(),
    number: varchar('number', { length: 40 }).notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    date: date('date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    ettn: uuid('ettn'),
    /** The total with tax. */
    amount: numeric('amount', { precision: 18, scale: 4 }).notNull(),
    taxAmount: numeric('tax_amount', { precision: 18, scale: 4 }),
    currency: varchar('currency', { length: 3 }).notNull(),
    pdfUrl: text('pdf_url'),
    /** The download of pdf_url: null when there is none to make (no address, or a PDF was uploaded). */
    pdfFetchState: varchar('pdf_fetch_state', { length: 10 }).$type<FetchState>(),
    pdfFetchAttempts: integer('pdf_fetch_attempts').notNull().default(0),
    /** When a pending download is due (or, while one runs, when its lease ends). */
    pdfFetchNextAt: timestamp('pdf_fetch_next_at', { withTimezone: true }),
    pdfFetchError: text('pdf_fetch_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('erp_invoices_number_uq').on(t.number),
    uniqueIndex('erp_invoices_ettn_uq').on(t.ettn).where(sql`${t.ettn} is not null`),
    index('erp_invoices_customer_idx').on(t.customerId, t.date.desc(), t.id.desc()),
    index('erp_invoices_pdf_due_idx').on(t.pdfFetchNextAt).where(sql`${t.pdfFetchState} = 'pending'`),
  ],
)

/** An invoice's PDF, uploaded or downloaded: kept apart so listing invoices never reads the bytes. */
export const erpInvoicePdfs = pgTable('erp_invoice_pdfs', {
  invoiceId: integer('invoice_id')
    .primaryKey()
    .references(() => erpInvoices.id, { onDelete: 'cascade' }),
  bytes: bytea('bytes').notNull(),
  size: integer('size').notNull(),
  /** SHA-256 (hex) of the bytes: the ETag of the download. */
  sha256: varchar('sha256', { length: 64 }).notNull(),
  contentType: varchar('content_type', { length: 100 }).notNull(),
  /** 'upload' (PUT …/pdf) or 'url' (downloaded from pdf_url). */
  source: varchar('source', { length: 10 }).notNull(),
  storedAt: timestamp('stored_at', { withTimezone: true }).notNull(),
})

/**
 * The download of a product's `image_source_url`: a row is (re)made pending whenever the ERP sends an
 * address other than the one stored, so the same address is fetched once and a changed one again.
 */
export const productImageFetches = pgTable(
  'product_image_fetches',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    sourceUrl: text('source_url').notNull(),
    state: varchar('state', { length: 10 }).$type<FetchState>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAt: timestamp('next_at', { withTimezone: true }),
    lastError: text('last_error'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('product_image_fetches_due_idx').on(t.nextAt).where(sql`${t.state} = 'pending'`)],
)

/**
 * Product images downloaded from the ERP's addresses, made smaller, served at /images/{name}
 * (`products.image` names them). In the database, not on a disk, so every app process serves them and
 * a new build does not lose them; the name is the content's hash, so an address never changes content.
 */
export const productImageFiles = pgTable('product_image_files', {
  name: varchar('name', { length: 100 }).primaryKey(),
  contentType: varchar('content_type', { length: 100 }).notNull(),
  bytes: bytea('bytes').notNull(),
  size: integer('size').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
})
