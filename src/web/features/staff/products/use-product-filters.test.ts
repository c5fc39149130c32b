import { describe, expect, it } from 'vitest'
import { filtersOf, searchOf } from './use-product-filters'

describe('the product table address', () => {
  it('reads every filter, the sort and the page, and writes them back the same', () => {
    const query = 'q=matkap&categoryId=4&brandId=9&active=false&sort=price&dir=desc&page=3'
    const filters = filtersOf(new URLSearchParams(query))
    expect(filters).toEqual({
      q: 'matkap',
      categoryId: 4,
      brandId: 9,
      active: false,
      sort: 'price',
      dir: 'desc',
      page: 3,
    })
    expect(searchOf(filters).toString()).toBe(new URLSearchParams(query).toString())
  })

  it('reads a value that is not one as not given, and leaves defaults out of the address', () => {
    const filters = filtersOf(
      new URLSearchParams('categoryId=x&brandId=0&active=yes&sort=city&dir=up&page=-1'),
    )
    expect(filters).toEqual({
      q: '',
      categoryId: null,
      brandId: null,
      active: null,
      sort: 'code',
      dir: 'asc',
      page: 1,
    })
    expect(searchOf(filters).toString()).toBe('')
  })
})
