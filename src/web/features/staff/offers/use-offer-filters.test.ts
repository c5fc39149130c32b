import { describe, expect, it } from 'vitest'
import { filtersOf, searchOf } from './use-offer-filters'

describe('the offer list address', () => {
  it('reads every filter and the open offer, and writes them back the same', () => {
    const query = 'status=ordered&customerId=12&from=2026-11-01&to=2026-11-30&q=T2026&page=3&id=41'
    const filters = filtersOf(new URLSearchParams(query))
    expect(filters).toEqual({
      status: 'ordered',
      customerId: 12,
      from: '2026-11-01',
      to: '2026-11-30',
      q: 'T2026',
      page: 3,
      id: 41,
    })
    expect(searchOf(filters).toString()).toBe(query)
  })

  it('reads a value that is not one as not given, and leaves defaults out of the address', () => {
    const filters = filtersOf(new URLSearchParams('status=lost&customerId=-1&from=dün&page=0&id=x'))
    expect(filters).toEqual({
      status: null,
      customerId: null,
      from: null,
      to: null,
      q: '',
      page: 1,
      id: null,
    })
    expect(searchOf(filters).toString()).toBe('')
  })
})
