import { describe, expect, it } from 'vitest'
import { neutraliseCell } from './spreadsheet-cell'

describe('a text cell of an exported file', () => {
  it.each([
    ['=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
    ['+90 532 123 45 67', "'+90 532 123 45 67"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tbaşında sekme', "'\tbaşında sekme"],
    ['\rbaşında satır başı', "'\rbaşında satır başı"],
  ])('gets an apostrophe before what a spreadsheet would run: %j', (text, cell) => {
    expect(neutraliseCell(text)).toBe(cell)
  })

  it.each([
    ['Yıldız Yapı Market Ltd. Şti.'],
    ['S2026-000042'],
    ['a=b'],
    [' =başında boşluk'],
    [''],
    ["'zaten tırnaklı"],
  ])('is left as it is otherwise: %j', (text) => {
    expect(neutraliseCell(text)).toBe(text)
  })
})
