import { z } from 'zod'
import { intentStatuses } from '../domain/payment-intent'
import { bankTransfersQuerySchema } from './bank-transfers'
import { dbIdFromText, inputText, localeSchema } from './common'
import { statementQuerySchema } from './ledger'
import { staffCustomersQuerySchema } from './staff-customers'

/*
 * The exports' queries: each list's own filters (its page left out), the file's format (XLSX by
 * default) and the language of its header row (the reader's own without it).
 */

const fileOptions = {
  format: z.enum(['xlsx', 'csv']).catch('xlsx').default('xlsx'),
  lang: localeSchema.optional().catch(undefined),
}

/** GET /yonetim/customers/export?q=&active=&sort=&dir=&format=&lang= — the companies the list matches. */
export const customersExportQuerySchema = staffCustomersQuerySchema.omit({ page: true }).extend(fileOptions)
export type CustomersExportQuery = z.infer<typeof customersExportQuerySchema>

/** GET /yonetim/payments/export?status=&format=&lang= — card payments, newest first. */
export const paymentsExportQuerySchema = z.object({
  status: z.enum(intentStatuses).optional().catch(undefined),
  ...fileOptions,
})
export type PaymentsExportQuery = z.infer<typeof paymentsExportQuerySchema>

/** GET /yonetim/bank-transfers/export?customerId=&from=&to=&format=&lang= — transfers, newest day first. */
export const bankTransfersExportQuerySchema = bankTransfersQuerySchema
  .omit({ page: true })
  .extend(fileOptions)
export type BankTransfersExportQuery = z.infer<typeof bankTransfersExportQuerySchema>

/**
 * GET /yonetim/products/export?categoryId=&brandId=&active=&format=&lang= — the catalogue by product
 * code, variants included; a category takes in its subcategories. A filter value that is not one is
 * ignored.
 */
export const productsExportQuerySchema = z.object({
  categoryId: dbIdFromText.optional().catch(undefined),
  brandId: dbIdFromText.optional().catch(undefined),
  active: z.enum(['true', 'false']).optional().catch(undefined),
  ...fileOptions,
})
export type ProductsExportQuery = z.infer<typeof productsExportQuerySchema>

/** GET …/statement/export?from=&to=&format=&lang= — a company's statement as its dealer reads it. */
export const statementExportQuerySchema = statementQuerySchema.extend(fileOptions)
export type StatementExportQuery = z.infer<typeof statementExportQuerySchema>

/** GET /api/integration/v1/exports/statement?customerCode=&… — the company named by its code. */
export const integrationStatementExportQuerySchema = statementExportQuerySchema.extend({
  customerCode: inputText().trim().min(1).max(40),
})
