import { desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { products } from '../../db/schema/catalogue'
import { productSerialMovements, productSerials } from '../../db/schema/service'

export type SerialRow = {
  id: number
  serialNumber: string
  customerId: number | null
  saleDate: string | null
  warrantyMonths: number
  productCode: string | null
  productName: string | null
}

/** The registry's row of a serial number (already normalised) with its product: the unique index. */
export async function findSerial(db: Db, serialNumber: string): Promise<SerialRow | null> {
  const [row] = await db
    .select({
      id: productSerials.id,
      serialNumber: productSerials.serialNumber,
      customerId: productSerials.customerId,
      saleDate: productSerials.saleDate,
      warrantyMonths: productSerials.warrantyMonths,
      productCode: products.code,
      productName: products.name,
    })
    .from(productSerials)
    .leftJoin(products, eq(products.id, productSerials.productId))
    .where(eq(productSerials.serialNumber, serialNumber))
    .limit(1)
  return row ?? null
}

export type MovementRow = { movedOn: string; status: string; documentNo: string }

/**
 * A serial's latest `limit` movements, oldest first (product_serial_movements_serial_idx): a serial
 * moves a handful of times, the limit only bounds what one answer can carry.
 */
export async function latestMovements(db: Db, serialId: number, limit: number): Promise<MovementRow[]> {
  const rows = await db
    .select({
      movedOn: productSerialMovements.movedOn,
      status: productSerialMovements.status,
      documentNo: productSerialMovements.documentNo,
    })
    .from(productSerialMovements)
    .where(eq(productSerialMovements.serialId, serialId))
    .orderBy(desc(productSerialMovements.movedOn), desc(productSerialMovements.id))
    .limit(limit)
  return rows.reverse()
}

export type SerialInsert = {
  serialNumber: string
  productId: number | null
  customerId: number | null
  saleDate: string | null
  warrantyMonths: number
}

/** Adds a serial to the registry; answers its id. */
export async function insertSerial(db: Db, serial: SerialInsert): Promise<number> {
  const [row] = await db.insert(productSerials).values(serial).returning({ id: productSerials.id })
  return row!.id
}

export async function insertMovements(db: Db, serialId: number, movements: MovementRow[]): Promise<void> {
  if (movements.length === 0) return
  await db.insert(productSerialMovements).values(movements.map((m) => ({ serialId, ...m })))
}
