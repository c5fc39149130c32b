import type { z } from 'zod'
import {
  brandRowSchema,
  categoryRowSchema,
  priceRowSchema,
  productRowSchema,
  stockRowSchema,
  warehouseRowSchema,
} from '../../../contracts/integration-sync'
import type { RowOutcome, SyncResource } from '../../../domain/bulk-upsert'
import type { IntegrationScope } from '../../../domain/integration-scopes'
import type { Db } from '../../db/client'
import {
  upsertBrands,
  upsertCategories,
  upsertPrices,
  upsertProducts,
  upsertStock,
  upsertWarehouses,
} from '../catalog/catalogue-sync.service'

/**
 * A resource of the bulk upserts: its scope, its row's schema, how a row is named in the answer and
 * keyed for repeats, and the owning module's writer.
 */
export type SyncWriter = {
  resource: SyncResource
  scope: IntegrationScope
  summary: string
  // biome-ignore lint/suspicious/noExplicitAny: each writer's row type is its own schema's
  row: z.ZodType<any>
  /** The field a repeated row is rejected on. */
  keyField: string
  // biome-ignore lint/suspicious/noExplicitAny: the row is the one its schema parsed
  keyOf: (row: any) => string
  /** The code the answer names a row by, read from the row as sent (it may be invalid). */
  codeOfSent: (raw: Record<string, unknown>) => string
  // biome-ignore lint/suspicious/noExplicitAny: the rows are the ones its schema parsed
  write: (tx: Db, rows: any[], now: Date) => Promise<RowOutcome[]>
}

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value).trim() : ''
const byCode = (raw: Record<string, unknown>) => text(raw.code)

const WRITERS: Record<SyncResource, SyncWriter> = {
  categories: {
    resource: 'categories',
    scope: 'catalogue:write',
    summary: 'Categories by code, a tree by parent code',
    row: categoryRowSchema,
    keyField: 'code',
    keyOf: (row: { code: string }) => row.code,
    codeOfSent: byCode,
    write: (tx, rows) => upsertCategories(tx, rows),
  },
  brands: {
    resource: 'brands',
    scope: 'catalogue:write',
    summary: 'Brands by code, each with its models',
    row: brandRowSchema,
    keyField: 'code',
    keyOf: (row: { code: string }) => row.code,
    codeOfSent: byCode,
    write: (tx, rows) => upsertBrands(tx, rows),
  },
  warehouses: {
    resource: 'warehouses',
    scope: 'stock:write',
    summary: 'Warehouses by code',
    row: warehouseRowSchema,
    keyField: 'code',
    keyOf: (row: { code: string }) => row.code,
    codeOfSent: byCode,
    write: (tx, rows) => upsertWarehouses(tx, rows),
  },
  products: {
    resource: 'products',
    scope: 'catalogue:write',
    summary: 'Products by code: prices, units, variants, barcodes, tax, currency',
    row: productRowSchema,
    keyField: 'code',
    keyOf: (row: { code: string }) => row.code,
    codeOfSent: byCode,
    write: (tx, rows, now) => upsertProducts(tx, rows, now),
  },
  prices: {
    resource: 'prices',
    scope: 'catalogue:write',
    summary: 'Prices of existing products by code (a price list; the units follow by multiplier)',
    row: priceRowSchema,
    keyField: 'productCode',
    keyOf: (row: { productCode: string }) => row.productCode,
    codeOfSent: (raw) => text(raw.productCode),
    write: (tx, rows, now) => upsertPrices(tx, rows, now),
  },
  stock: {
    resource: 'stock',
    scope: 'stock:write',
    summary: 'Stock per product and warehouse (the quantity the ERP holds)',
    row: stockRowSchema,
    keyField: 'warehouseCode',
    keyOf: (row: { productCode: string; warehouseCode: string }) =>
      `${row.productCode}\u0000${row.warehouseCode}`,
    codeOfSent: (raw) => `${text(raw.productCode)}/${text(raw.warehouseCode)}`,
    write: (tx, rows) => upsertStock(tx, rows),
  },
}

export const writerOf = (resource: SyncResource): SyncWriter => WRITERS[resource]
export const allWriters = (): SyncWriter[] => Object.values(WRITERS)
