import { describe, expect, it } from 'vitest'
import {
  isDelivered,
  nextWebhookAttempt,
  parseSignatureHeader,
  verifyWebhookSignature,
  WEBHOOK_MAX_ATTEMPTS,
  webhookSignatureHeader,
} from './webhook-delivery'

const at = new Date('2026-11-30T10:00:00.000Z')

describe('nextWebhookAttempt', () => {
  it.each([
    [1, '2026-11-30T10:01:00.000Z'],
    [2, '2026-11-30T10:05:00.000Z'],
    [3, '2026-11-30T10:30:00.000Z'],
    [4, '2026-11-30T12:00:00.000Z'],
    [5, '2026-11-30T22:00:00.000Z'],
    [6, null],
    [7, null],
  ])('after %i failed attempts → %s', (attempts, expected) => {
    expect(nextWebhookAttempt(attempts, at)?.toISOString() ?? null).toBe(expected)
  })

  it('has six attempts in all and refuses a count below one', () => {
    expect(WEBHOOK_MAX_ATTEMPTS).toBe(6)
    expect(() => nextWebhookAttempt(0, at)).toThrow(RangeError)
    expect(() => nextWebhookAttempt(1.5, at)).toThrow(RangeError)
  })
})

describe('isDelivered', () => {
  it.each([
    [200, true],
    [204, true],
    [299, true],
    [301, false],
    [404, false],
    [500, false],
  ])('%i → %s', (status, expected) => expect(isDelivered(status)).toBe(expected))
})

describe('webhook signature', () => {
  const secret = 'whsec_test'
  const body = '{"id":"1","event":"order.created","data":{"id":7,"note":"Çağrı"}}'

  it('is HMAC-SHA256 in hex over "<t>.<body>" (the value Node\'s createHmac gives)', async () => {
    const header = await webhookSignatureHeader(secret, 1_764_496_800, body)
    expect(header).toBe('t=1764496800,v1=a35b91c58025fa1e2d02278e616a2107051b6095ca83c2845068ff06bfb3c5da')
  })

  it.each([
    ['the signature as sent', (h: string) => h, body, 1_764_496_800, 'ok'],
    ['a changed body', (h: string) => h, `${body} `, 1_764_496_800, 'mismatch'],
    [
      'another secret',
      async () => webhookSignatureHeader('whsec_other', 1_764_496_800, body),
      body,
      1_764_496_800,
      'mismatch',
    ],
    ['five minutes late', (h: string) => h, body, 1_764_496_800 + 300, 'ok'],
    ['more than five minutes late', (h: string) => h, body, 1_764_496_800 + 301, 'stale'],
    ['no v1', () => 't=1764496800', body, 1_764_496_800, 'malformed'],
    ['no t', (h: string) => h.replace(/^t=\d+,/, ''), body, 1_764_496_800, 'malformed'],
    ['garbage', () => 'hello', body, 1_764_496_800, 'malformed'],
  ] as const)('%s → %s', async (_name, make, sentBody, now, expected) => {
    const header = await make(await webhookSignatureHeader(secret, 1_764_496_800, body))
    expect(await verifyWebhookSignature(header, secret, sentBody, now)).toBe(expected)
  })

  it('accepts any of several v1 signatures (a receiver may see one per secret)', async () => {
    const good = await webhookSignatureHeader(secret, 100, body)
    const header = `t=100,v1=${'0'.repeat(64)},${good.split(',')[1]}`
    expect(parseSignatureHeader(header)?.v1).toHaveLength(2)
    expect(await verifyWebhookSignature(header, secret, body, 100)).toBe('ok')
  })
})
