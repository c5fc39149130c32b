import { parseAmount } from '../../../domain/amount'

/** At most as many ledger items as the payment call accepts. */
const MAX_ITEMS = 500
const MAX_ID = 2_147_483_647

function positiveId(text: string): number | null {
  if (!/^\d{1,10}$/.test(text)) return null
  const id = Number(text)
  return id > 0 && id <= MAX_ID ? id : null
}

/**
 * /odeme?items=1,2&amount=123.45 (the statement's "Seçilenleri Öde"): the ledger items the payment
 * settles and the amount to start with. Anything that is not a valid id is dropped, duplicates too;
 * an amount that is not positive starts the field empty.
 */
export function readPayParams(search: URLSearchParams): { settleEntryIds: number[]; amount: string | null } {
  const ids = new Set<number>()
  for (const part of (search.get('items') ?? '').split(',')) {
    const id = positiveId(part.trim())
    if (id !== null && ids.size < MAX_ITEMS) ids.add(id)
  }
  const amount = parseAmount(search.get('amount') ?? '')
  return { settleEntryIds: [...ids], amount: amount.ok ? amount.amount : null }
}

/** /odeme/sepet?plan=3: the card plan the cart page chose, or null. */
export function readPlanParam(search: URLSearchParams): number | null {
  return positiveId(search.get('plan') ?? '')
}

/** What the cart page hands the checkout beside the address: the order note typed there. */
export type CheckoutState = { description?: string }

export function descriptionFrom(state: unknown): string {
  const description = (state as CheckoutState | null)?.description
  return typeof description === 'string' ? description.slice(0, 1000) : ''
}
