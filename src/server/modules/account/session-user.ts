import { asc, eq } from 'drizzle-orm'
import type { SessionUser } from '../../../contracts/account'
import type { Db } from '../../db/client'
import { branches, customers, users } from '../../db/schema/accounts'
import { currencies } from '../../db/schema/catalogue'

/** The logged-in user as the web app sees it: with the dealer company, its branches and overdue debt. */
export async function loadSessionUser(db: Db, userId: number): Promise<SessionUser | null> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      customerId: customers.id,
      customerCode: customers.code,
      customerName: customers.name,
      riskLimit: customers.riskLimit,
      overdueBalance: customers.overdueBalance,
      overdueDays: customers.overdueDays,
      overdueCurrency: currencies.code,
    })
    .from(users)
    .leftJoin(customers, eq(customers.id, users.customerId))
    .leftJoin(currencies, eq(currencies.id, customers.overdueCurrencyId))
    .where(eq(users.id, userId))
    .limit(1)
  if (!row) return null
  const base = { id: row.id, name: row.name, email: row.email, role: row.role as SessionUser['role'] }
  if (row.customerId === null) return { ...base, customer: null }
  const branchRows = await db
    .select({ id: branches.id, name: branches.name })
    .from(branches)
    .where(eq(branches.customerId, row.customerId))
    .orderBy(asc(branches.id))
  return {
    ...base,
    customer: {
      id: row.customerId,
      code: row.customerCode ?? '',
      name: row.customerName ?? '',
      riskLimit: Number(row.riskLimit ?? 0),
      overdueBalance: Number(row.overdueBalance ?? 0),
      overdueDays: row.overdueDays ?? 0,
      overdueCurrency: row.overdueCurrency === 'TRY' || !row.overdueCurrency ? 'TL' : row.overdueCurrency,
      branches: branchRows,
    },
  }
}
