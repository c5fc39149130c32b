import { z } from 'zod'
import { isoDaySchema } from './ledger'

/** Invoices a page lists. */
export const INVOICE_PAGE_SIZE = 20

/** GET /api/account/invoices?from=&to=&page= — the company's invoices, newest first. */
export const invoiceListQuerySchema = z
  .object({
    from: isoDaySchema.optional(),
    to: isoDaySchema.optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'before_from' })
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>

export const invoiceSchema = z.object({
  id: z.number(),
  number: z.string(),
  date: z.string(),
  dueDate: z.string().nullable(),
  ettn: z.string().nullable(),
  /** Decimals as text (the total with tax, and the tax), in `currency`. */
  amount: z.string(),
  taxAmount: z.string().nullable(),
  currency: z.string(),
  /** Whether the PDF is there to download (GET /api/account/invoices/{id}/pdf). */
  hasPdf: z.boolean(),
})
export type Invoice = z.infer<typeof invoiceSchema>

export const invoiceListSchema = z.object({
  items: z.array(invoiceSchema),
  total: z.number(),
  page: z.number(),
  pages: z.number(),
  pageSize: z.number(),
})
export type InvoiceList = z.infer<typeof invoiceListSchema>

/** PUT /api/integration/v1/invoices/{number}/pdf */
export const invoiceNumberParamsSchema = z.object({ number: z.string().trim().min(1).max(40) })

export const invoicePdfUploadAnswerSchema = z.object({
  number: z.string(),
  status: z.enum(['created', 'updated', 'unchanged']),
  size: z.number(),
  sha256: z.string(),
})
export type InvoicePdfUploadAnswer = z.infer<typeof invoicePdfUploadAnswerSchema>
