/**
 * The integration API's outgoing data (docs/integration.md, "Feeds" and "Webhooks"): the feeds the
 * ERP pages through, the kinds of event in them, the webhook events, and the feeds' opaque cursor.
 */

/** One feed per resource, each behind its scope. */
export const FEED_NAMES = ['orders', 'offers', 'payments', 'customer_users'] as const
export type FeedName = (typeof FEED_NAMES)[number]

/** What a feed row is about; the payments feed carries two kinds. */
export const FEED_KINDS = ['order', 'offer', 'card_payment', 'bank_transfer', 'customer_user'] as const
export type FeedKind = (typeof FEED_KINDS)[number]

export const feedOfKind = (kind: FeedKind): FeedName =>
  kind === 'order'
    ? 'orders'
    : kind === 'offer'
      ? 'offers'
      : kind === 'customer_user'
        ? 'customer_users'
        : 'payments'

/** The events an endpoint may subscribe to: a new order, and money received (card or bank transfer). */
export const WEBHOOK_EVENTS = ['order.created', 'payment.received'] as const
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]

/** The webhook event a feed row also is, if any (offers and new users are in their feeds only). */
export const webhookEventOfKind = (kind: FeedKind): WebhookEvent | null =>
  kind === 'order'
    ? 'order.created'
    : kind === 'card_payment' || kind === 'bank_transfer'
      ? 'payment.received'
      : null

/** Page sizes of a feed: `limit` defaults to 100 and may not pass 1000. */
export const FEED_DEFAULT_LIMIT = 100
export const FEED_MAX_LIMIT = 1000

/** Where a reader stands in a feed: after the row (xact, id); both ascend together in the feed's order. */
export type FeedPosition = { xact: string; id: number }

const DIGITS = /^[0-9]{1,20}$/
const MAX_XACT = 2n ** 64n - 1n

const toBase64Url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')

/** The cursor a page's `next` carries: opaque to the reader (base64url of "xact.id"). */
export function encodeFeedCursor(position: FeedPosition): string {
  return toBase64Url(`${position.xact}.${position.id}`)
}

/** The position a cursor names, or null when it is not one this API made. */
export function decodeFeedCursor(cursor: string): FeedPosition | null {
  if (!/^[A-Za-z0-9_-]{1,60}$/.test(cursor)) return null
  let text: string
  try {
    text = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'))
  } catch {
    return null
  }
  const [xact, id, ...rest] = text.split('.')
  if (rest.length > 0 || !xact || !id || !DIGITS.test(xact) || !DIGITS.test(id)) return null
  if (BigInt(xact) > MAX_XACT || !Number.isSafeInteger(Number(id))) return null
  // The canonical spelling only: "007" is not a cursor we gave out.
  if (String(BigInt(xact)) !== xact || String(Number(id)) !== id) return null
  return { xact, id: Number(id) }
}
