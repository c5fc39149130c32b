import { describe, expect, it } from 'vitest'
import { PackedLists } from './packed-lists'

const listOf = (lists: PackedLists, l: number) => {
  const out: number[] = []
  lists.forEach(l, (value) => out.push(value))
  return out
}

describe('PackedLists', () => {
  it('gives back each list as it was made: gaps of every code length, repeats once, numbers added since', () => {
    // List 0 dense (gaps of 1), list 1 with gaps taking 1 to 5 bytes, list 2 empty, list 3 with repeats.
    const gaps = [0, 1, 127, 128, 16_383, 16_384, 2_097_151, 2_097_152, 268_435_455, 268_435_456]
    const made: number[][] = [
      Array.from({ length: 1_000 }, (_, i) => i),
      gaps.map((_, i) => gaps.slice(0, i + 1).reduce((a, b) => a + b, 0)),
      [],
      [5, 5, 6, 9, 9, 9, 400],
    ]
    const lists = PackedLists.seal(4, (add) => {
      // Interleaved, as a build reports them: token by token, not list by list.
      const longest = Math.max(...made.map((list) => list.length))
      for (let i = 0; i < longest; i++) {
        made.forEach((list, l) => {
          if (i < list.length) add(l, list[i]!)
        })
      }
    })
    const once = made.map((list) => list.filter((value, i) => value !== list[i - 1]))
    once.forEach((list, l) => {
      expect(listOf(lists, l), String(l)).toEqual(list)
      expect(lists.size(l)).toBe(list.length)
    })
    expect(once[1]!.at(-1)).toBe(gaps.reduce((a, b) => a + b, 0))

    lists.add(3, 500)
    lists.add(3, 500)
    lists.add(3, 501)
    lists.add(7, 9)
    expect(listOf(lists, 3)).toEqual([5, 6, 9, 400, 500, 501])
    expect(lists.size(3)).toBe(6)
    expect(listOf(lists, 7)).toEqual([9])
    expect(lists.size(7)).toBe(1)
    expect(listOf(lists, 2)).toEqual([])
    expect(lists.size(6)).toBe(0)
  })
})
