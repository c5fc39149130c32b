import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { customers } from '../../db/schema/accounts'

export async function findCustomerName(db: Db, customerId: number): Promise<string> {
  const [row] = await db
    .select({ name: customers.name })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1)
  return row?.name ?? ''
}
