import { describe, expect, it } from 'vitest'
import { bankForIssuer, issuerKey } from './issuer-match'

const banks = [
  { id: 1, issuerMatch: ['GARANTI'] },
  { id: 2, issuerMatch: ['AKBANK'] },
  { id: 3, issuerMatch: ['YAPI VE KREDI', 'YAPI KREDI'] },
  { id: 4, issuerMatch: ['İŞ BANKASI'] },
  { id: 5, issuerMatch: ['ZIRAAT'] },
  { id: 6, issuerMatch: [] },
]

describe('issuerKey', () => {
  it.each([
    ['TÜRKİYE İŞ BANKASI, A.Ş.', 'turkiye is bankasi a s'],
    ['TURKIYE IS BANKASI, A.S.', 'turkiye is bankasi a s'],
    ['Türkiye İş Bankası A.Ş.', 'turkiye is bankasi a s'],
    ['  T.C. ZIRAAT   BANKASI ', 't c ziraat bankasi'],
    ['', ''],
  ])('%s → %s', (text, key) => {
    expect(issuerKey(text)).toBe(key)
  })
})

describe('bankForIssuer: whole words, Turkish-folded, any case', () => {
  it.each([
    ['TURKIYE GARANTI BANKASI, A.S.', 1],
    ['T. GARANTI BANKASI, A.S.', 1],
    ['GARANTI BANK', 1],
    ['AKBANK T.A.S.', 2],
    ['YAPI VE KREDI BANKASI, A.S.', 3],
    ['YAPI KREDI', 3],
    ['TURKIYE IS BANKASI, A.S.', 4],
    ['T. IS BANKASI, A.S.', 4],
    ['Türkiye İş Bankası A.Ş.', 4],
    ['T.C. ZIRAAT BANKASI, A.S.', 5],
    ['ziraat katilim bankasi a.s.', 5],
    // Near misses: a word inside another word is not a match.
    ['MAKBANK A.S.', null],
    ['IKTISAT BANKASI TURK, A.S.', null],
    ['GARANTILI ODEME A.S.', null],
    ['DENIZBANK, A.S.', null],
    ['', null],
  ])('%s → bank %s', (issuer, id) => {
    expect(bankForIssuer(issuer, banks)).toBe(id)
  })

  it('takes the first bank in the given order when two match', () => {
    const both = [
      { id: 7, issuerMatch: ['KATILIM'] },
      { id: 5, issuerMatch: ['ZIRAAT'] },
    ]
    expect(bankForIssuer('ZIRAAT KATILIM BANKASI', both)).toBe(7)
  })

  it('ignores an empty issuer word instead of matching everything', () => {
    expect(bankForIssuer('DENIZBANK', [{ id: 9, issuerMatch: ['', ' . '] }])).toBe(null)
  })
})
