import { describe, expect, it } from 'vitest'
import { createRng } from '../../db/seed/random'
import { CodeOrder, lowerCaseStartsWith } from './top-by-name'

/** Codes and prefixes drawn from letters whose lower case differs in length or only in Turkish. */
const LETTERS = ['A', 'b', 'I', 'ı', 'İ', 'i', 'Ş', 'ş', '-', '0', '7', ' ', 'Ç', 'x']

describe('lowerCaseStartsWith', () => {
  it('answers as code.toLowerCase().startsWith(prefix), for codes shorter and longer than the prefix', () => {
    const rng = createRng(20261129)
    const text = (max: number) => Array.from({ length: rng.int(0, max) }, () => rng.pick(LETTERS)).join('')
    for (let i = 0; i < 20_000; i++) {
      const code = text(8)
      // Half the prefixes are the lower-cased code cut somewhere (the answer is then mostly true).
      const prefix = rng.int(0, 1) === 0 ? code.toLowerCase().slice(0, rng.int(0, 10)) : text(6).toLowerCase()
      expect(lowerCaseStartsWith(code, prefix), `'${code}' '${prefix}'`).toBe(
        code.toLowerCase().startsWith(prefix),
      )
    }
  })
})

describe('CodeOrder', () => {
  it('counts the build’s codes starting with a prefix as it finds them', () => {
    const rng = createRng(7)
    const codes = Array.from(
      { length: 2_000 },
      () => `${rng.pick(['OTO', 'ot', 'İSG', 'isg', 'KBL'])}-${rng.int(0, 999)}`,
    )
    const order = new CodeOrder()
    order.seal(codes)
    const idOf = Int32Array.from(codes.keys())
    for (const prefix of ['o', 'ot', 'oto', 'oto-1', 'i̇sg', 'isg', 'kbl-9', 'kbl-99', 'x', '']) {
      const expected = codes.filter((code) => code.toLowerCase().startsWith(prefix)).length
      expect(order.countStartingWith(prefix, codes), prefix).toBe(expected)
      expect(order.startingWith(prefix, codes, idOf), prefix).toHaveLength(expected)
    }
  })

  it('finds the live slots whose code starts with a prefix, those added after the build and not the removed ones', () => {
    const rng = createRng(8)
    const code = () => `${rng.pick(['OTO', 'ot', 'İSG', 'isg', 'KBL'])}-${rng.int(0, 99)}`
    const codes = Array.from({ length: 500 }, code)
    const order = new CodeOrder()
    order.seal(codes)
    for (let slot = 500; slot < 600; slot++) {
      codes.push(code())
      order.add(slot)
    }
    const idOf = Int32Array.from(codes.keys(), (slot) => (slot % 7 === 0 ? -1 : slot))
    for (const prefix of [
      'o',
      'oto',
      'oto-4',
      'i̇',
      'i̇sg-1',
      'isg',
      'kbl-99',
      'z',
      'OTO',
      'İSG',
      'oto-99\uffff',
    ]) {
      const expected = Array.from(codes.keys()).filter(
        (slot) => idOf[slot] !== -1 && codes[slot]!.toLowerCase().startsWith(prefix),
      )
      expect(
        [...order.startingWith(prefix, codes, idOf)].sort((a, b) => a - b),
        prefix,
      ).toEqual(expected)
      expect(order.anyStartsWith(prefix, codes, idOf), prefix).toBe(expected.length > 0)
    }
  })
})
