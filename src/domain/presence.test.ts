import { describe, expect, it } from 'vitest'
import {
  comesOnline,
  isListed,
  PRESENCE_LISTED_MS,
  PRESENCE_ONLINE_MS,
  type PresenceEntry,
  presenceList,
  presenceStatus,
} from './presence'

const now = Date.parse('2026-03-14T12:00:00.000Z')
const MIN = 60 * 1000

describe('presenceStatus', () => {
  it.each([
    // seen ago (ms), logged out → status
    [0, false, 'online'],
    [4 * MIN + 59_999, false, 'online'],
    [5 * MIN, false, 'offline'],
    [60 * MIN, false, 'offline'],
    [0, true, 'offline'],
    [-5_000, false, 'online'], // another process's clock a little ahead
  ] as const)('seen %i ms ago, logged out %s → %s', (ago, loggedOut, expected) => {
    expect(presenceStatus({ seenAt: now - ago, loggedOut }, now)).toBe(expected)
  })
})

describe('isListed', () => {
  it.each([
    [0, true],
    [PRESENCE_LISTED_MS - 1, true],
    [PRESENCE_LISTED_MS, false],
    [2 * PRESENCE_LISTED_MS, false],
  ])('seen %i ms ago → listed %s', (ago, expected) => {
    expect(isListed(now - ago, now)).toBe(expected)
  })
})

describe('comesOnline', () => {
  it.each([
    ['never seen', undefined, true],
    ['online a minute ago', { seenAt: now - MIN, loggedOut: false }, false],
    ['timed out', { seenAt: now - PRESENCE_ONLINE_MS, loggedOut: false }, true],
    ['logged out a moment ago', { seenAt: now - 1000, loggedOut: true }, true],
    ['seen two days ago', { seenAt: now - 2 * PRESENCE_LISTED_MS, loggedOut: false }, true],
  ])('%s → %s', (_what, previous, expected) => {
    expect(comesOnline(previous, now)).toBe(expected)
  })
})

describe('presenceList', () => {
  const entry = (id: number, agoMs: number, loggedOut = false): PresenceEntry => ({
    id,
    name: `Bayi ${id}`,
    seenAt: now - agoMs,
    loggedOut,
  })

  it('puts online users first, then the most recently seen, and drops users older than a day', () => {
    const list = presenceList(
      [
        entry(1, 30 * MIN), // offline, seen half an hour ago
        entry(2, 2 * MIN), // online
        entry(3, 10_000, true), // logged out 10 s ago
        entry(4, 25 * 60 * MIN), // more than a day: dropped
        entry(5, 10_000), // online, seen most recently
      ],
      now,
    )
    expect(list.map((u) => [u.id, u.status])).toEqual([
      [5, 'online'],
      [2, 'online'],
      [3, 'offline'],
      [1, 'offline'],
    ])
  })

  it('orders equal times by id and keeps at most the limit', () => {
    const list = presenceList([entry(9, MIN), entry(7, MIN), entry(8, MIN)], now, 2)
    expect(list.map((u) => u.id)).toEqual([7, 8])
  })

  it('lists nobody when nobody was seen', () => {
    expect(presenceList([], now)).toEqual([])
  })
})
