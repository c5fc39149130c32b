import { describe, expect, it } from 'vitest'
import { descriptionFrom, readPayParams, readPlanParam } from './pay-params'

describe('readPayParams: /odeme?items=…&amount=…', () => {
  it.each([
    ['items=1,2&amount=123.45', [1, 2], '123.45'],
    ['items=3&amount=1.234,50', [3], '1234.50'],
    ['items=2,2,abc,-1,0,5&amount=10', [2, 5], '10.00'],
    ['items=99999999999&amount=0', [], null],
    ['amount=-5', [], null],
    ['', [], null],
  ])('%s → %j, %s', (query, ids, amount) => {
    expect(readPayParams(new URLSearchParams(query))).toEqual({ settleEntryIds: ids, amount })
  })

  it('keeps at most 500 items', () => {
    const many = Array.from({ length: 600 }, (_, i) => i + 1).join(',')
    expect(readPayParams(new URLSearchParams(`items=${many}`)).settleEntryIds).toHaveLength(500)
  })
})

describe('readPlanParam and descriptionFrom', () => {
  it.each([
    ['plan=3', 3],
    ['plan=0', null],
    ['plan=x', null],
    ['', null],
  ])('%s → %s', (query, plan) => {
    expect(readPlanParam(new URLSearchParams(query))).toBe(plan)
  })

  it('takes the note from the navigation state, else nothing', () => {
    expect(descriptionFrom({ description: 'Acil' })).toBe('Acil')
    expect(descriptionFrom({ description: 5 })).toBe('')
    expect(descriptionFrom(null)).toBe('')
    expect(descriptionFrom(undefined)).toBe('')
  })
})
