import { z } from 'zod'
import { isoDaySchema } from './ledger'

const countAndTotal = z.object({ count: z.number(), total: z.number() })

/**
 * GET /yonetim/summary — the staff home's figures of today (the store's day): orders placed (and how
 * many orders still wait to be processed, whatever their day), offers made, card payments that went
 * through, bank transfers dated today (reversed ones aside), and the fault reports not done yet. Totals in TRY.
 */
export const staffSummarySchema = z.object({
  day: isoDaySchema,
  orders: countAndTotal.extend({ waiting: z.number() }),
  offers: z.object({ count: z.number() }),
  cardPayments: countAndTotal,
  /** Transfers dated `day`: the ledger's day (Istanbul), which a transfer is booked under. */
  bankTransfers: countAndTotal.extend({ day: isoDaySchema }),
  faultReports: z.object({ open: z.number() }),
})
export type StaffSummary = z.infer<typeof staffSummarySchema>
