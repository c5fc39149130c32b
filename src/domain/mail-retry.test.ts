import { describe, expect, it } from 'vitest'
import { MAIL_MAX_ATTEMPTS, nextMailAttempt } from './mail-retry'

const failedAt = new Date('2026-03-04T10:00:00.000Z')

describe('nextMailAttempt', () => {
  it.each([
    // failed attempts → next attempt (null: given up)
    [1, '2026-03-04T10:00:30.000Z'],
    [2, '2026-03-04T10:02:00.000Z'],
    [3, '2026-03-04T10:10:00.000Z'],
    [4, '2026-03-04T11:00:00.000Z'],
    [5, '2026-03-04T16:00:00.000Z'],
    [6, null],
    [7, null],
  ])('after %i failed attempt(s) → %s', (attempts, expected) => {
    expect(nextMailAttempt(attempts, failedAt)?.toISOString() ?? null).toBe(expected)
  })

  it('gives up exactly at the last attempt', () => {
    expect(MAIL_MAX_ATTEMPTS).toBe(6)
    expect(nextMailAttempt(MAIL_MAX_ATTEMPTS - 1, failedAt)).not.toBeNull()
    expect(nextMailAttempt(MAIL_MAX_ATTEMPTS, failedAt)).toBeNull()
  })

  it.each([0, -1, 1.5, Number.NaN])('refuses %s attempts', (attempts) => {
    expect(() => nextMailAttempt(attempts, failedAt)).toThrow(RangeError)
  })
})
