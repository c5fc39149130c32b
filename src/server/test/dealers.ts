import { randomBytes } from 'node:crypto'
import { addDays, ledgerDay } from '../../domain/ledger'
import type { StaffRole } from '../../domain/staff-access'
import type { Db } from '../db/client'
import { customers, users } from '../db/schema/accounts'
import { recordDebit } from '../modules/ledger/ledger.service'
import { testPasswordHash } from './passwords'
import type { TestApp } from './test-app'
import { TestClient } from './test-app'

export const DEALER_PASSWORD = 'Bayi1234!'

const unique = () => randomBytes(5).toString('hex')

export type TestUser = { id: number; email: string; password: string; name: string }

/**
 * A new user of its own, so a test never shares a cart, preferences, sessions or a login throttle
 * with another test: a dealer of `customerId`, or an administrator when `customerId` is null.
 */
export async function createUser(
  db: Db,
  customerId: number | null,
  options: { name?: string; staffRole?: StaffRole } = {},
): Promise<TestUser> {
  const email = `u-${unique()}@toptan.test`
  const name = options.name ?? `Kullanıcı ${email}`
  const [row] = await db
    .insert(users)
    .values({
      email,
      name,
      role: customerId === null ? 'admin' : 'dealer',
      // Staff are owners unless the test names another role.
      staffRole: customerId === null ? (options.staffRole ?? 'owner') : null,
      customerId,
      passwordHash: await testPasswordHash(DEALER_PASSWORD),
    })
    .returning({ id: users.id })
  return { id: row!.id, email, password: DEALER_PASSWORD, name }
}

/**
 * A new dealer company of its own (no branches, no discount unless given). `overdue`: an invoice of
 * that amount in its ledger, due `days` days ago (17 unless given), so its overdue balance is that.
 */
export async function createCustomer(
  db: Db,
  values: Partial<typeof customers.$inferInsert> & { overdue?: { amount: string; days?: number } } = {},
): Promise<{ id: number; code: string; name: string }> {
  const { overdue, ...columns } = values
  const code = columns.code ?? `C-${unique()}`
  const [row] = await db
    .insert(customers)
    .values({ name: `${code} Ticaret`, ...columns, code })
    .returning({ id: customers.id, code: customers.code, name: customers.name })
  if (overdue) await addOverdueInvoice(db, row!.id, overdue.amount, overdue.days ?? 17)
  return row!
}

/** An invoice in the company's ledger that fell due `days` days before today (Istanbul's day). */
export async function addOverdueInvoice(
  db: Db,
  customerId: number,
  amount: string,
  days: number,
  today = ledgerDay(new Date()),
): Promise<number> {
  const { entryId } = await db.transaction((tx) =>
    recordDebit(tx, {
      customerId,
      kind: 'invoice',
      amount,
      documentNo: `F-${unique()}`,
      description: 'Test faturası',
      entryDate: addDays(today, -days - 30),
      dueDate: addDays(today, -days),
    }),
  )
  return entryId
}

/** A browser logged in as a new user (see createUser); `user` says who it is. */
export async function loggedInUser(
  t: TestApp,
  customerId: number | null,
  options: { name?: string; staffRole?: StaffRole } = {},
): Promise<TestClient & { user: TestUser }> {
  const user = await createUser(t.database.db, customerId, options)
  const client = new TestClient(t.app)
  const res = await client.login(user.email, user.password)
  if (res.statusCode !== 200) throw new Error(`test login failed (${res.statusCode}): ${res.body}`)
  return Object.assign(client, { user })
}
