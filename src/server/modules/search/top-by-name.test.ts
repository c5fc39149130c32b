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
})
