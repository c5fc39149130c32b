import { describe, expect, it } from 'vitest'
import {
  decodeFeedCursor,
  encodeFeedCursor,
  FEED_KINDS,
  feedOfKind,
  webhookEventOfKind,
} from './integration-feeds'

describe('feed cursor', () => {
  it.each([
    [{ xact: '0', id: 0 }],
    [{ xact: '742', id: 17 }],
    [{ xact: '18446744073709551615', id: Number.MAX_SAFE_INTEGER }],
  ])('round-trips %o as opaque base64url', (position) => {
    const cursor = encodeFeedCursor(position)
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeFeedCursor(cursor)).toEqual(position)
  })

  const b64 = (text: string) => Buffer.from(text).toString('base64url')
  it.each([
    ['not base64url', 'a+b/c'],
    ['empty', ''],
    ['one part', b64('742')],
    ['three parts', b64('1.2.3')],
    ['leading zero', b64('07.2')],
    ['a sign', b64('-1.2')],
    ['past 64 bits', b64('18446744073709551616.1')],
    ['an unsafe id', b64('1.9007199254740993')],
    ['letters', b64('a.b')],
    ['too long', 'A'.repeat(61)],
  ])('refuses %s', (_name, cursor) => {
    expect(decodeFeedCursor(cursor)).toBeNull()
  })
})

describe('feeds and events of a kind', () => {
  it.each([
    ['order', 'orders', 'order.created'],
    ['offer', 'offers', null],
    ['card_payment', 'payments', 'payment.received'],
    ['bank_transfer', 'payments', 'payment.received'],
    ['customer_user', 'customer_users', null],
  ] as const)('%s → %s, %s', (kind, feed, event) => {
    expect(feedOfKind(kind)).toBe(feed)
    expect(webhookEventOfKind(kind)).toBe(event)
  })

  it('covers every kind', () => {
    expect(FEED_KINDS).toHaveLength(5)
  })
})
