import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { FaultReportStatus } from '../../../contracts/service'
import { LISTED_PRODUCT_SQL } from '../../../domain/listing'
import type { Db } from '../../db/client'
import { customers, userPreferences, users } from '../../db/schema/accounts'
import { products } from '../../db/schema/catalogue'
import { faultReportChanges, faultReports } from '../../db/schema/service'

/** The picker's products of a category: listed ones (products_list_category_idx), by name. */
export async function findCategoryProducts(db: Db, categoryId: number, limit: number) {
  return db
    .select({ id: products.id, code: products.code, name: products.name })
    .from(products)
    .where(and(eq(products.categoryId, categoryId), sql.raw(LISTED_PRODUCT_SQL)))
    .orderBy(asc(products.nameSort), asc(products.id))
    .limit(limit)
}

/** The product a typed code names (products_code_uq): as typed, else upper-cased, as codes are kept. */
export async function findProductByCode(db: Db, code: string) {
  const [row] = await db
    .select({ id: products.id, code: products.code, name: products.name })
    .from(products)
    .where(sql`${products.code} in (${code}, ${code.toUpperCase()})`)
    .orderBy(sql`${products.code} = ${code} desc`)
    .limit(1)
  return row ?? null
}

export async function findCustomerCode(db: Db, customerId: number): Promise<string> {
  const [row] = await db
    .select({ code: customers.code })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1)
  return row?.code ?? ''
}

export type NewFaultReport = typeof faultReports.$inferInsert

export async function insertFaultReport(db: Db, values: NewFaultReport) {
  const [row] = await db.insert(faultReports).values(values).returning({ id: faultReports.id })
  return row!.id
}

/** A report's columns for a list, never its photo bytes: only whether it has one. */
const listColumns = {
  id: faultReports.id,
  reportNo: faultReports.reportNo,
  createdAt: faultReports.createdAt,
  updatedAt: faultReports.updatedAt,
  productCode: faultReports.productCode,
  productName: products.name,
  serialNumber: faultReports.serialNumber,
  description: faultReports.description,
  contactPhone: faultReports.contactPhone,
  status: faultReports.status,
  staffNote: faultReports.staffNote,
  hasPhoto: sql<boolean>`${faultReports.photo} is not null`,
}

export type FaultReportRow = {
  id: number
  reportNo: string
  createdAt: Date
  updatedAt: Date
  productCode: string
  productName: string | null
  serialNumber: string | null
  description: string
  contactPhone: string
  status: FaultReportStatus
  staffNote: string | null
  hasPhoto: boolean
}

/** A dealer company's reports, newest first (fault_reports_customer_idx). */
export async function findCustomerReportPage(
  db: Db,
  customerId: number,
  offset: number,
  limit: number,
): Promise<FaultReportRow[]> {
  return db
    .select(listColumns)
    .from(faultReports)
    .leftJoin(products, eq(products.id, faultReports.productId))
    .where(eq(faultReports.customerId, customerId))
    .orderBy(desc(faultReports.id))
    .offset(offset)
    .limit(limit)
}

export async function countCustomerReports(db: Db, customerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(faultReports)
    .where(eq(faultReports.customerId, customerId))
  return row?.n ?? 0
}

const statusWhere = (status: FaultReportStatus | undefined): SQL | undefined =>
  status ? eq(faultReports.status, status) : undefined

/** Every company's reports, newest first (fault_reports_status_idx with a status, else the key). */
export async function findReportPage(
  db: Db,
  status: FaultReportStatus | undefined,
  offset: number,
  limit: number,
) {
  return db
    .select({
      ...listColumns,
      customerId: customers.id,
      customerCode: customers.code,
      customerName: customers.name,
      userName: users.name,
    })
    .from(faultReports)
    .innerJoin(customers, eq(customers.id, faultReports.customerId))
    .leftJoin(users, eq(users.id, faultReports.userId))
    .leftJoin(products, eq(products.id, faultReports.productId))
    .where(statusWhere(status))
    .orderBy(desc(faultReports.id))
    .offset(offset)
    .limit(limit)
}

export type AdminFaultReportRow = Awaited<ReturnType<typeof findReportPage>>[number]

export async function countReports(db: Db, status: FaultReportStatus | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(faultReports).where(statusWhere(status))
  return row?.n ?? 0
}

const statusColumns = {
  id: faultReports.id,
  reportNo: faultReports.reportNo,
  userId: faultReports.userId,
  status: faultReports.status,
  staffNote: faultReports.staffNote,
  updatedAt: faultReports.updatedAt,
}

/** A report's status and note, its row locked until the transaction ends (two staff wait in turn). */
export async function lockReportStatus(db: Db, id: number) {
  const [row] = await db.select(statusColumns).from(faultReports).where(eq(faultReports.id, id)).for('update')
  return row ?? null
}

/** The report's new status and note, and the step in its history, by this staff user. */
export async function recordReportStep(
  db: Db,
  step: {
    id: number
    from: FaultReportStatus
    to: FaultReportStatus
    note: string | null
    byUserId: number
    now: Date
  },
) {
  const [row] = await db
    .update(faultReports)
    .set({
      status: step.to,
      updatedAt: step.now,
      ...(step.note !== null ? { staffNote: step.note } : {}),
    })
    .where(eq(faultReports.id, step.id))
    .returning(statusColumns)
  await db.insert(faultReportChanges).values({
    reportId: step.id,
    fromStatus: step.from,
    toStatus: step.to,
    note: step.note,
    byUserId: step.byUserId,
    createdAt: step.now,
  })
  return row!
}

/** The history of these reports, oldest step first (fault_report_changes_report_idx): one query a page. */
export async function findReportHistories(db: Db, reportIds: number[]) {
  if (reportIds.length === 0) return []
  return db
    .select({
      reportId: faultReportChanges.reportId,
      from: faultReportChanges.fromStatus,
      to: faultReportChanges.toStatus,
      note: faultReportChanges.note,
      at: faultReportChanges.createdAt,
    })
    .from(faultReportChanges)
    .where(inArray(faultReportChanges.reportId, reportIds))
    .orderBy(asc(faultReportChanges.reportId), asc(faultReportChanges.id))
}

/** Who filed a report, to mail them its steps: address, name and language (null: gone or inactive). */
export async function findReporter(db: Db, userId: number | null) {
  if (userId === null) return null
  const [row] = await db
    .select({ email: users.email, name: users.name, locale: userPreferences.locale, active: users.isActive })
    .from(users)
    .leftJoin(userPreferences, eq(userPreferences.userId, users.id))
    .where(eq(users.id, userId))
  return row?.active ? row : null
}

/** A report's photo; `customerId` limits it to that company's reports (another's is not found). */
export async function findReportPhoto(db: Db, id: number, customerId: number | null) {
  const owner = customerId === null ? undefined : eq(faultReports.customerId, customerId)
  const [row] = await db
    .select({ reportNo: faultReports.reportNo, photo: faultReports.photo, photoType: faultReports.photoType })
    .from(faultReports)
    .where(and(eq(faultReports.id, id), owner))
    .limit(1)
  return row ?? null
}

/** Fault reports not done yet (fault_reports_status_idx). */
export async function countOpenReports(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(faultReports)
    .where(sql`${faultReports.status} in ('new', 'in_service')`)
  return row?.n ?? 0
}
