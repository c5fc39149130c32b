import { describe, expect, it } from 'vitest'
import { bytesToTouch } from './warm-memory.mjs'

const GIB = 1024 ** 3
const meminfo = (availableKiB: number) =>
  `MemTotal:       24683520 kB\nMemFree:        20000000 kB\nMemAvailable:   ${availableKiB} kB\nBuffers:           1000 kB\n`

describe('bytesToTouch', () => {
  it.each([
    // available GiB, reserve, cap, expected GiB
    [22, 4, 16, 16],
    [18, 4, 16, 14],
    [10.1, 4, 16, 6],
    [4, 4, 16, 0],
    [3, 4, 16, 0],
    [22, 4, 2, 2],
  ])('%s GiB available, %s kept back, cap %s: touches %s GiB', (available, reserveGiB, capGiB, expected) => {
    const bytes = bytesToTouch(meminfo(Math.round(available * 1024 * 1024)), { reserveGiB, capGiB })
    expect(bytes / GIB).toBeCloseTo(expected, 0)
    expect(bytes % (256 * 1024 ** 2)).toBe(0)
  })

  it('touches nothing when the kernel does not say what is available', () => {
    expect(bytesToTouch('MemTotal: 1000 kB\n')).toBe(0)
    expect(bytesToTouch('')).toBe(0)
  })
})
