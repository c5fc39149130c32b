import { describe, expect, it } from 'vitest'
import {
  DB_INT_MAX,
  DB_INT_MIN,
  dbId,
  dbIdFromText,
  dbInt,
  inputEmail,
  inputText,
  TEXT_CONTROL_CHARACTERS,
} from './common'

const issuesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? []

describe('inputText', () => {
  it('takes ordinary text, Turkish letters and emoji included', () => {
    for (const text of ['', 'vida', 'Çağlar Oto Ltd. Şti.', 'ışık İĞNE', '12 × 3,5 mm', 'ok 👍']) {
      expect(inputText().parse(text)).toBe(text)
      expect(inputText({ multiline: true }).parse(text)).toBe(text)
    }
  })

  it('refuses NUL and every other control character, with its own message', () => {
    for (const bad of ['a\u0000b', '\u0000', 'a\u0007', '\u001b[31m', 'x\u007f', 'c1\u0085', 'c1\u009f']) {
      const result = inputText().safeParse(bad)
      expect(result.success, JSON.stringify(bad)).toBe(false)
      expect(issuesOf(result)).toEqual([TEXT_CONTROL_CHARACTERS])
      expect(inputText({ multiline: true }).safeParse(bad).success, JSON.stringify(bad)).toBe(false)
    }
  })

  it('keeps tab, line feed and carriage return in multi-line text only', () => {
    for (const text of ['line 1\nline 2', 'a\r\nb', 'col\tcol']) {
      expect(inputText({ multiline: true }).parse(text)).toBe(text)
      expect(issuesOf(inputText().safeParse(text))).toEqual([TEXT_CONTROL_CHARACTERS])
    }
  })

  it('refuses before trimming: a control character at either end is not quietly cut off', () => {
    expect(inputText().trim().safeParse('\u0000vida').success).toBe(false)
    expect(inputText().trim().parse('  vida  ')).toBe('vida')
  })

  it('chains like a string: bounds and patterns still apply', () => {
    expect(inputText().max(3).safeParse('abcd').success).toBe(false)
    expect(inputText().regex(/^\d+$/).safeParse('12a').success).toBe(false)
  })
})

describe('inputEmail', () => {
  it('takes an address and refuses one with a control character', () => {
    expect(inputEmail().parse('bayi@toptan.test')).toBe('bayi@toptan.test')
    expect(issuesOf(inputEmail().safeParse('bayi\u0000@toptan.test'))).toContain(TEXT_CONTROL_CHARACTERS)
  })
})

describe('integers bound for PostgreSQL integer columns', () => {
  it('dbId: 1 to 2^31−1, whole numbers only, JSON numbers only', () => {
    expect(DB_INT_MAX).toBe(2 ** 31 - 1)
    expect(dbId.parse(1)).toBe(1)
    expect(dbId.parse(DB_INT_MAX)).toBe(DB_INT_MAX)
    for (const bad of [0, -1, DB_INT_MAX + 1, 2 ** 53, 1.5, Number.NaN, Infinity, '5']) {
      expect(dbId.safeParse(bad).success, String(bad)).toBe(false)
    }
  })

  it('dbIdFromText: the same range from a path, a query string or a form field', () => {
    expect(dbIdFromText.parse('42')).toBe(42)
    expect(dbIdFromText.parse(String(DB_INT_MAX))).toBe(DB_INT_MAX)
    for (const bad of ['2147483648', '99999999999', '0', '-3', '1.5', 'abc', '1e400']) {
      expect(dbIdFromText.safeParse(bad).success, bad).toBe(false)
    }
  })

  it('dbInt: the whole int4 range, nothing beyond', () => {
    expect(dbInt.parse(DB_INT_MIN)).toBe(DB_INT_MIN)
    expect(dbInt.parse(0)).toBe(0)
    expect(dbInt.safeParse(DB_INT_MIN - 1).success).toBe(false)
    expect(dbInt.safeParse(DB_INT_MAX + 1).success).toBe(false)
  })
})
