import { describe, expect, it } from 'vitest'
import { ThrottledLine } from './socket-errors'

describe('ThrottledLine', () => {
  it('lets the first line through, holds the rest back for the window, then tells how many it held', () => {
    let now = 1_000
    const line = new ThrottledLine(10_000, () => now)
    const taken: Array<number | null> = []
    for (const at of [1_000, 1_001, 5_000, 10_999, 11_000, 11_001, 30_000]) {
      now = at
      taken.push(line.take())
    }
    expect(taken).toEqual([0, null, null, null, 3, null, 1])
  })
})
