import type { Money } from '../../../contracts/common'
import type { Offer, OfferItem } from '../../../contracts/offers'
import { offerTotals } from '../../../domain/offer-totals'
import { PROFIT_MAX, PROFIT_MIN } from './offer-constants'

/** What the dealer typed in a percent input: a number, or '' (and '-' on the way to a negative). */
export type PercentInput = number | string

/** Unsaved percents of one offer, by line id. A line without an entry keeps its saved profit. */
export type ProfitDraft = Readonly<Record<number, PercentInput>>

/** A typed percent as the server will take it: empty counts as 0 (spec/2 §5), clamped, 2 decimals. */
export function percentValue(input: PercentInput): number {
  const n = typeof input === 'number' ? input : Number(input.replace(',', '.'))
  if (!Number.isFinite(n) || (typeof input === 'string' && input.trim() === '')) return 0
  const clamped = Math.min(PROFIT_MAX, Math.max(PROFIT_MIN, n))
  return Math.round(clamped * 100) / 100
}

/** The percent a line shows and computes with: the draft's when the dealer typed one, else the saved one. */
export function linePercent(item: OfferItem, draft: ProfitDraft): number {
  const typed = draft[item.id]
  return typed === undefined ? item.profit : percentValue(typed)
}

/** The lines whose percent differs from the saved one: the body of the save call for this offer. */
export function changedProfits(offer: Offer, draft: ProfitDraft): Record<string, number> {
  const changed: Record<string, number> = {}
  for (const item of offer.offerItems) {
    const percent = linePercent(item, draft)
    if (percent !== item.profit) changed[String(item.id)] = percent
  }
  return changed
}

/** Every line of the offer set to one percent (the header input). */
export function draftForAll(offer: Offer, input: PercentInput): Record<number, PercentInput> {
  return Object.fromEntries(offer.offerItems.map((item) => [item.id, input]))
}

export interface DraftLine {
  item: OfferItem
  percent: number
  unitPrice: Money
  amount: Money
}

export interface DraftTotals {
  lines: DraftLine[]
  subtotal: Money
  tax: Money
  total: Money
}

/**
 * The offer as it would be with the draft's percents, by the same domain function the server prices it
 * with (offerTotals): what the detail table shows while the dealer types, before anything is saved.
 */
export function draftTotals(offer: Offer, draft: ProfitDraft): DraftTotals {
  const currency = offer.total.currency
  const percents = offer.offerItems.map((item) => linePercent(item, draft))
  const totals = offerTotals(
    offer.offerItems.map((item, i) => ({
      price: item.price.value,
      profit: percents[i]!,
      quantity: item.quantity,
      taxRate: item.taxRate,
    })),
  )
  const money = (value: { toNumber(): number }): Money => ({ value: value.toNumber(), currency })
  return {
    lines: offer.offerItems.map((item, i) => ({
      item,
      percent: percents[i]!,
      unitPrice: money(totals.lines[i]!.unitPrice),
      amount: money(totals.lines[i]!.amount),
    })),
    subtotal: money(totals.subtotal),
    tax: money(totals.tax),
    total: money(totals.total),
  }
}
