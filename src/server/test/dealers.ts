import { randomBytes } from 'node:crypto'
import type { Db } from '../db/client'
import { customers, users } from '../db/schema/accounts'
import { hashPassword } from '../security/password'
import type { TestApp } from './test-app'
import { TestClient } from './test-app'

export const DEALER_PASSWORD = 'Bayi1234!'

// One scrypt hash for every test user: hashing costs ~50 ms, and a test makes its users freely.
let passwordHash: Promise<string> | undefined
const sharedHash = () => {
  passwordHash ??= hashPassword(DEALER_PASSWORD)
  return passwordHash
}

const unique = () => randomBytes(5).toString('hex')

export type TestUser = { id: number; email: string; password: string; name: string }

/**
 * A new user of its own, so a test never shares a cart, preferences, sessions or a login throttle
 * with another test: a dealer of `customerId`, or an administrator when `customerId` is null.
 */
export async function createUser(
  db: Db,
  customerId: number | null,
  options: { name?: string } = {},
): Promise<TestUser> {
  const email = `u-${unique()}@toptan.test`
  const name = options.name ?? `Kullanıcı ${email}`
  const [row] = await db
    .insert(users)
    .values({
      email,
      name,
      role: customerId === null ? 'admin' : 'dealer',
      customerId,
      passwordHash: await sharedHash(),
    })
    .returning({ id: users.id })
  return { id: row!.id, email, password: DEALER_PASSWORD, name }
}

/** A new dealer company of its own (no branches, no discount unless given). */
export async function createCustomer(
  db: Db,
  values: Partial<typeof customers.$inferInsert> = {},
): Promise<{ id: number; code: string; name: string }> {
  const code = values.code ?? `C-${unique()}`
  const [row] = await db
    .insert(customers)
    .values({ name: `${code} Ticaret`, ...values, code })
    .returning({ id: customers.id, code: customers.code, name: customers.name })
  return row!
}

/** A browser logged in as a new user (see createUser); `user` says who it is. */
export async function loggedInUser(
  t: TestApp,
  customerId: number | null,
  options: { name?: string } = {},
): Promise<TestClient & { user: TestUser }> {
  const user = await createUser(t.database.db, customerId, options)
  const client = new TestClient(t.app)
  const res = await client.login(user.email, user.password)
  if (res.statusCode !== 200) throw new Error(`test login failed (${res.statusCode}): ${res.body}`)
  return Object.assign(client, { user })
}
