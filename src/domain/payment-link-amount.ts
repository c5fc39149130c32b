import Big from 'big.js'

/** The most a payment link may ask for: twelve integer digits, as the payment start accepts. */
const AMOUNT_SHAPE = /^\d{1,12}(\.\d{1,2})?$/

/**
 * The payment-link amount rule (spec/2 §5), the same on the modal and the server: digits, optionally a
 * decimal separator and at most 2 decimals; a comma is read as the decimal separator (Turkish
 * '100,50'); it must be above 0. Thousands separators are not accepted ('1.234' has 3 decimals).
 * Returns the amount with a dot and 2 decimals ('100.50'), or null when the rule is not met (the
 * caller says 'Geçerli bir tutar giriniz.').
 */
export function parsePaymentLinkAmount(input: string | number): string | null {
  const text = String(input).trim().replace(',', '.')
  if (!AMOUNT_SHAPE.test(text)) return null
  const amount = new Big(text)
  return amount.gt(0) ? amount.toFixed(2) : null
}
