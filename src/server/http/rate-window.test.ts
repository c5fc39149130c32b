import { describe, expect, it } from 'vitest'
import { RateWindow } from './rate-window'

describe('RateWindow', () => {
  it('allows max events per key in the window, then says how long to wait', () => {
    const window = new RateWindow(3, 60_000)
    expect([window.take('a', 0), window.take('a', 10_000), window.take('a', 20_000)]).toEqual([0, 0, 0])
    expect(window.take('a', 30_000)).toBe(30_000) // the first event leaves the window at 60 s
    expect(window.take('b', 30_000)).toBe(0) // another key has its own count
    expect(window.take('a', 59_999)).toBe(1)
    expect(window.take('a', 60_000)).toBe(0)
    expect(window.take('a', 60_001)).toBe(9_999) // refusals were not counted
  })
})
