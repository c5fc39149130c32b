import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { IMPORT_RESOURCES, type ImportResource, importFields, importResources } from '../domain/import-fields'
import {
  brandRowSchema,
  categoryRowSchema,
  customerRowSchema,
  ledgerEntryRowSchema,
  priceRowSchema,
  productRowSchema,
  stockRowSchema,
  warehouseRowSchema,
} from './integration-sync'

const ROWS: Record<ImportResource, z.ZodObject> = {
  categories: categoryRowSchema,
  brands: brandRowSchema,
  warehouses: warehouseRowSchema,
  products: productRowSchema,
  prices: priceRowSchema,
  stock: stockRowSchema,
  customers: customerRowSchema,
  'ledger-entries': ledgerEntryRowSchema,
}

describe('the import’s field table and the bulk rows', () => {
  it.each(importResources)(
    '%s: every field is a field of the row, and the row’s required fields are required',
    (resource) => {
      const shape = ROWS[resource].shape as Record<string, z.ZodType>
      const fields = importFields(resource)
      expect(fields.map((f) => f.field.split('.')[0]).filter((name) => !(name! in shape))).toEqual([])
      const requiredInRow = Object.entries(shape)
        .filter(([, schema]) => !schema.safeParse(undefined).success)
        .map(([name]) => name)
      expect(fields.filter((f) => f.required).map((f) => f.field)).toEqual(requiredInRow)
    },
  )

  it('names an area for every resource', () => {
    for (const entry of Object.values(IMPORT_RESOURCES))
      expect(['catalogue', 'customers', 'payments']).toContain(entry.area)
  })
})
