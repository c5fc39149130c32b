import type { SerialRow } from '../../../contracts/integration-sync'
import { type RowOutcome, rejected } from '../../../domain/bulk-upsert'
import { checkSerialNumber } from '../../../domain/warranty'
import type { Db } from '../../db/client'
import { productIdsByCodes } from '../catalog/catalogue-sync.service'
import {
  insertSerials,
  type MovementRecord,
  replaceMovements,
  type SerialWrite,
  serialRecords,
  updateSerials,
} from './warranty-sync.repository'

/**
 * The ERP's serial registry (docs/integration.md, "serials"), keyed by the serial number as the
 * warranty inquiry reads it (trimmed, upper-cased). Fields a row leaves out keep their stored values;
 * `movements`, when sent, is the serial's whole list (the ERP holds the history, so a corrected or
 * removed movement is corrected or removed here too). A new serial without `warrantyMonths` gets 24.
 */

const DEFAULT_WARRANTY_MONTHS = 24

const sameMovements = (a: readonly MovementRecord[], b: readonly MovementRecord[]) =>
  a.length === b.length &&
  a.every((m, i) => m.date === b[i]!.date && m.status === b[i]!.status && m.documentNo === b[i]!.documentNo)

/** Movements in the order the inquiry reads them: by day, then as sent. */
const byDay = (movements: readonly MovementRecord[]) =>
  movements
    .map((m, i) => ({ m, i }))
    .sort((a, b) => a.m.date.localeCompare(b.m.date) || a.i - b.i)
    .map(({ m }) => m)

export async function upsertSerials(
  tx: Db,
  rows: readonly SerialRow[],
  /** The companies the rows name, by code (an absent code is rejected). */
  companies: ReadonlyMap<string, { id: number }>,
): Promise<RowOutcome[]> {
  const checks = rows.map((r) => checkSerialNumber(r.serialNumber))
  const numbers = checks.flatMap((c) => (c.ok ? [c.serial] : []))
  const [products, stored] = await Promise.all([
    productIdsByCodes(
      tx,
      rows.map((r) => r.productCode),
    ),
    serialRecords(tx, numbers).then((found) => new Map(found.map((s) => [s.serial_number, s]))),
  ])
  const outcomes: RowOutcome[] = []
  const inserts: (SerialWrite & { movements: MovementRecord[] })[] = []
  const updates: (SerialWrite & { id: number })[] = []
  const movementLists: { serialId: number; movements: MovementRecord[] }[] = []
  const seen = new Set<string>()
  for (const [i, row] of rows.entries()) {
    const check = checks[i]!
    if (!check.ok) {
      outcomes.push(rejected('serialNumber', 'invalid', row.serialNumber))
      continue
    }
    if (seen.has(check.serial)) {
      outcomes.push(rejected('serialNumber', 'duplicate_in_batch', check.serial))
      continue
    }
    seen.add(check.serial)
    const productId = products.get(row.productCode)
    if (productId === undefined) {
      outcomes.push(rejected('productCode', 'unknown_reference', row.productCode))
      continue
    }
    let customerId: number | null | undefined
    if (row.customerCode) {
      customerId = companies.get(row.customerCode)?.id
      if (customerId === undefined) {
        outcomes.push(rejected('customerCode', 'unknown_reference', row.customerCode))
        continue
      }
    } else customerId = row.customerCode === null ? null : undefined
    const was = stored.get(check.serial)
    const target: SerialWrite = {
      serial_number: check.serial,
      product_id: productId,
      customer_id: customerId !== undefined ? customerId : (was?.customer_id ?? null),
      sale_date: row.saleDate !== undefined ? row.saleDate : (was?.sale_date ?? null),
      warranty_months: row.warrantyMonths ?? was?.warranty_months ?? DEFAULT_WARRANTY_MONTHS,
    }
    const movements = row.movements ? byDay(row.movements) : undefined
    if (!was) {
      inserts.push({ ...target, movements: movements ?? [] })
      outcomes.push({ status: 'created' })
      continue
    }
    const sameSerial =
      was.product_id === target.product_id &&
      was.customer_id === target.customer_id &&
      was.sale_date === target.sale_date &&
      was.warranty_months === target.warranty_months
    const movementsSame = !movements || sameMovements(was.movements, movements)
    if (sameSerial && movementsSame) {
      outcomes.push({ status: 'unchanged' })
      continue
    }
    if (!sameSerial) updates.push({ ...target, id: was.id })
    if (!movementsSame) movementLists.push({ serialId: was.id, movements: movements! })
    outcomes.push({ status: 'updated' })
  }
  const created = await insertSerials(
    tx,
    inserts.map(({ movements: _, ...s }) => s),
  )
  await updateSerials(tx, updates)
  for (const s of inserts) {
    if (s.movements.length > 0)
      movementLists.push({ serialId: created.get(s.serial_number)!, movements: s.movements })
  }
  await replaceMovements(tx, movementLists)
  return outcomes
}
