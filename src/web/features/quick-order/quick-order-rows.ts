import Big from 'big.js'
import type { Unit } from '../../../contracts/catalog'
import type { Money } from '../../../contracts/common'
import type { QuickOrderAdded, QuickOrderLine, QuickOrderPreview } from '../../../contracts/quick-order'
import { roundMoney } from '../../../domain/pricing'
import { parseQuickOrderLine } from '../../../domain/quick-order'
import { unitPrices } from '../../components/product/product-fields'
import type { QuickOrderLineInput } from '../../lib/cart/quick-order-api'
import { quickOrderLineText, unitToken } from '../../lib/cart/quick-order-line'

/** What the dealer changed on a line: another code (or product), quantity or unit. */
export type LineEdit = { code?: string; quantity?: number | null; unitId?: number }

/** One line of the preview table, as the page keeps it between the server's answers. */
export type Row = {
  /** Stable through every answer, for React and for the focus. */
  key: number
  /** Its number in the pasted text (a re-checked line is answered as line 1). */
  line: number
  /** The line as first pasted, shown as such and read again for the unit it named. */
  pasted: string
  answer: QuickOrderLine
  /**
   * The quantity the line asks for: the answer's when it has one (pieces of a boxed product come back
   * as boxes), else the last one typed or pasted (a line whose code found nothing comes back without).
   */
  quantity: number | null
  /**
   * What the dealer changed and the server has not answered yet (or failed to): shown over the
   * answer, so a slow or failed check never takes an edit away.
   */
  edit: LineEdit | null
  /** The number of the check under way; only its answer is taken (null: none under way). */
  checking: number | null
  /** Why the last check failed (no answer), for a retry. */
  failed: string | null
  /** The cart's reason for refusing this line at the last add. */
  refused: string | null
}

export function rowsOf(preview: QuickOrderPreview, firstKey: number): Row[] {
  return preview.lines.map((answer, i) => ({
    key: firstKey + i,
    line: answer.line,
    pasted: answer.input,
    answer,
    quantity: answer.quantity ?? parseQuickOrderLine(answer.input, 1).quantity,
    edit: null,
    checking: null,
    failed: null,
    refused: null,
  }))
}

/** The code the line is found by now: what was typed (a barcode stays a barcode), else the product's. */
export const codeOf = (row: Row): string => row.edit?.code ?? row.answer.typedCode ?? row.answer.code ?? ''

export const quantityOf = (row: Row): number | null =>
  row.edit?.quantity !== undefined ? row.edit.quantity : row.quantity

/** The row once the server answered its check: the answer, the quantity it settled on, no edit left. */
export function answered(row: Row, line: QuickOrderLine): Row {
  return {
    ...row,
    answer: { ...line, line: row.line },
    quantity: line.quantity ?? quantityOf(row),
    edit: null,
    checking: null,
  }
}

export const unitIdOf = (row: Row): number | null => row.edit?.unitId ?? row.answer.unitId ?? null

/**
 * The text one line is checked again with after `edit`: its code, quantity and unit. The unit is the
 * one chosen on the line; for another product (or when the product's unit was not found) the unit the
 * pasted line named, so 'ABX-1 5 koli' picked as another product is still 5 boxes.
 */
export function recheckText(row: Row, edit: LineEdit): string {
  const merged: Row = { ...row, edit: { ...row.edit, ...edit } }
  const code = codeOf(merged)
  const sameCode = code.trim() === (row.answer.typedCode ?? row.answer.code ?? '').trim()
  const product = row.answer.product
  const unitId = unitIdOf(merged)
  const unit =
    product && unitId !== null && (sameCode || merged.edit?.unitId !== undefined)
      ? unitToken(product.units, unitId)
      : parseQuickOrderLine(row.pasted, 1).unit
  return quickOrderLineText(code, quantityOf(merged), unit)
}

/** Whether the line goes into the cart with the next add. */
export function isReady(row: Row): boolean {
  const { answer } = row
  return (
    answer.status === 'ok' &&
    row.checking === null &&
    row.edit === null &&
    row.refused === null &&
    answer.productId !== undefined &&
    answer.unitId !== undefined &&
    answer.quantity !== undefined
  )
}

export function countRows(rows: Row[]) {
  let ready = 0
  let checking = 0
  for (const row of rows) {
    if (isReady(row)) ready++
    else if (row.checking !== null) checking++
  }
  return { ready, checking, problems: rows.length - ready - checking }
}

export function readyLine(row: Row): QuickOrderLineInput {
  return { productId: row.answer.productId!, unitId: row.answer.unitId!, quantity: row.answer.quantity! }
}

export type RefusedLine = {
  key: number
  line: number
  code: string
  name: string
  url: string
  message: string
}

/**
 * The rows after an add of `sent`: the lines that went in leave the table, a refused one stays with
 * the cart's reason. The answer names a refused line by its product only; of several lines of one
 * product the last ones are taken as the refused ones, as the cart checks them in order and the later
 * line is the one the stock no longer covers.
 */
export function afterAdd(rows: Row[], sent: Row[], answer: QuickOrderAdded) {
  const refusals = new Map<number, string[]>()
  for (const r of answer.refused) refusals.set(r.productId, [...(refusals.get(r.productId) ?? []), r.message])
  const refusedKeys = new Map<number, string>()
  for (const [productId, messages] of refusals) {
    const ofProduct = sent.filter((row) => row.answer.productId === productId)
    ofProduct.slice(-messages.length).forEach((row, i) => {
      refusedKeys.set(row.key, messages[i] ?? messages[0]!)
    })
  }
  const sentKeys = new Set(sent.map((row) => row.key))
  const refused: RefusedLine[] = []
  const remaining = rows.flatMap((row) => {
    if (!sentKeys.has(row.key)) return [row]
    const message = refusedKeys.get(row.key)
    if (message === undefined) return []
    const product = row.answer.product
    refused.push({
      key: row.key,
      line: row.line,
      code: product?.code ?? row.answer.code ?? '',
      name: product?.name ?? '',
      url: product?.url ?? '',
      message,
    })
    return [{ ...row, refused: message }]
  })
  return { rows: remaining, refused }
}

/** The unit chosen on the line, among its product's units. */
export function chosenUnit(row: Row): Unit | null {
  const id = unitIdOf(row)
  return row.answer.product?.units.find((u) => u.id === id) ?? null
}

/** The unit price of the line's unit and the line's amount (unit price × quantity), when both are known. */
export function linePrices(row: Row): { unitPrice: Money | null; amount: Money | null } {
  const product = row.answer.product
  const unit = chosenUnit(row)
  if (!product || !unit) return { unitPrice: null, amount: null }
  const unitPrice = unitPrices(product, unit).sale
  const quantity = quantityOf(row)
  if (!unitPrice || unitPrice.value <= 0 || quantity === null) return { unitPrice, amount: null }
  const amount = roundMoney(unitPrice.value).times(quantity)
  return { unitPrice, amount: { value: amount.toNumber(), currency: unitPrice.currency } }
}

/** The ready lines' amounts added up, when they are all in one currency (prices come converted). */
export function readyTotal(rows: Row[]): Money | null {
  let total = new Big(0)
  let currency: string | null = null
  for (const row of rows) {
    if (!isReady(row)) continue
    const { amount } = linePrices(row)
    if (!amount) continue
    if (currency !== null && currency !== amount.currency) return null
    currency = amount.currency
    total = total.plus(amount.value)
  }
  return currency === null ? null : { value: total.toNumber(), currency }
}
