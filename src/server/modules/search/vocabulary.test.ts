import { describe, expect, it } from 'vitest'
import { Vocabulary } from './vocabulary'

/** A small deterministic generator: the same tokens on every run. */
function drawer(seed: number) {
  let state = seed
  return (n: number) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0
    return state % n
  }
}

// Turkish letters are two bytes in UTF-8, digits and a–z one: forms must match across both.
const LETTERS = 'abcçdeğfghıijklmnoöprsştuüvyz0123456789-'

function tokenOf(draw: (n: number) => number): string {
  let token = ''
  const length = 1 + draw(14)
  for (let i = 0; i < length; i++) token += LETTERS[draw(LETTERS.length)]
  return token
}

describe('Vocabulary', () => {
  it('answers as string operations on the tokens do, before and after sealing, with Turkish letters', () => {
    const draw = drawer(7)
    const words = new Vocabulary()
    const tokens: string[] = []
    const check = () => {
      // 'oa' and 'cç' run from one added token into the next (kablo, abc, çam): no match there.
      const forms = [
        'oa',
        'cç',
        'a',
        'ş',
        'ığ',
        'öz',
        'kab',
        'çşı',
        '12',
        'z-',
        ...tokens.slice(0, 40).map((t) => t.slice(1, 4)),
      ]
      for (const form of forms) {
        const expected = tokens.flatMap((t, id) => (t.includes(form) ? [id] : []))
        expect(words.tokensWith(form), form).toEqual(expected)
      }
      tokens.forEach((token, id) => {
        expect(words.token(id)).toBe(token)
        expect(words.find(token)).toBe(id)
        for (const form of [token.slice(0, 1), token.slice(0, 2), token.slice(1, 3), 'ç']) {
          expect(words.startsWith(id, form), `${token} ${form}`).toBe(token.startsWith(form))
        }
        expect(words.isWord(id)).toBe(/^[a-z]{3,}$/.test(token))
      })
      expect(words.dictionary()).toEqual(tokens.filter((t) => /^[a-z]{3,}$/.test(t)))
      expect(words.size).toBe(tokens.length)
    }
    const add = (n: number) => {
      for (let i = 0; i < n; i++) {
        const token = tokenOf(draw)
        const id = words.id(token)
        if (id === tokens.length) tokens.push(token)
        expect(tokens[id]).toBe(token)
      }
    }
    add(3_000)
    for (const word of ['kablo', 'abc', 'çam']) {
      if (tokens.includes(word)) continue
      tokens.push(word)
      words.id(word)
    }
    check()
    words.seal()
    check()
    add(500)
    check()
    expect(words.find('yokböyle')).toBe(-1)
  })
})
