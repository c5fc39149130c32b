import { describe, expect, it } from 'vitest'
import { cardTypeKey } from './card-description'

describe('cardTypeKey', () => {
  it.each([
    ['CREDIT', 'credit'],
    ['credit', 'credit'],
    ['DEBIT', 'debit'],
    ['PREPAID', 'prepaid'],
    ['PREPAID CREDIT', 'prepaid'],
    ['PREPAID DEBIT', 'prepaid'],
    ['CHARGE', 'credit'],
  ] as const)('names %s as %s', (type, key) => {
    expect(cardTypeKey(type)).toBe(key)
  })

  it.each([null, '', 'UNKNOWN', 'BUSINESS'])('has no words for %s', (type) => {
    expect(cardTypeKey(type)).toBeNull()
  })
})
