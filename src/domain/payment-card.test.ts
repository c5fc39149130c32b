import { describe, expect, it } from 'vitest'
import { cardExpired, cardNetworkOf, luhnValid, maskCardNumber } from './payment-card'

describe('maskCardNumber', () => {
  it.each([
    ['4508034508034509', '450803******4509'],
    ['9792040000000017', '979204******0017'],
  ])('%s → %s (first 6, last 4)', (digits, masked) => {
    expect(maskCardNumber(digits)).toBe(masked)
  })
})

describe('luhnValid', () => {
  it.each([
    ['4090210000000016', true],
    ['5571130000000011', true],
    ['4508034508034509', true],
    ['4090210000000017', false],
    ['1234', false],
    ['40902100000000a6', false],
  ])('%s → %s', (digits, valid) => {
    expect(luhnValid(digits)).toBe(valid)
  })
})

describe('cardNetworkOf', () => {
  it.each([
    ['4090210000000016', 'VISA'],
    ['5571130000000011', 'MASTER_CARD'],
    ['2221000000000009', 'MASTER_CARD'],
    ['2721000000000004', null],
    ['9792040000000017', 'TROY'],
    ['374427000000000', 'AMEX'],
    ['6011000000000004', null],
  ])('%s → %s', (digits, network) => {
    expect(cardNetworkOf(digits)).toBe(network)
  })
})

describe('cardExpired', () => {
  const now = new Date('2026-03-15T10:00:00Z')
  it.each([
    ['03/26', false],
    ['02/26', true],
    ['12/25', true],
    ['04/26', false],
    ['01/27', false],
    ['13/26', true],
  ])('%s in March 2026 → %s', (expire, expired) => {
    expect(cardExpired(expire, now)).toBe(expired)
  })
})
