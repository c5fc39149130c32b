import { STAFF_LIST_COUNT_CAP } from '../../../contracts/back-office'
import type {
  BranchPatch,
  StaffCustomerChanges,
  StaffCustomerDetail,
  StaffCustomerList,
  StaffCustomerRow,
  StaffCustomersQuery,
} from '../../../contracts/staff-customers'
import { STAFF_CUSTOMERS_PAGE_SIZE } from '../../../contracts/staff-customers'
import type { AuditValue } from '../../../domain/audit'
import { ledgerDay } from '../../../domain/ledger'
import { pageBounds } from '../../../domain/paging'
import { foldTurkish } from '../../../domain/turkish-text'
import type { Db } from '../../db/client'
import { AppError, notFound } from '../../http/errors'
import type { StaffActor } from '../../identity'
import { companyUsers, isSalesPerson, salesPeople } from '../account/company-users.service'
import { recordAudit } from '../audit/audit.service'
import { overdueOf } from '../ledger/ledger.service'
import { hasPaymentPlan } from '../store/store.service'
import {
  type CustomerFilter,
  type CustomerRow,
  countCustomers,
  findBranch,
  findBranches,
  findCustomer,
  findCustomerPage,
  insertBranch,
  updateBranch,
  updateCustomer,
} from './customers.repository'

const rowView = (row: CustomerRow): StaffCustomerRow => ({
  id: row.id,
  code: row.code,
  name: row.name,
  taxNumber: row.taxNumber,
  city: row.city,
  riskLimit: Number(row.riskLimit),
  profitPercent: Number(row.profitPercent),
  paymentTermDays: row.paymentTermDays,
  salesPerson:
    row.salesUserId !== null && row.salesUserName !== null
      ? { id: row.salesUserId, name: row.salesUserName }
      : null,
  active: row.isActive,
})

const customerNotFound = () => notFound()

/**
 * GET /yonetim/customers: companies whose code, name or tax number contains q, 50 a page, by code or
 * name. The dealer pickers read its first page.
 */
/** The list's filter from its query (the export reads the same). */
export const customerFilter = (query: Pick<StaffCustomersQuery, 'q' | 'active'>): CustomerFilter => ({
  folded: foldTurkish(query.q),
  active: query.active === undefined ? undefined : query.active === 'true',
})

export async function listCustomers(db: Db, query: StaffCustomersQuery): Promise<StaffCustomerList> {
  const filter = customerFilter(query)
  const { total, capped } = await countCustomers(db, filter, STAFF_LIST_COUNT_CAP)
  const { page, pages, offset } = pageBounds(total, query.page, STAFF_CUSTOMERS_PAGE_SIZE)
  const rows = total === 0 ? [] : await findCustomerPage(db, filter, query, offset, STAFF_CUSTOMERS_PAGE_SIZE)
  return { items: rows.map(rowView), page, pages, limit: STAFF_CUSTOMERS_PAGE_SIZE, total, capped }
}

/** GET /yonetim/customers/{id}: the company with its branches, users and overdue figure today. */
export async function getCustomer(db: Db, id: number, now: Date): Promise<StaffCustomerDetail> {
  const row = await findCustomer(db, id)
  if (!row) throw customerNotFound()
  const [branchRows, users, overdue, people] = await Promise.all([
    findBranches(db, id),
    companyUsers(db, id),
    overdueOf(db, id, ledgerDay(now)),
    salesPeople(db),
  ])
  return {
    ...rowView(row),
    taxOffice: row.taxOffice,
    email: row.email,
    phone: row.phone,
    address: row.address,
    town: row.town,
    branches: branchRows.map((b) => ({
      id: b.id,
      name: b.name,
      address: b.address ?? '',
      active: b.isActive,
    })),
    users,
    overdue: { balance: overdue.balance.toNumber(), days: overdue.days },
    salesPeople: people,
    defaultPaymentPlanId: row.defaultPaymentPlanId,
  }
}

/** The ids of a company's branches, closed ones too: their changes show on the company's page. */
export async function branchIdsOf(db: Db, customerId: number): Promise<number[]> {
  return (await findBranches(db, customerId)).map((branch) => branch.id)
}

/**
 * PATCH /yonetim/customers/{id}: the company's terms (risk limit, price adjustment, payment terms,
 * sales person, active, default payment plan), only the fields sent, in one transaction with its
 * audit row. The risk limit and price adjustment apply from the dealer's next request: both are read
 * fresh by the order and price paths. The default plan is the one its dealers' cart starts in.
 */
export async function changeCustomer(
  db: Db,
  staff: StaffActor,
  id: number,
  input: StaffCustomerChanges,
  now: Date,
): Promise<StaffCustomerDetail> {
  if (input.salesUserId != null && !(await isSalesPerson(db, input.salesUserId))) {
    throw new AppError('validation', 'error.validation', undefined, 'not_sales_person', {
      salesUserId: { key: 'customers.notSalesPerson' },
    })
  }
  await db.transaction(async (tx) => {
    const current = await findCustomer(tx, id, true)
    if (!current) throw customerNotFound()
    // A plan the store does not have (any more) is named on its field, not left to the foreign key.
    if (input.defaultPaymentPlanId != null && !(await hasPaymentPlan(tx, input.defaultPaymentPlanId))) {
      throw new AppError('validation', 'error.validation', undefined, 'unknown_payment_plan', {
        defaultPaymentPlanId: { key: 'customers.unknownPaymentPlan' },
      })
    }
    const before: Record<string, AuditValue> = {
      riskLimit: current.riskLimit,
      profitPercent: current.profitPercent,
      paymentTermDays: current.paymentTermDays,
      salesUserId: current.salesUserId,
      active: current.isActive,
      defaultPaymentPlanId: current.defaultPaymentPlanId,
    }
    const after: Record<string, AuditValue> = {}
    for (const [field, value] of Object.entries(input)) if (value !== undefined) after[field] = value
    await updateCustomer(tx, id, {
      riskLimit: input.riskLimit,
      profitPercent: input.profitPercent,
      paymentTermDays: input.paymentTermDays,
      salesUserId: input.salesUserId,
      isActive: input.active,
      defaultPaymentPlanId: input.defaultPaymentPlanId,
    })
    await recordAudit(tx, staff, { entity: 'customer', entityId: id, action: 'update', before, after }, now)
  })
  return getCustomer(db, id, now)
}

/** POST /yonetim/customers/{id}/branches: a new branch, open, with its audit row. */
export async function addBranch(
  db: Db,
  staff: StaffActor,
  customerId: number,
  input: { name: string; address: string },
  now: Date,
): Promise<StaffCustomerDetail> {
  await db.transaction(async (tx) => {
    if (!(await findCustomer(tx, customerId, true))) throw customerNotFound()
    const branchId = await insertBranch(tx, customerId, input.name, input.address)
    await recordAudit(
      tx,
      staff,
      {
        entity: 'branch',
        entityId: branchId,
        action: 'create',
        before: null,
        after: { customerId, name: input.name, address: input.address || null },
      },
      now,
    )
  })
  return getCustomer(db, customerId, now)
}

/**
 * PATCH /yonetim/customers/{id}/branches/{branchId}: rename, move or close a branch. A closed branch
 * stays on the orders that name it; dealers no longer pick it and new orders skip it.
 */
export async function changeBranch(
  db: Db,
  staff: StaffActor,
  customerId: number,
  branchId: number,
  input: BranchPatch,
  now: Date,
): Promise<StaffCustomerDetail> {
  await db.transaction(async (tx) => {
    const current = await findBranch(tx, customerId, branchId, true)
    if (!current) throw customerNotFound()
    const changes = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.address !== undefined ? { address: input.address || null } : {}),
      ...(input.active !== undefined ? { isActive: input.active } : {}),
    }
    await updateBranch(tx, branchId, changes)
    const after: Record<string, AuditValue> = {}
    if (input.name !== undefined) after.name = input.name
    if (input.address !== undefined) after.address = input.address
    if (input.active !== undefined) after.active = input.active
    await recordAudit(
      tx,
      staff,
      {
        entity: 'branch',
        entityId: branchId,
        action: 'update',
        before: { name: current.name, address: current.address ?? '', active: current.isActive },
        after,
      },
      now,
    )
  })
  return getCustomer(db, customerId, now)
}
