import type { SQL } from 'drizzle-orm'
import { type UnitJson, unitsJson } from './products.repository'

/**
 * A product's units (id, name, multiplier, barcode, prices, default), in their order, as a JSON
 * subquery another module's statement can select beside its own columns; it reads the outer
 * query's "products"."id".
 */
export const productUnitsJson: SQL<UnitJson[]> = unitsJson
