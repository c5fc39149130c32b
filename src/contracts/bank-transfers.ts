import { z } from 'zod'
import { dealerSchema, listOf, pageSchema } from './back-office'
import { dbId, dbIdFromText, inputText, requiredTypedAmount } from './common'
import { isoDaySchema } from './ledger'

/** The staff's list of bank transfers: 50 rows a page, the newest day first. */
export const BANK_TRANSFERS_PAGE_SIZE = 50
export const TRANSFER_REASON_MAX = 500

/** POST /yonetim/bank-transfers — a payment received by bank transfer, credited to the dealer's ledger. */
export const bankTransferBodySchema = z.strictObject({
  customerId: dbId,
  /** TRY as staff typed it, read by the grammar of every typed amount (domain/amount.ts): '1.234,56'. */
  amount: requiredTypedAmount(),
  /** The day the money arrived; not after today. */
  date: isoDaySchema,
  /** The bank's receipt number: one entry per receipt and dealer (letter case aside). */
  documentNo: inputText().trim().min(1).max(40),
  description: inputText({ multiline: true }).trim().max(500).default(''),
})
export type BankTransferBody = z.input<typeof bankTransferBodySchema>

export const bankTransferResponseSchema = z.object({
  entryId: z.number(),
  dealer: dealerSchema,
  overdue: z.object({ balance: z.number(), days: z.number() }),
})
export type BankTransferResponse = z.infer<typeof bankTransferResponseSchema>

/**
 * GET /yonetim/bank-transfers?customerId=&from=&to=&page= — the transfers entered, newest day first;
 * from/to are ledger days (both included). A filter value that is not one is ignored.
 */
export const bankTransfersQuerySchema = z.object({
  customerId: dbIdFromText.optional().catch(undefined),
  from: isoDaySchema.optional().catch(undefined),
  to: isoDaySchema.optional().catch(undefined),
  page: pageSchema,
})
export type BankTransfersQuery = z.infer<typeof bankTransfersQuerySchema>

export const bankTransferRowSchema = z.object({
  id: z.number(),
  dealer: dealerSchema,
  date: isoDaySchema,
  amount: z.number(),
  documentNo: z.string(),
  description: z.string(),
  /** Who entered it (null: the user is gone or it was written by the system). */
  enteredBy: z.string().nullable(),
  enteredAt: z.string(),
  /** Its reversal, once taken back. */
  reversal: z
    .object({ date: isoDaySchema, reason: z.string(), by: z.string().nullable(), at: z.string() })
    .nullable(),
})
export type BankTransferRow = z.infer<typeof bankTransferRowSchema>

export const bankTransferListSchema = listOf(bankTransferRowSchema)
export type BankTransferList = z.infer<typeof bankTransferListSchema>

/** POST /yonetim/bank-transfers/{id}/reversal — takes a transfer back with the reason, once. */
export const bankTransferReversalBodySchema = z.strictObject({
  reason: inputText({ multiline: true }).trim().min(1).max(TRANSFER_REASON_MAX),
})
export type BankTransferReversalBody = z.input<typeof bankTransferReversalBodySchema>

export const bankTransferReversalResponseSchema = z.object({
  transfer: bankTransferRowSchema,
  overdue: z.object({ balance: z.number(), days: z.number() }),
})
export type BankTransferReversalResponse = z.infer<typeof bankTransferReversalResponseSchema>
