import { describe, expect, it } from 'vitest'
import { ExactKeys } from './exact-keys'

describe('exact keys', () => {
  it('finds every slot added under a text, before and after the build ends, and nothing else', () => {
    const keys = new ExactKeys()
    const texts = Array.from({ length: 20_000 }, (_, i) => `K-${i.toString(36).toUpperCase()}`)
    texts.forEach((text, slot) => {
      keys.add(text, slot)
    })
    keys.add('ŞNZ-001', 20_000)
    keys.add('K-0', 20_001)
    keys.seal()
    keys.add('K-1', 20_002)
    keys.add('YENİ', 20_003)
    expect(keys.find('K-0').sort((a, b) => a - b)).toEqual([0, 20_001])
    expect(keys.find('K-1').sort((a, b) => a - b)).toEqual([1, 20_002])
    expect(keys.find('ŞNZ-001')).toEqual([20_000])
    expect(keys.find('SNZ-001')).toEqual([])
    expect(keys.find('k-0')).toEqual([])
    expect(keys.find('YENİ')).toEqual([20_003])
    for (let slot = 2; slot < texts.length; slot += 97) expect(keys.find(texts[slot]!)).toEqual([slot])
    expect(keys.find('K-')).toEqual([])
    expect(keys.find('')).toEqual([])
  })
})
