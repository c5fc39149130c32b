import { describe, expect, it } from 'vitest'
import { pageBounds } from './paging'

describe('pageBounds', () => {
  it.each([
    // total, asked, size → page, pages, offset
    [0, 1, 20, 1, 0, 0],
    [0, 5, 20, 1, 0, 0],
    [1, 1, 20, 1, 1, 0],
    [20, 1, 20, 1, 1, 0],
    [21, 2, 20, 2, 2, 20],
    [21, 3, 20, 2, 2, 20],
    [100, 0, 50, 1, 2, 0],
    [100, -4, 50, 1, 2, 0],
    [101, 99, 50, 3, 3, 100],
  ])('%i rows, page %i of size %i → page %i of %i, offset %i', (total, asked, size, page, pages, offset) => {
    expect(pageBounds(total, asked, size)).toEqual({ page, pages, offset })
  })
})
