import { describe, expect, it } from 'vitest'
import { formatAge, initialOf, liveSocketUrl, reconnectDelay } from './live-format'

describe('initialOf', () => {
  it.each([
    ['Ahmet Yılmaz', 'tr', 'A'],
    ['ismail Şen', 'tr', 'İ'],
    ['ismail Şen', 'en', 'I'],
    ['  şule', 'tr', 'Ş'],
    ['', 'tr', '?'],
  ] as const)('%s (%s) → %s', (name, locale, expected) => {
    expect(initialOf(name, locale)).toBe(expected)
  })
})

describe('formatAge', () => {
  const now = Date.parse('2026-03-14T12:00:00.000Z')
  const ago = (ms: number) => new Date(now - ms).toISOString()
  it.each([
    [30_000, 'tr', null],
    [5 * 60_000, 'tr', '5 dakika önce'],
    [5 * 60_000, 'en', '5 minutes ago'],
    [3 * 3600_000 + 59 * 60_000, 'tr', '3 saat önce'],
    [2 * 86_400_000, 'en', '2 days ago'],
    [-60_000, 'tr', null],
  ] as const)('%i ms ago (%s) → %s', (ms, locale, expected) => {
    expect(formatAge(ago(ms), now, locale)).toBe(expected)
  })
})

describe('reconnectDelay', () => {
  it.each([
    [1, 1, 1000],
    [2, 1, 2000],
    [3, 1, 4000],
    [6, 1, 30_000],
    [20, 1, 30_000],
    [1, 0, 800],
  ])('attempt %i, random %f → %i ms', (attempt, random, expected) => {
    expect(reconnectDelay(attempt, random)).toBe(expected)
  })
})

describe('liveSocketUrl', () => {
  it('follows the page: wss on https, ws on http, same host and port', () => {
    expect(liveSocketUrl({ protocol: 'https:', host: 'bayi.example.com' })).toBe(
      'wss://bayi.example.com/ws/online-users',
    )
    expect(liveSocketUrl({ protocol: 'http:', host: '127.0.0.1:4173' })).toBe(
      'ws://127.0.0.1:4173/ws/online-users',
    )
  })
})
