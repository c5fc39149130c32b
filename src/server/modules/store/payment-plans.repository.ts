import { asc, eq, ne, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { customers } from '../../db/schema/accounts'
import { paymentPlans } from '../../db/schema/payment-plans'

export type PlanRecord = typeof paymentPlans.$inferSelect & { companies: number }

/** Every plan in the cart's order, with the dealer companies whose default it is. */
export async function planRecords(db: Db): Promise<PlanRecord[]> {
  return db
    .select({
      id: paymentPlans.id,
      name: paymentPlans.name,
      priceName: paymentPlans.priceName,
      isDefault: paymentPlans.isDefault,
      isVirtual: paymentPlans.isVirtual,
      sortOrder: paymentPlans.sortOrder,
      companies: sql<number>`(select count(*)::int from ${customers} where ${customers.defaultPaymentPlanId} = ${paymentPlans.id})`,
    })
    .from(paymentPlans)
    .orderBy(asc(paymentPlans.sortOrder), asc(paymentPlans.id))
}

/** Every plan row locked: a change of one may change the others' default flag or order. */
export async function lockPlanRows(tx: Db): Promise<PlanRecord[]> {
  await tx.select({ id: paymentPlans.id }).from(paymentPlans).for('update')
  return planRecords(tx)
}

export type PlanValues = Pick<
  typeof paymentPlans.$inferInsert,
  'name' | 'priceName' | 'isDefault' | 'isVirtual'
>

export async function insertPlanRow(tx: Db, values: PlanValues & { sortOrder: number }): Promise<number> {
  const [row] = await tx.insert(paymentPlans).values(values).returning({ id: paymentPlans.id })
  return row!.id
}

export async function updatePlanRow(tx: Db, id: number, values: Partial<PlanValues>): Promise<void> {
  if (Object.keys(values).length === 0) return
  await tx.update(paymentPlans).set(values).where(eq(paymentPlans.id, id))
}

/** One default plan: the others lose the flag. */
export async function clearOtherDefaults(tx: Db, id: number): Promise<void> {
  await tx
    .update(paymentPlans)
    .set({ isDefault: false })
    .where(sql`${paymentPlans.isDefault} and ${ne(paymentPlans.id, id)}`)
}

/** Deletes a plan; companies naming it as their default fall back to the store's (the key's set null). */
export async function deletePlanRow(tx: Db, id: number): Promise<void> {
  await tx.delete(paymentPlans).where(eq(paymentPlans.id, id))
}

export async function setPlanOrder(tx: Db, ids: readonly number[]): Promise<void> {
  for (const [sortOrder, id] of ids.entries())
    await tx.update(paymentPlans).set({ sortOrder }).where(eq(paymentPlans.id, id))
}
