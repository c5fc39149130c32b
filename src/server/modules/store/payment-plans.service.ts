import type { Db } from '../../db/client'
import {
  clearOtherDefaults,
  deletePlanRow,
  insertPlanRow,
  lockPlanRows,
  type PlanRecord,
  type PlanValues,
  planRecords,
  setPlanOrder,
  updatePlanRow,
} from './payment-plans.repository'

/**
 * The payment plans as the back office writes them (payments/payment-setup.service.ts checks, audits
 * and names them). Each call runs in the caller's transaction; the table's trigger stamps the
 * reference version, so every process reads the plans again on its next request.
 */

export type { PlanRecord, PlanValues }

export const listPlanRecords = (db: Db) => planRecords(db)
export const lockPlans = (tx: Db) => lockPlanRows(tx)

/** A new plan, last in the cart's order; the store's default when it says so (the others lose the flag). */
export async function createPlanIn(tx: Db, values: PlanValues): Promise<number> {
  const plans = await lockPlanRows(tx)
  const sortOrder = plans.reduce((max, p) => Math.max(max, p.sortOrder + 1), 0)
  const id = await insertPlanRow(tx, { ...values, sortOrder })
  if (values.isDefault) await clearOtherDefaults(tx, id)
  return id
}

export async function updatePlanIn(tx: Db, id: number, values: Partial<PlanValues>): Promise<void> {
  await updatePlanRow(tx, id, values)
  if (values.isDefault) await clearOtherDefaults(tx, id)
}

export const deletePlanIn = (tx: Db, id: number) => deletePlanRow(tx, id)

/** The plans in this order (the caller checked it names each plan once). */
export const orderPlansIn = (tx: Db, ids: readonly number[]) => setPlanOrder(tx, ids)
