import { describe, expect, it } from 'vitest'
import {
  analyseQuery,
  descriptionText,
  editDistance,
  MAX_QUERY_WORDS,
  normaliseSearchText,
  searchDocument,
  typoCorrections,
  wordForms,
} from './search-query'

describe('normaliseSearchText', () => {
  it.each([
    ['IĞDIR', 'igdir'],
    ['ığdır', 'igdir'],
    ['İnce Şerit', 'ince serit'],
    ['Çelik Öz Üçgen', 'celik oz ucgen'],
    ['4x40', '4x40'],
    ['4 x 40', '4x40'],
    ['4×40', '4x40'],
    ['4 X 40', '4x40'],
    ['4 * 40', '4x40'],
    ['3x2,5 mm', '3x2,5mm'],
    ['10mm', '10mm'],
    ['10 mm', '10mm'],
    ['10 MM', '10mm'],
    ['1/2"', '1/2'],
    ['2,5 Lt', '2,5lt'],
    ['12 V akü', '12v aku'],
    ['5 metre', '5 metre'],
    ['M8 x 20', 'm8x20'],
    ['ABC-1234', 'abc-1234'],
    ['  Vida, Somun & Pul.  ', 'vida somun pul'],
    ['(Kablo)', 'kablo'],
    ['a - b', 'a b'],
  ])('%s → %s', (input, expected) => {
    expect(normaliseSearchText(input)).toBe(expected)
  })

  it('builds the document from every field, skipping empty ones, as the query is built', () => {
    expect(searchDocument(['ŞNZ-001', 'Şanzıman Dişlisi 4 x 40', null, '869000', undefined, ''])).toBe(
      'snz-001 sanziman dislisi 4x40 869000',
    )
  })
})

describe('descriptionText', () => {
  it.each([
    [null, ''],
    ['', ''],
    [
      '<p><strong>Kablo Bağı &amp; Klips</strong>, Özkan güvencesiyle</p><ul><li>Korozyona karşı dirençli</li></ul>',
      'kablo bagi klips ozkan guvencesiyle korozyona karsi direncli',
    ],
    ['<a href="https://x.test/gizli-link">Ölçü</a> 10 mm&nbsp;x 20&#160;mm', 'olcu 10mm x 20mm'],
    ['&lt;b&gt; &#x130;stanbul &bogus; &#1114112;', 'b istanbul 1114112'],
  ])('%j → %j', (html, words) => {
    expect(descriptionText(html)).toBe(words)
  })
})

describe('wordForms', () => {
  it.each([
    ['kablo', ['kablo']],
    ['kablosu', ['kablosu', 'kablo']],
    ['vidalar', ['vidalar', 'vida']],
    ['vidalari', ['vidalari', 'vida']],
    ['eldiveni', ['eldiveni', 'eldiven']],
    ['eldivenler', ['eldivenler', 'eldiven']],
    ['matkabi', ['matkabi', 'matkab', 'matkap']],
    ['kosebendi', ['kosebendi', 'kosebend', 'kosebent']],
    ['ayagi', ['ayagi', 'ayag', 'ayak']],
    ['somunu', ['somunu', 'somun']],
    ['borusu', ['borusu', 'boru']],
    ['contasi', ['contasi', 'conta']],
    // Stems shorter than four letters are not offered; words with digits stay as typed.
    ['seri', ['seri']],
    ['ucu', ['ucu']],
    ['m10', ['m10']],
    ['4x40', ['4x40']],
  ])('%s → %j', (word, forms) => {
    expect(wordForms(word)).toEqual(forms)
  })
})

describe('analyseQuery', () => {
  it('normalises, de-duplicates and marks the words long enough for one typing error', () => {
    const q = analyseQuery('  Matkabı  matkabı 10 mm ucu ')
    expect(q.raw).toBe('Matkabı  matkabı 10 mm ucu')
    expect(q.normalised).toBe('matkabi matkabi 10mm ucu')
    expect(q.words).toEqual([
      { word: 'matkabi', forms: ['matkabi', 'matkab', 'matkap'], typoTolerant: true },
      { word: '10mm', forms: ['10mm'], typoTolerant: false },
      { word: 'ucu', forms: ['ucu'], typoTolerant: false },
    ])
  })

  it('keeps at most MAX_QUERY_WORDS words and answers none for blank input', () => {
    expect(analyseQuery('a b c d e f g h i j k').words).toHaveLength(MAX_QUERY_WORDS)
    expect(analyseQuery('   ').words).toEqual([])
    expect(analyseQuery('İ').words.map((w) => w.word)).toEqual(['i'])
  })
})

describe('editDistance', () => {
  it.each([
    ['matkap', 'matkap', 0],
    ['matkp', 'matkap', 1],
    ['matkab', 'matkap', 1],
    ['eldivan', 'eldiven', 1],
    ['eldievn', 'eldiven', 2],
    ['kablo', 'kablolar', 2],
    ['', 'ab', 2],
  ])('%s ~ %s = %i (capped at max + 1)', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d)
  })

  it('counts past one edit when asked', () => {
    expect(editDistance('eldievn', 'eldiven', 3)).toBe(2)
  })
})

describe('typoCorrections', () => {
  const dictionary = ['matkap', 'matkaplar', 'eldiven', 'kablo', 'kablolar', 'somun', 'somunlu']
  const word = (typed: string) => analyseQuery(typed).words[0]!
  it.each([
    ['matkp', ['matkap', 'matkaplar']],
    ['eldivan', ['eldiven']],
    ['kablp', ['kablo', 'kablolar']],
    // Found as typed (or by a stem): nothing is corrected.
    ['matkap', []],
    ['kablosu', []],
    // Short words and codes are never corrected; two edits are too many.
    ['somn', []],
    ['eldievn', []],
    ['abc-1', []],
  ])('%s → %j', (typed, expected) => {
    expect(typoCorrections(word(typed), dictionary)).toEqual(expected)
  })
})
