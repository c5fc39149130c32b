import Big from 'big.js'
import { type Amount, roundMoney } from './pricing'

export type CartTotalsLine = {
  /** Net unit price in the product's own currency, the customer's profit/discount already applied. */
  unitPrice: Amount
  /** Rate of the product's currency (value of one unit in TRY). */
  fromRate: Amount
  quantity: number
  taxRate: Amount
}

export type LineAmounts = { unitPrice: Big; amount: Big; tax: Big }
export type CartTotals = { subtotal: Big; tax: Big; total: Big; lines: LineAmounts[] }

/**
 * Cart totals (spec/1 §9): each unit price is converted to the shown currency by the exchange-rate
 * ratio and rounded to 2 decimals, so a line is exactly the unit price people see × quantity.
 * subtotal = Σ lines; tax = Σ line × taxRate %, rounded; total = subtotal + tax.
 * With toRate = 1 the same function gives the separate total in the TRY base.
 */
export function cartTotals(lines: CartTotalsLine[], toRate: Amount): CartTotals {
  let subtotal = new Big(0)
  let taxExact = new Big(0)
  const amounts: LineAmounts[] = []
  for (const line of lines) {
    const unitPrice = roundMoney(new Big(line.unitPrice).times(line.fromRate).div(toRate))
    const amount = unitPrice.times(line.quantity)
    const lineTax = amount.times(line.taxRate).div(100)
    subtotal = subtotal.plus(amount)
    taxExact = taxExact.plus(lineTax)
    amounts.push({ unitPrice, amount, tax: roundMoney(lineTax) })
  }
  const tax = roundMoney(taxExact)
  return { subtotal: roundMoney(subtotal), tax, total: roundMoney(subtotal.plus(tax)), lines: amounts }
}
