import { describe, expect, it } from 'vitest'
import { PairBuffer, PostingLists } from './posting-lists'
import { SlotTexts } from './slot-texts'
import { SlotsById } from './slots-by-id'
import { Vocabulary } from './vocabulary'

const listOf = (lists: PostingLists, l: number) => {
  const out: number[] = []
  for (let i = lists.start(l); i < lists.end(l); i++) out.push(lists.values[i]!)
  return [...out, ...(lists.tail(l) ?? [])]
}

describe('the search index storage', () => {
  it('seals pairs into lists in arrival order and appends later numbers to their tails', () => {
    const pairs = new PairBuffer()
    const arrivals: Array<[number, number]> = []
    for (let slot = 0; slot < 50_000; slot++) {
      for (const list of [slot % 7, 7 + (slot % 3), 10]) arrivals.push([list, slot])
    }
    for (const [list, slot] of arrivals) pairs.push(list, slot)
    const lists = PostingLists.seal(12, (add) => pairs.forEach(add))
    for (let l = 0; l < 12; l++) {
      expect(listOf(lists, l)).toEqual(arrivals.filter(([list]) => list === l).map(([, slot]) => slot))
    }
    lists.add(3, 50_001)
    lists.add(14, 50_002)
    expect(listOf(lists, 3).slice(-2)).toEqual([49_997, 50_001])
    expect(listOf(lists, 14)).toEqual([50_002])
    expect(lists.size(13)).toBe(0)
    expect(lists.size(3)).toBe(arrivals.filter(([list]) => list === 3).length + 1)
  })

  it('tells whether a list holds a number, in its sealed part and in its tail', () => {
    const pairs = new PairBuffer()
    for (let slot = 0; slot < 1_000; slot += 3) pairs.push(0, slot)
    const lists = PostingLists.seal(2, (add) => pairs.forEach(add))
    lists.add(0, 1_001)
    lists.add(0, 1_004)
    for (let n = -1; n <= 1_006; n++) {
      expect(lists.has(0, n), String(n)).toBe(
        (n >= 0 && n < 1_000 && n % 3 === 0) || n === 1_001 || n === 1_004,
      )
    }
    expect(lists.has(1, 0)).toBe(false)
    expect(lists.has(5, 0)).toBe(false)
  })

  it('finds tokens by id and by the forms they contain, before and after sealing', () => {
    const words = new Vocabulary()
    const long = 'abcdefghijklmnopqrstuvwxyz'.repeat(2)
    const ids = ['kablo', 'kablosu', 'ab', long.slice(0, 20), 'ça'].map((t) => words.id(t))
    expect(ids).toEqual([0, 1, 2, 3, 4])
    expect(words.id('kablo')).toBe(0)
    expect(words.find('yok')).toBe(-1)
    words.seal()
    expect(words.tokensWith('abl')).toEqual([0, 1])
    expect(words.tokensWith('a')).toEqual([0, 1, 2, 3, 4])
    expect(words.tokensWith('fghi')).toEqual([3])
    for (let i = 0; i < 100_000; i++) words.id(`t${i}`)
    expect(words.id('kablosuz')).toBe(100_005)
    expect(words.tokensWith('losu')).toEqual([1, 100_005])
    expect(words.token(3)).toBe(long.slice(0, 20))
    expect(words.token(4)).toBe('ça')
    expect(words.startsWith(4, 'ç')).toBe(true)
    expect(words.startsWith(4, 'a')).toBe(false)
    expect(words.tokensWith('ç')).toEqual([4])
    expect(words.find('ça')).toBe(4)
  })

  it('keeps slots of dense and far-off ids', () => {
    const slots = new SlotsById()
    for (let id = 1; id <= 70_000; id++) slots.set(id, id * 2)
    slots.set(2 ** 40, 7)
    slots.set(5_000_000, 8)
    expect(slots.get(69_999)).toBe(139_998)
    expect(slots.get(2 ** 40)).toBe(7)
    expect(slots.get(5_000_000)).toBe(8)
    expect(slots.get(70_001)).toBeUndefined()
    slots.delete(5_000_000)
    slots.delete(10)
    expect(slots.get(5_000_000)).toBeUndefined()
    expect(slots.get(10)).toBeUndefined()
    expect(slots.get(1.5)).toBeUndefined()
  })

  it('gives back names and seo as stored and orders sort keys as the strings', () => {
    const texts = new SlotTexts()
    const rows = [
      ['Çizme 45 Kışlık', 'cizme-45-kislik', '2331513525'],
      ['Kablo 😀', 'kablo', '233151'],
      ['Lone \uD800 surrogate', 'lone', 'not digits'],
      ['', '', ''],
      ['Vida', 'vida', '23315135'],
      ['Somun', 'somun', '2331513'],
    ] as const
    rows.forEach(([name, seo, key], slot) => {
      texts.add(slot, name, seo, key)
    })
    texts.trim()
    texts.add(rows.length, 'Sonra', 'sonra', '10')
    rows.forEach(([name, seo], slot) => {
      expect(texts.name(slot)).toBe(name)
      expect(texts.seo(slot)).toBe(seo)
    })
    expect(texts.name(rows.length)).toBe('Sonra')
    const keys = [...rows.map((r) => r[2] as string), '10']
    for (let a = 0; a < keys.length; a++) {
      for (let b = 0; b < keys.length; b++) {
        const expected = keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : 0
        expect(Math.sign(texts.compareSortKeys(a, b))).toBe(expected)
      }
    }
  })
})
