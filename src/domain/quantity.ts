import { MAX_LINE_QUANTITY } from './cart-rules'
import { DETAIL_MAX_QUANTITY } from './listing'

/** Where a quantity is typed: the product page (1–100, spec/1 §9) or a list's card or row. */
export type QuantityRule = 'list' | 'detail'

/** The largest amount a field of this rule takes: 100 on the product page, a cart line's bound elsewhere. */
export function quantityMax(rule: QuantityRule): number {
  return rule === 'detail' ? DETAIL_MAX_QUANTITY : MAX_LINE_QUANTITY
}

export type QuantityCheck =
  | { ok: true; quantity: number }
  /** `empty`: nothing typed yet (the field waits); otherwise the text breaks the rule 1–max. */
  | { ok: false; empty: boolean; max: number }

/**
 * Whether a typed quantity is a whole number from 1 to the rule's maximum (a typed value is
 * never changed behind the dealer's back). Only digits count, so '-3', '1,5', '1.000' and '150' on the
 * product page are refused as typed, not turned into 13, 15, 1 or the previous amount.
 */
export function checkQuantity(typed: string, rule: QuantityRule): QuantityCheck {
  const max = quantityMax(rule)
  const text = typed.trim()
  if (text === '') return { ok: false, empty: true, max }
  if (!/^\d+$/.test(text)) return { ok: false, empty: false, max }
  const quantity = Number(text)
  if (quantity < 1 || quantity > max) return { ok: false, empty: false, max }
  return { ok: true, quantity }
}

/**
 * The product page's rule for a typed quantity (spec/1 §5), applied when it is committed — the field
 * left, Enter, or an add: a whole number above 0 and at most 100 is taken; something that is not a
 * number (as people write one: digits, a minus, a decimal point), or zero, becomes 1; any other value
 * (negative, over 100, not whole) leaves the `previous` amount in place. The field then shows what
 * was taken, so an add never finds a value it cannot send (docs/decisions.md).
 */
export function commitDetailQuantity(typed: string, previous: number): number {
  const text = typed.trim()
  if (!/^-?\d+(\.\d+)?$/.test(text)) return 1
  const value = Number(text)
  if (value === 0) return 1
  return Number.isInteger(value) && value > 0 && value <= DETAIL_MAX_QUANTITY ? value : previous
}
