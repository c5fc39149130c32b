import type { z } from 'zod'
import {
  brandRowSchema,
  campaignRowSchema,
  categoryRowSchema,
  customerRowSchema,
  dealerUserRowSchema,
  invoiceRowSchema,
  ledgerEntryRowSchema,
  priceRowSchema,
  productRowSchema,
  serialRowSchema,
  stockRowSchema,
  warehouseRowSchema,
} from '../../../contracts/integration-sync'
import type { RowOutcome, SyncResource } from '../../../domain/bulk-upsert'
import type { IntegrationScope } from '../../../domain/integration-scopes'
import { normalizeSerialNumber } from '../../../domain/warranty'
import type { Db } from '../../db/client'
import { upsertDealerUsers } from '../account/company-users-sync.service'
import type { AuditActor } from '../audit/audit.service'
import { upsertCampaigns } from '../catalog/campaigns-sync.service'
import {
  upsertBrands,
  upsertCategories,
  upsertPrices,
  upsertProducts,
  upsertStock,
  upsertWarehouses,
} from '../catalog/catalogue-sync.service'
import { companiesByCode, upsertCustomers } from '../customers/customers-sync.service'
import { upsertLedgerEntries } from '../ledger/ledger-sync.service'
import { upsertSerials } from '../warranty/warranty-sync.service'

/**
 * What a writer may use beyond its rows: who writes (for its own audit records), the portal's address
 * (for mailed links), and what to do once the batch has committed (wake the mail worker, forget a
 * disabled user's cached sessions).
 */
export type SyncContext = {
  actor: AuditActor
  publicUrl: string | null
  mailQueued: () => void
  loginShut: (userId: number) => void
}

import { upsertInvoices } from '../invoices/invoices.service'

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
  write: (tx: Db, rows: any[], now: Date, ctx: SyncContext) => Promise<RowOutcome[]>
}

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value).trim() : ''
const byCode = (raw: Record<string, unknown>) => text(raw.code)

/**
 * The companies a batch names by code, read here and handed to the writers of users, the ledger and
 * serials: those modules are used by the customers module, so they do not import it back.
 */
const companiesOf = (tx: Db, rows: { customerCode?: string | null }[]) =>
  companiesByCode(
    tx,
    rows.flatMap((r) => (r.customerCode ? [r.customerCode] : [])),
  )

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
  customers: {
    resource: 'customers',
    scope: 'customers:write',
    summary: 'Dealer companies by code: details, terms and branches',
    row: customerRowSchema,
    keyField: 'code',
    keyOf: (row: { code: string }) => row.code,
    codeOfSent: byCode,
    write: (tx, rows, now, ctx) => upsertCustomers(tx, rows, ctx.actor, now),
  },
  users: {
    resource: 'users',
    scope: 'customers:write',
    summary: 'Dealer users by e-mail (a new one is invited by mail); staff users are never touched',
    row: dealerUserRowSchema,
    keyField: 'email',
    keyOf: (row: { email: string }) => row.email.toLowerCase(),
    codeOfSent: (raw) => text(raw.email),
    write: async (tx, rows, now, ctx) => upsertDealerUsers(tx, rows, await companiesOf(tx, rows), now, ctx),
  },
  'ledger-entries': {
    resource: 'ledger-entries',
    scope: 'ledger:write',
    summary: "The ERP's account movements by company, kind and document number",
    row: ledgerEntryRowSchema,
    keyField: 'documentNo',
    keyOf: (row: { customerCode: string; kind: string; documentNo: string }) =>
      `${row.customerCode}\u0000${row.kind}\u0000${row.documentNo}`,
    codeOfSent: (raw) => `${text(raw.customerCode)}/${text(raw.kind)}/${text(raw.documentNo)}`,
    write: async (tx, rows, now) => upsertLedgerEntries(tx, rows, await companiesOf(tx, rows), now),
  },
  serials: {
    resource: 'serials',
    scope: 'serials:write',
    summary: 'The warranty registry: serial numbers with their product, sale and movements',
    row: serialRowSchema,
    keyField: 'serialNumber',
    keyOf: (row: { serialNumber: string }) => normalizeSerialNumber(row.serialNumber),
    codeOfSent: (raw) => text(raw.serialNumber),
    write: async (tx, rows) => upsertSerials(tx, rows, await companiesOf(tx, rows)),
  },
  campaigns: {
    resource: 'campaigns',
    scope: 'campaigns:write',
    summary: "The home page's campaigns by code, each with its products in order",
    row: campaignRowSchema,
    keyField: 'code',
    keyOf: (row: { code: string }) => row.code,
    codeOfSent: byCode,
    write: (tx, rows) => upsertCampaigns(tx, rows),
  },
  invoices: {
    resource: 'invoices',
    scope: 'invoices:write',
    summary: "Invoices by number: the company, days, ETTN, amounts, the PDF's address",
    row: invoiceRowSchema,
    keyField: 'number',
    keyOf: (row: { number: string }) => row.number,
    codeOfSent: (raw) => text(raw.number),
    write: (tx, rows, now) => upsertInvoices(tx, rows, now),
  },
}

export const writerOf = (resource: SyncResource): SyncWriter => WRITERS[resource]
export const allWriters = (): SyncWriter[] => Object.values(WRITERS)
