import { describe, expect, it } from 'vitest'
import { AppError } from './errors'
import { parseFormBody, parseFormText, parseQueryString } from './form-encoding'

describe('parseFormText', () => {
  it('reads pairs, + as a space, escapes as UTF-8, a repeated key as a list', () => {
    expect({ ...parseFormText('a=1&b=x+y&c=%C3%A7i%C4%9Fdem&a=2&flag&=v') }).toEqual({
      a: ['1', '2'],
      b: 'x y',
      c: 'çiğdem',
      flag: '',
      '': 'v',
    })
    expect({ ...parseFormText('') }).toEqual({})
    expect({ ...parseFormText('a=1&&b=2') }).toEqual({ a: '1', b: '2' })
  })

  it('refuses an escape that is cut short or is not UTF-8, in a key or a value', () => {
    for (const bad of ['q=%', 'q=%E0%A4%A', 'q=%FF', 'q=%C3%28', '%ZZ=1', 'a=1&b=%G0']) {
      expect(parseFormText(bad), bad).toBeNull()
    }
  })

  it('gives __proto__ and constructor no special meaning: ordinary keys of an object without a prototype', () => {
    const values = parseFormText('__proto__=x&constructor=y&toString=z')!
    expect(Object.getPrototypeOf(values)).toBeNull()
    expect(Object.keys(values)).toEqual(['__proto__', 'constructor', 'toString'])
    expect(({} as Record<string, unknown>).x).toBeUndefined()
  })
})

describe('the parsers built on it', () => {
  it('the body parser throws a bad_request AppError on a malformed encoding', () => {
    expect(parseFormBody('a=%41')).toEqual(Object.assign(Object.create(null), { a: 'A' }))
    try {
      parseFormBody('a=%')
      expect.unreachable()
    } catch (err) {
      expect(err).toBeInstanceOf(AppError)
      expect((err as AppError).code).toBe('bad_encoding')
      expect((err as AppError).status).toBe(400)
    }
  })

  it('the query string parser never throws: it hands back an empty, marked object', () => {
    expect(Object.keys(parseQueryString('q=%E0'))).toEqual([])
    expect(parseQueryString('q=vida')).toEqual(Object.assign(Object.create(null), { q: 'vida' }))
  })
})
