import { sql } from 'drizzle-orm'
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import type { FaultReportStatus } from '../../../contracts/service'
import { customers, users } from './accounts'
import { products } from './catalogue'
import { bytea } from './column-types'

/**
 * The serial-number registry behind the warranty inquiry (spec/2 §2, §3): one row per serial sold.
 * Demo data fills it now; the ERP integration writes it later.
 */
export const productSerials = pgTable(
  'product_serials',
  {
    id: serial('id').primaryKey(),
    /** Stored upper-cased and trimmed: a lookup folds the typed number the same way. */
    serialNumber: varchar('serial_number', { length: 64 }).notNull(),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** The sale the warranty counts from; null while the serial has not been sold. */
    saleDate: date('sale_date', { mode: 'string' }),
    warrantyMonths: integer('warranty_months').notNull().default(24),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('product_serials_serial_uq').on(t.serialNumber),
    check('product_serials_months_valid', sql`${t.warrantyMonths} >= 0`),
  ],
)

/** A serial's movements: sale (SATIŞ), service in, service out… with the document that recorded it. */
export const productSerialMovements = pgTable(
  'product_serial_movements',
  {
    id: serial('id').primaryKey(),
    serialId: integer('serial_id')
      .notNull()
      .references(() => productSerials.id, { onDelete: 'cascade' }),
    movedOn: date('moved_on', { mode: 'string' }).notNull(),
    /** The ERP's status word, e.g. 'SATIŞ', 'SERVİS GİRİŞ', 'SERVİS ÇIKIŞ'. */
    status: varchar('status', { length: 40 }).notNull(),
    documentNo: varchar('document_no', { length: 40 }).notNull(),
  },
  (t) => [index('product_serial_movements_serial_idx').on(t.serialId, t.movedOn)],
)

/** A dealer's fault report (arıza bildirimi): numbered, mailed to the store, followed by staff. */
export const faultReports = pgTable(
  'fault_reports',
  {
    id: serial('id').primaryKey(),
    /** 'AR-2026-000001': taken from document_counters in the creating transaction. */
    reportNo: varchar('report_no', { length: 20 }).notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    productCode: varchar('product_code', { length: 80 }).notNull(),
    serialNumber: varchar('serial_number', { length: 64 }),
    description: text('description').notNull(),
    contactPhone: varchar('contact_phone', { length: 40 }).notNull(),
    photo: bytea('photo'),
    photoType: varchar('photo_type', { length: 40 }),
    status: varchar('status', { length: 16 }).$type<FaultReportStatus>().notNull().default('new'),
    /** The latest note staff wrote for the dealer (what the service found, what happens next). */
    staffNote: text('staff_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fault_reports_no_uq').on(t.reportNo),
    index('fault_reports_customer_idx').on(t.customerId, t.id),
    index('fault_reports_status_idx').on(t.status, t.id),
    check('fault_reports_status_valid', sql`${t.status} in ('new', 'in_service', 'done')`),
  ],
)

/** Each status step of a fault report, with the note staff gave the dealer: its history, in order. */
export const faultReportChanges = pgTable(
  'fault_report_changes',
  {
    id: serial('id').primaryKey(),
    reportId: integer('report_id')
      .notNull()
      .references(() => faultReports.id, { onDelete: 'cascade' }),
    fromStatus: varchar('from_status', { length: 16 }).$type<FaultReportStatus>().notNull(),
    toStatus: varchar('to_status', { length: 16 }).$type<FaultReportStatus>().notNull(),
    note: text('note'),
    byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('fault_report_changes_report_idx').on(t.reportId, t.id)],
)
