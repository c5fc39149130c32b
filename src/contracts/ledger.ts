import { z } from 'zod'
import { inputText, localeSchema } from './common'

/**
 * Debits: opening balance, invoice, order, a bank transfer's reversal, a card payment refunded;
 * credits: card payment, bank transfer, a card-paid order cancelled, the ERP's payment and return.
 */
export const ledgerKinds = [
  'opening',
  'invoice',
  'order',
  'card_payment',
  'bank_transfer',
  'transfer_reversal',
  'card_refund',
  'order_cancel',
  'erp_payment',
  'erp_return',
] as const
export type LedgerKind = (typeof ledgerKinds)[number]

/** A statement covers at most two years and lists at most 2,000 entries (the answer says when it cut). */
export const STATEMENT_MAX_DAYS = 731
export const STATEMENT_MAX_ROWS = 2000

/** A calendar day, 'YYYY-MM-DD', that exists (2026-02-30 does not). */
export const isoDaySchema = inputText()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((day) => {
    const parsed = new Date(`${day}T00:00:00Z`)
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day
  }, 'invalid_date')

/** GET /api/account/statement(.csv)?from=&to= — without them, the last 12 months up to today. */
export const statementQuerySchema = z.object({
  from: isoDaySchema.optional(),
  to: isoDaySchema.optional(),
})
export type StatementQuery = z.infer<typeof statementQuerySchema>

/** The CSV link names the page's language, so the header row matches what the user reads. */
export const statementCsvQuerySchema = statementQuerySchema.extend({ lang: localeSchema.optional() })

/** One ledger entry; amounts in TRY. `open`: what is left to pay of a debit (or to apply of a credit). */
export const statementEntrySchema = z.object({
  id: z.number(),
  date: z.string(),
  documentNo: z.string(),
  kind: z.enum(ledgerKinds),
  description: z.string(),
  dueDate: z.string().nullable(),
  debit: z.number(),
  credit: z.number(),
  /** The balance after this entry: positive, the dealer owes. */
  balance: z.number(),
  open: z.number(),
  overdue: z.boolean(),
})
export type StatementEntry = z.infer<typeof statementEntrySchema>

export const overdueSummarySchema = z.object({ balance: z.number(), days: z.number() })

export const statementSchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.literal('TRY'),
  /** The balance before `from`. */
  openingBalance: z.number(),
  entries: z.array(statementEntrySchema),
  /** Sums of the whole range (also when the list was cut). */
  totals: z.object({ debit: z.number(), credit: z.number() }),
  closingBalance: z.number(),
  overdue: overdueSummarySchema,
  /** True when the range has more entries than the list carries (the first maxRows are listed). */
  truncated: z.boolean(),
  limits: z.object({ maxDays: z.number(), maxRows: z.number() }),
})
export type Statement = z.infer<typeof statementSchema>
