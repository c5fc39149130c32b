import { describe, expect, it } from 'vitest'
import {
  codeKey,
  isHeaderLine,
  isPieceWord,
  parseQuickOrder,
  parseQuickOrderLine,
  pickUnit,
  piecesInUnit,
  readQuantity,
} from './quick-order'

describe('readQuantity', () => {
  it.each([
    ['12', 12],
    ['1', 1],
    ['1.000', 1000],
    ['1,000', 1000],
    ['12.500.000', 12_500_000],
    ['12,0', 12],
    ['12.00', 12],
    ['x12', 12],
    ['12x', 12],
    ['1,5', Number.NaN],
    ['2.75', Number.NaN],
    ['0,5', Number.NaN],
    ['abc', null],
    ['12a', null],
    ['', null],
    ['1.', null],
  ])('%j → %s', (typed, expected) => {
    expect(readQuantity(typed)).toEqual(expected)
  })
})

const read = (line: string) => {
  const { code, quantity, unit, problem } = parseQuickOrderLine(line, 1)
  return { code, quantity, unit, problem }
}

describe('a pasted line in the layouts dealers paste', () => {
  it.each([
    // [what was pasted, code, quantity, unit]
    ['ABC-123 5', 'ABC-123', 5, null],
    ['ABC-123\t5', 'ABC-123', 5, null],
    ['ABC-123\t5\tKoli', 'ABC-123', 5, 'Koli'],
    ['ABC-123;5', 'ABC-123', 5, null],
    ['ABC-123;5;koli', 'ABC-123', 5, 'koli'],
    ['ABC-123,5', 'ABC-123', 5, null],
    ['ABC-123, 5, Adet', 'ABC-123', 5, 'Adet'],
    ['ABC-123 | 5 | Koli', 'ABC-123', 5, 'Koli'],
    ['  ABC-123     12   adet  ', 'ABC-123', 12, 'adet'],
    ['ABC-123 1.000', 'ABC-123', 1000, null],
    ['ABC-123;1.000;Adet', 'ABC-123', 1000, 'Adet'],
    ['ABC-123\t12,00', 'ABC-123', 12, null],
    ['ABC-123 x 5', 'ABC-123', 5, null],
    ['ABC-123 x5', 'ABC-123', 5, null],
    ['5 ABC-123', 'ABC-123', 5, null],
    ['5x ABC-123', 'ABC-123', 5, null],
    ['8690123456789 24', '8690123456789', 24, null],
    ['8690123456789\t24\t12', '8690123456789', 24, '12'],
    ['ABC-123 2 x12', 'ABC-123', 2, '12'],
    ["ABC-123 2 12'li", 'ABC-123', 2, "12'li"],
    // Excel with a name column between the code and the quantity
    ['ABC-123\tVida M8 40 mm\t10\tAdet', 'ABC-123', 10, 'Adet'],
    ['ABC-123;Kablo 3x1,5 NYM;25;Metre', 'ABC-123', 25, 'Metre'],
    // A code with spaces, typed from a PDF
    ['KBL 3X1.5 10', 'KBL 3X1.5', 10, null],
    ['KBL 3X1.5 10 koli', 'KBL 3X1.5', 10, 'koli'],
    // Turkish letters are the server's to fold; the code is kept as typed
    ['ışık-01 3', 'ışık-01', 3, null],
  ])('%j', (line, code, quantity, unit) => {
    expect(read(line)).toEqual({ code, quantity, unit, problem: null })
  })

  it.each([
    ['ABC-123', 'noQuantity', 'ABC-123'],
    ['ABC-123 Koli', 'noQuantity', 'ABC-123 Koli'],
    ['ABC-123 1,5', 'badQuantity', 'ABC-123'],
    ['ABC-123;0', 'badQuantity', 'ABC-123'],
    ['ABC-123 2000000', 'badQuantity', 'ABC-123'],
  ])('%j cannot be ordered as it is: %s', (line, problem, code) => {
    expect(read(line)).toMatchObject({ code, quantity: null, problem })
  })
})

describe('a pasted text', () => {
  it('keeps the line numbers, leaves out blank lines and a header of column names', () => {
    const text = 'Ürün Kodu;Miktar;Birim\r\nABC-1;5;Koli\r\n\r\n  \nABC-2;3\nABC-3'
    expect(parseQuickOrder(text).map((l) => [l.line, l.code, l.quantity, l.unit, l.problem])).toEqual([
      [2, 'ABC-1', 5, 'Koli', null],
      [5, 'ABC-2', 3, null, null],
      [6, 'ABC-3', null, null, 'noQuantity'],
    ])
  })

  it('takes a header only as the first line', () => {
    expect(isHeaderLine('Stok Kodu\tAdet')).toBe(true)
    expect(isHeaderLine('code qty unit')).toBe(true)
    expect(isHeaderLine('ABC-1\t5')).toBe(false)
    expect(parseQuickOrder('ABC-1 5\nKod Miktar').map((l) => l.problem)).toEqual([null, 'noQuantity'])
  })
})

describe('codes and units', () => {
  it('folds a code as the comparison needs it', () => {
    expect(codeKey(' Işık-01 ')).toBe(codeKey('ISIK-01'))
    expect(codeKey('ABC-İ1')).toBe(codeKey('abc-i1'))
  })

  const units = [
    { id: 1, value: 'Adet', multiplier: 1, isDefault: true },
    { id: 2, value: 'Koli', multiplier: 12, isDefault: false },
    { id: 3, value: 'Paket', multiplier: 6, isDefault: false },
  ]
  it.each([
    [null, 1],
    ['KOLİ', 2],
    ['koli', 2],
    ['12', 2],
    ["12'li", 2],
    ['6', 3],
    ['ad', 1],
    ['ad.', 1],
    ['pa', 3],
    ['Kasa', null],
    ['24', null],
  ])('%j → unit %s', (typed, id) => {
    expect(pickUnit(units, typed)?.id ?? null).toBe(id)
  })
})

describe('pieces of a product sold by the box', () => {
  const boxes = [
    { id: 2, value: 'Koli', multiplier: 12, isDefault: true },
    { id: 3, value: 'Palet', multiplier: 480, isDefault: false },
  ]
  it.each([
    ['adet', true],
    ['Ad.', true],
    ['TANE', true],
    ['pcs', true],
    ['koli', false],
  ])('%j counts pieces: %s', (typed, expected) => {
    expect(isPieceWord(typed)).toBe(expected)
  })
  it.each([
    [24, 2, true],
    [25, 3, false],
    [12, 1, true],
    [1, 1, false],
  ])('%i pieces → %i of the box, whole: %s', (pieces, quantity, whole) => {
    expect(piecesInUnit(boxes, pieces)).toEqual({ unit: boxes[0], quantity, whole })
  })
})
