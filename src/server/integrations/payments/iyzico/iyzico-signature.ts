import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * iyzico's response signatures ("Response Signature Validation" in iyzico's documentation): the hex
 * HMAC-SHA256, keyed with the merchant's secret key, of given fields joined with ':' in a fixed order.
 * - the callback posted to callbackUrl: conversationData, conversationId, mdStatus, paymentId, status
 *   (an absent conversationData counts as empty);
 * - 3-D Secure initialize: paymentId, conversationId;
 * - 3-D Secure auth (threedsPayment): paymentId, currency, basketId, conversationId, paidPrice, price.
 */
export function iyzicoSignature(
  secretKey: string,
  fields: Array<string | number | undefined | null>,
): string {
  const text = fields.map((field) => (field === undefined || field === null ? '' : String(field))).join(':')
  return createHmac('sha256', secretKey).update(text).digest('hex')
}

export function iyzicoSignatureValid(
  secretKey: string,
  fields: Array<string | number | undefined | null>,
  signature: unknown,
): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/i.test(signature)) return false
  const expected = Buffer.from(iyzicoSignature(secretKey, fields))
  const given = Buffer.from(signature.toLowerCase())
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/**
 * A price as iyzico's clients write it in a signature: the shortest decimal of the number
 * (1.10 → '1.1', 100.00 → '100'), as the official Node samples verify it.
 */
export function iyzicoPrice(value: string | number): string {
  return String(Number(value))
}
