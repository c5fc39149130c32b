import { and, asc, eq } from 'drizzle-orm'
import type { SessionUser } from '../../../contracts/account'
import { ledgerDay } from '../../../domain/ledger'
import { isStaffRole } from '../../../domain/staff-access'
import type { Db } from '../../db/client'
import { branches, customers, users } from '../../db/schema/accounts'
import { overdueOf } from '../ledger/ledger.service'

/**
 * The logged-in user as the web app sees it: with the dealer company, its branches and its overdue
 * debt, computed from the ledger on the day `now` falls on in Istanbul (TL, the ledger's currency).
 */
export async function loadSessionUser(db: Db, userId: number, now: Date): Promise<SessionUser | null> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      staffRole: users.staffRole,
      customerId: customers.id,
      customerCode: customers.code,
      customerName: customers.name,
      riskLimit: customers.riskLimit,
      defaultPaymentPlanId: customers.defaultPaymentPlanId,
    })
    .from(users)
    .leftJoin(customers, eq(customers.id, users.customerId))
    .where(eq(users.id, userId))
    .limit(1)
  if (!row) return null
  const base = {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role as SessionUser['role'],
    staffRole: isStaffRole(row.staffRole) ? row.staffRole : null,
  }
  if (row.customerId === null) return { ...base, customer: null }
  const [branchRows, overdue] = await Promise.all([
    db
      .select({ id: branches.id, name: branches.name })
      .from(branches)
      // A closed branch is no longer the dealer's to pick.
      .where(and(eq(branches.customerId, row.customerId), eq(branches.isActive, true)))
      .orderBy(asc(branches.id)),
    overdueOf(db, row.customerId, ledgerDay(now)),
  ])
  return {
    ...base,
    customer: {
      id: row.customerId,
      code: row.customerCode ?? '',
      name: row.customerName ?? '',
      riskLimit: Number(row.riskLimit ?? 0),
      overdueBalance: overdue.balance.toNumber(),
      overdueDays: overdue.days,
      overdueCurrency: 'TL',
      branches: branchRows,
      defaultPaymentPlanId: row.defaultPaymentPlanId,
    },
  }
}
