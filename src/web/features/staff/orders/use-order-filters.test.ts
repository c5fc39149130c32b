import { describe, expect, it } from 'vitest'
import { filtersOf, searchOf } from './use-order-filters'

describe('the order list address', () => {
  it('reads every filter and writes it back the same', () => {
    const query =
      'status=shipped&customerId=12&from=2026-11-01&to=2026-11-30&q=S2026&sort=total&dir=asc&page=3'
    const filters = filtersOf(new URLSearchParams(query))
    expect(filters).toEqual({
      status: 'shipped',
      customerId: 12,
      from: '2026-11-01',
      to: '2026-11-30',
      q: 'S2026',
      sort: 'total',
      dir: 'asc',
      page: 3,
    })
    expect(searchOf(filters).toString()).toBe(query)
  })

  it('reads a value that is not one as not given, and leaves defaults out of the address', () => {
    const filters = filtersOf(new URLSearchParams('status=lost&customerId=-1&from=dün&sort=x&dir=up&page=0'))
    expect(filters).toEqual({
      status: null,
      customerId: null,
      from: null,
      to: null,
      q: '',
      sort: 'date',
      dir: 'desc',
      page: 1,
    })
    expect(searchOf(filters).toString()).toBe('')
  })
})
