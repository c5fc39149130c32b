import { describe, expect, it } from 'vitest'
import { filtersOf, searchOf } from './use-customer-filters'

describe('the company list address', () => {
  it('reads every filter, the open company and its statement range, and writes them back the same', () => {
    const query = 'q=yıldız&active=false&sort=name&dir=desc&page=3&id=5&from=2026-01-01&to=2026-03-31'
    const filters = filtersOf(new URLSearchParams(query))
    expect(filters).toEqual({
      q: 'yıldız',
      active: false,
      sort: 'name',
      dir: 'desc',
      page: 3,
      id: 5,
      from: '2026-01-01',
      to: '2026-03-31',
    })
    expect(searchOf(filters).toString()).toBe(new URLSearchParams(query).toString())
  })

  it('reads a value that is not one as not given, and leaves defaults out of the address', () => {
    const filters = filtersOf(new URLSearchParams('active=yes&sort=city&dir=up&page=0&id=x&from=dün'))
    expect(filters).toEqual({
      q: '',
      active: null,
      sort: 'code',
      dir: 'asc',
      page: 1,
      id: null,
      from: null,
      to: null,
    })
    expect(searchOf(filters).toString()).toBe('')
  })

  it('keeps a statement range only while a company is open', () => {
    const filters = filtersOf(new URLSearchParams('from=2026-01-01&to=2026-03-31'))
    expect(searchOf(filters).toString()).toBe('')
  })
})
