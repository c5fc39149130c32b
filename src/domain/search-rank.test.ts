import { describe, expect, it } from 'vitest'
import { analyseQuery } from './search-query'
import { compareRanked, type RankEntry, rankKey, rankQuery, rankScore } from './search-rank'
import { turkishSortKey } from './turkish-text'

let nextId = 1
const entry = (name: string, over: Partial<RankEntry> = {}): RankEntry => ({
  id: nextId++,
  code: `X-${nextId}`,
  barcode: null,
  equivalentCodes: [],
  searchName: analyseQuery(name).normalised,
  nameSort: turkishSortKey(name),
  ...over,
})
const query = (typed: string) => {
  const analysed = analyseQuery(typed)
  return rankQuery(
    typed,
    analysed.words.map((w) => w.forms),
  )
}

describe('rankKey', () => {
  it.each([
    ['exact code', 'KB-100', entry('Vida', { code: 'KB-100' }), 0],
    ['exact code typed in lower case', 'kb-100', entry('Vida', { code: 'KB-100' }), 0],
    ['barcode', '8690001', entry('Vida', { barcode: '8690001' }), 0],
    ['equivalent code', 'EQ-9', entry('Vida', { equivalentCodes: ['EQ-9'] }), 0],
    ['code prefix', 'kb-1', entry('Vida', { code: 'KB-100' }), 1],
    ['every word in the name', 'kablo 3x2,5', entry('NYAF Kablo 3x2,5 mm'), 2],
    ['a suffix form in the name', 'kablosu', entry('Kablo Kanalı'), 2],
    ['some words in the name', 'kablo vida', entry('Kablo Kanalı'), 3],
    ['no word in the name', 'özkan', entry('Anahtar Sıva Altı'), 4],
    [
      'no word in the name, every word in the document',
      'özkan',
      entry('Anahtar Sıva Altı', { searchText: 'anahtar siva alti ozkan kablo' }),
      4,
    ],
    [
      'a word found only in the description',
      'korozyona',
      entry('Anahtar Sıva Altı', { searchText: 'anahtar siva alti ozkan kablo' }),
      5,
    ],
    [
      'one word in the name, the other only in the description',
      'anahtar ergonomik',
      entry('Anahtar Sıva Altı', { searchText: 'anahtar siva alti' }),
      5,
    ],
    [
      'a code prefix still wins over the description',
      'x-',
      entry('Vida', { code: 'X-9', searchText: 'vida' }),
      1,
    ],
  ])('%s: %s → tier %i', (_label, typed, e, tier) => {
    expect(rankKey(e, query(typed)).tier).toBe(tier)
  })

  it('counts word starts, words as typed, words in the name and the extra words', () => {
    expect(rankKey(entry('Uzatma Kablosu Beyaz'), query('kablosu uzatma'))).toEqual({
      tier: 2,
      starts: 2,
      typed: 2,
      inName: 2,
      extra: 2,
    })
    // 'kablo' (a form of 'kablosu') inside a word is in the name but not at a word start.
    expect(rankKey(entry('Ekablo Bant'), query('kablosu'))).toEqual({
      tier: 2,
      starts: 0,
      typed: 0,
      inName: 1,
      extra: 1,
    })
  })
})

describe('compareRanked', () => {
  const sorted = (typed: string, entries: RankEntry[]) => {
    const q = query(typed)
    return [...entries].sort((a, b) => compareRanked(a, b, q)).map((e) => e.searchName)
  }

  it('orders by tier, then word starts, words as typed, words in the name, fewer extra words, name', () => {
    const entries = [
      entry('Priz Kablo Kanalı Beyaz'),
      entry('Kablo Kanalı'),
      entry('Ekablo'),
      entry('Kablosu Uzun'),
      entry('Anahtar', { code: 'KABLOSU-1' }),
      entry('Bant Kablo'),
    ]
    expect(sorted('kablosu', entries)).toEqual([
      'anahtar', // code prefix
      'kablosu uzun', // at a word start, as typed
      'bant kablo', // at a word start (a stem), one extra word, 'bant' before 'kablo kanali'
      'kablo kanali',
      'priz kablo kanali beyaz',
      'ekablo', // inside a word
    ])
  })

  it('breaks full ties by id', () => {
    const a = entry('Vida')
    const b = { ...entry('Vida'), nameSort: a.nameSort }
    const q = query('vida')
    expect(compareRanked(b, a, q)).toBeGreaterThan(0)
    expect(compareRanked(a, b, q)).toBeLessThan(0)
  })
})

describe('rankScore', () => {
  it('keeps the order of the key fields', () => {
    const base = { tier: 2, starts: 1, typed: 1, inName: 1, extra: 3 }
    expect(rankScore({ ...base, tier: 1 })).toBeLessThan(rankScore({ ...base, tier: 2, starts: 8, extra: 0 }))
    expect(rankScore({ ...base, starts: 2 })).toBeLessThan(rankScore({ ...base, typed: 8, extra: 0 }))
    expect(rankScore({ ...base, typed: 2 })).toBeLessThan(rankScore({ ...base, inName: 8, extra: 0 }))
    expect(rankScore({ ...base, inName: 2 })).toBeLessThan(rankScore({ ...base, extra: 0 }))
    expect(rankScore({ ...base, extra: 2 })).toBeLessThan(rankScore(base))
  })
})
