import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm'
import type { StaffCustomersQuery } from '../../../contracts/staff-customers'
import type { Db } from '../../db/client'
import { countUpTo } from '../../db/count'
import { branches, customers, users } from '../../db/schema/accounts'

export type CustomerFilter = { folded: string; active?: boolean }

function whereOf(filter: CustomerFilter): SQL | undefined {
  const pattern = `%${filter.folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return and(
    filter.folded ? sql`${customers.searchText} like ${pattern}` : undefined,
    filter.active === undefined ? undefined : eq(customers.isActive, filter.active),
  )
}

/** The matching companies, counted up to `cap` (db/count.ts). */
export function countCustomers(db: Db, filter: CustomerFilter, cap: number) {
  return countUpTo(db, customers, whereOf(filter), cap)
}

const rowColumns = {
  id: customers.id,
  code: customers.code,
  name: customers.name,
  taxNumber: customers.taxNumber,
  city: customers.city,
  riskLimit: customers.riskLimit,
  profitPercent: customers.profitPercent,
  paymentTermDays: customers.paymentTermDays,
  isActive: customers.isActive,
  salesUserId: customers.salesUserId,
  salesUserName: users.name,
}

/**
 * A page of companies in code or name order, with the sales person. The page's ids are taken first
 * from the companies alone (customers_code_uq, customers_name_idx), so a deep page skips index
 * entries; joined to every company, the planner sorted all of them for each page.
 */
export async function findCustomerPage(
  db: Db,
  filter: CustomerFilter,
  order: Pick<StaffCustomersQuery, 'sort' | 'dir'>,
  offset: number,
  limit: number,
) {
  const by = order.dir === 'desc' ? desc : asc
  const sortKeys = order.sort === 'name' ? [by(customers.name), by(customers.id)] : [by(customers.code)]
  const page = db
    .select({ id: customers.id })
    .from(customers)
    .where(whereOf(filter))
    .orderBy(...sortKeys)
    .offset(offset)
    .limit(limit)
    .as('page')
  return db
    .select(rowColumns)
    .from(customers)
    .innerJoin(page, eq(page.id, customers.id))
    .leftJoin(users, eq(users.id, customers.salesUserId))
    .orderBy(...sortKeys)
}

export type CustomerRow = Awaited<ReturnType<typeof findCustomerPage>>[number]

/**
 * The export's page: the companies after `after` in the list's order (a keyset on the code, or on the
 * name and id), with their contact details and sales person.
 */
export async function findCustomerExportPage(
  db: Db,
  filter: CustomerFilter,
  order: Pick<StaffCustomersQuery, 'sort' | 'dir'>,
  after: { code: string; name: string; id: number } | null,
  limit: number,
) {
  const by = order.dir === 'desc' ? desc : asc
  const beyond = order.dir === 'desc' ? sql`<` : sql`>`
  const byName = order.sort === 'name'
  const afterKey = !after
    ? undefined
    : byName
      ? sql`(${customers.name}, ${customers.id}) ${beyond} (${after.name}, ${after.id})`
      : sql`${customers.code} ${beyond} ${after.code}`
  return db
    .select({
      ...rowColumns,
      taxOffice: customers.taxOffice,
      email: customers.email,
      phone: customers.phone,
      address: customers.address,
      town: customers.town,
    })
    .from(customers)
    .leftJoin(users, eq(users.id, customers.salesUserId))
    .where(and(whereOf(filter), afterKey))
    .orderBy(...(byName ? [by(customers.name), by(customers.id)] : [by(customers.code)]))
    .limit(limit)
}

export type CustomerExportRow = Awaited<ReturnType<typeof findCustomerExportPage>>[number]

export async function findCustomer(db: Db, id: number, lock = false) {
  const query = db
    .select({
      ...rowColumns,
      taxOffice: customers.taxOffice,
      email: customers.email,
      phone: customers.phone,
      address: customers.address,
      town: customers.town,
      defaultPaymentPlanId: customers.defaultPaymentPlanId,
    })
    .from(customers)
    .leftJoin(users, eq(users.id, customers.salesUserId))
    .where(eq(customers.id, id))
  const [row] = await (lock ? query.for('update', { of: customers }) : query)
  return row ?? null
}

export async function updateCustomer(
  tx: Db,
  id: number,
  changes: Partial<{
    riskLimit: string
    profitPercent: string
    paymentTermDays: number
    salesUserId: number | null
    isActive: boolean
    defaultPaymentPlanId: number | null
  }>,
): Promise<void> {
  await tx.update(customers).set(changes).where(eq(customers.id, id))
}

export async function findBranches(db: Db, customerId: number) {
  return db
    .select({ id: branches.id, name: branches.name, address: branches.address, isActive: branches.isActive })
    .from(branches)
    .where(eq(branches.customerId, customerId))
    .orderBy(asc(branches.id))
}

export async function findBranch(db: Db, customerId: number, branchId: number, lock = false) {
  const query = db
    .select({ id: branches.id, name: branches.name, address: branches.address, isActive: branches.isActive })
    .from(branches)
    .where(and(eq(branches.id, branchId), eq(branches.customerId, customerId)))
  const [row] = await (lock ? query.for('update') : query)
  return row ?? null
}

export async function insertBranch(tx: Db, customerId: number, name: string, address: string) {
  const [row] = await tx
    .insert(branches)
    .values({ customerId, name, address: address || null })
    .returning({ id: branches.id })
  return row!.id
}

export async function updateBranch(
  tx: Db,
  branchId: number,
  changes: Partial<{ name: string; address: string | null; isActive: boolean }>,
) {
  await tx.update(branches).set(changes).where(eq(branches.id, branchId))
}
