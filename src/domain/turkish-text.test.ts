import { describe, expect, it } from 'vitest'
import { foldTurkish, slugify, turkishSortKey } from './turkish-text'

describe('foldTurkish', () => {
  it.each([
    ['Şanzıman', 'sanziman'],
    ['sanziman', 'sanziman'],
    ['IĞDIR', 'igdir'],
    ['Iğdır', 'igdir'],
    ['İSTANBUL', 'istanbul'],
    ['Çöğüş', 'cogus'],
    ['  Dişli   Çark ', 'disli cark'],
    ['café', 'cafe'],
  ])('%s → %s', (input, expected) => {
    expect(foldTurkish(input)).toBe(expected)
  })
})

describe('turkishSortKey', () => {
  const sortTr = (names: string[]) =>
    [...names].sort((a, b) => (turkishSortKey(a) < turkishSortKey(b) ? -1 : 1))

  it('puts ç after c, ğ after g, ı before i, ö after o, ş after s, ü after u', () => {
    expect(sortTr(['Çanta', 'Dolap', 'Cam'])).toEqual(['Cam', 'Çanta', 'Dolap'])
    expect(sortTr(['Ğ', 'H', 'G'])).toEqual(['G', 'Ğ', 'H'])
    expect(sortTr(['İp', 'Ilık', 'Jant'])).toEqual(['Ilık', 'İp', 'Jant'])
    expect(sortTr(['Pense', 'Örs', 'Oto'])).toEqual(['Oto', 'Örs', 'Pense'])
    expect(sortTr(['Şerit', 'Tel', 'Somun'])).toEqual(['Somun', 'Şerit', 'Tel'])
    expect(sortTr(['Vida', 'Ütü', 'Uç'])).toEqual(['Uç', 'Ütü', 'Vida'])
  })

  it('ignores case and puts shorter prefixes and digits first', () => {
    expect(sortTr(['abc', 'ABC d', 'Ab'])).toEqual(['Ab', 'abc', 'ABC d'])
    expect(sortTr(['b', '10 mm', 'a'])).toEqual(['10 mm', 'a', 'b'])
  })

  it('is made of digits only, so no collation can reorder it', () => {
    expect(turkishSortKey('Şanzıman-Dişli #3')).toMatch(/^\d+$/)
  })
})

describe('slugify', () => {
  it.each([
    ['Şanzıman Parçaları', 'sanziman-parcalari'],
    ['  El Aletleri & Hırdavat ', 'el-aletleri-hirdavat'],
    ['İş Güvenliği', 'is-guvenligi'],
  ])('%s → %s', (input, expected) => {
    expect(slugify(input)).toBe(expected)
  })
})
