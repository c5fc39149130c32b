import { describe, expect, it } from 'vitest'
import {
  canTransition,
  HOLDING_STATUSES,
  type IntentStatus,
  intentStatusAt,
  intentStatuses,
  isFinal,
  LINK_PAUSE_MS,
  linkPauseMs,
  payerStatusOf,
  sourcesOf,
} from './payment-intent'

describe('payment intent transitions', () => {
  // The whole table: every pair not listed here is refused.
  const allowed: Array<[IntentStatus, IntentStatus]> = [
    ['pending', 'authorized'],
    ['pending', 'failed'],
    ['pending', 'expired'],
    ['authorized', 'capturing'],
    ['authorized', 'failed'],
    ['capturing', 'succeeded'],
    ['capturing', 'failed'],
    ['capturing', 'needs_attention'],
    ['needs_attention', 'succeeded'],
    ['needs_attention', 'refunding'],
    ['refunding', 'refunded'],
    ['refunding', 'needs_attention'],
    ['refunding', 'succeeded'],
    ['succeeded', 'refunding'],
    ['failed', 'needs_attention'],
  ]
  const key = (from: string, to: string) => `${from}→${to}`
  const allowedKeys = new Set(allowed.map(([from, to]) => key(from, to)))

  for (const from of intentStatuses) {
    for (const to of intentStatuses) {
      const expected = allowedKeys.has(key(from, to))
      it(`${key(from, to)} is ${expected ? 'allowed' : 'refused'}`, () => {
        expect(canTransition(from, to)).toBe(expected)
      })
    }
  }

  it.each([
    ['authorized', ['pending']],
    ['capturing', ['authorized']],
    ['succeeded', ['capturing', 'needs_attention', 'refunding']],
    ['failed', ['pending', 'authorized', 'capturing']],
    ['needs_attention', ['capturing', 'failed', 'refunding']],
    ['refunded', ['refunding']],
    ['refunding', ['succeeded', 'needs_attention']],
    ['expired', ['pending']],
    ['pending', []],
  ] as const)('a step to %s starts from %j', (to, from) => {
    expect(sourcesOf(to)).toEqual(from)
  })

  it('nothing leaves expired and refunded; succeeded only to refund a cancelled order; failed only when the bank reports a charge after all', () => {
    expect(intentStatuses.filter(isFinal)).toEqual(['expired', 'refunded'])
    expect(sourcesOf('refunding')).toContain('succeeded')
    expect(sourcesOf('needs_attention')).toContain('failed')
  })

  it('money is held only between capturing and a final state', () => {
    expect(HOLDING_STATUSES).toEqual(['capturing', 'needs_attention', 'refunding'])
    for (const status of HOLDING_STATUSES) expect(isFinal(status)).toBe(false)
  })
})

describe('intentStatusAt', () => {
  const expiresAt = new Date('2026-11-28T10:15:00Z')
  it.each([
    ['pending', '2026-11-28T10:14:59Z', 'pending'],
    ['pending', '2026-11-28T10:15:00Z', 'pending'],
    ['pending', '2026-11-28T10:15:01Z', 'expired'],
    ['authorized', '2026-11-28T11:00:00Z', 'authorized'],
    ['capturing', '2026-11-28T11:00:00Z', 'capturing'],
    ['succeeded', '2026-11-28T11:00:00Z', 'succeeded'],
    ['failed', '2026-11-28T11:00:00Z', 'failed'],
    ['expired', '2026-11-28T10:00:00Z', 'expired'],
  ] as const)('%s at %s reads %s', (status, at, read) => {
    expect(intentStatusAt(status, expiresAt, new Date(at))).toBe(read)
  })
})

describe('payerStatusOf', () => {
  it.each([
    ['pending', 'pending'],
    ['authorized', 'processing'],
    ['capturing', 'processing'],
    ['needs_attention', 'processing'],
    ['refunding', 'processing'],
    ['succeeded', 'succeeded'],
    ['failed', 'failed'],
    ['refunded', 'failed'],
    ['expired', 'expired'],
  ] as const)('%s reads %s to the payer', (status, payer) => {
    expect(payerStatusOf(status)).toBe(payer)
  })
})

describe('linkPauseMs', () => {
  const now = new Date('2026-11-28T12:00:00Z')
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000)
  const failed = (minutes: number) => ({ status: 'failed' as const, stateChangedAt: ago(minutes) })
  it.each([
    ['no payments', [], 0],
    ['two failures', [failed(1), failed(2)], 0],
    ['three failures, the last a minute ago', [failed(1), failed(2), failed(3)], LINK_PAUSE_MS - 60_000],
    ['three failures, the last 30 minutes ago', [failed(30), failed(31), failed(32)], 0],
    ['three failures, the last 29 minutes ago', [failed(29), failed(31), failed(32)], 60_000],
    [
      'a success among the last three',
      [failed(1), { status: 'succeeded' as const, stateChangedAt: ago(2) }, failed(3)],
      0,
    ],
    [
      'a payment still pending, then three failures',
      [{ status: 'pending' as const, stateChangedAt: ago(0) }, failed(1), failed(2), failed(3)],
      0,
    ],
    [
      'four failures: the newest decides',
      [failed(5), failed(40), failed(41), failed(42)],
      LINK_PAUSE_MS - 5 * 60_000,
    ],
  ] as const)('%s', (_, recent, wait) => {
    expect(linkPauseMs(recent, now)).toBe(wait)
  })
})
