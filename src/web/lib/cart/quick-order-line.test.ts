import { describe, expect, it } from 'vitest'
import { parseQuickOrderLine } from '../../../domain/quick-order'
import { unit } from '../../test/catalog-fixtures'
import { quickOrderLineText, unitToken } from './quick-order-line'

const read = (text: string) => {
  const { code, quantity, unit: typedUnit, problem } = parseQuickOrderLine(text, 1)
  return { code, quantity, unit: typedUnit, problem }
}

describe('a quick-order line written back for the preview', () => {
  it.each([
    ['FB-100', 5, null, { code: 'FB-100', quantity: 5, unit: null }],
    ['FB-100', 5, '12', { code: 'FB-100', quantity: 5, unit: '12' }],
    // A code of digits (a barcode), one with spaces and digits, one with the other delimiters.
    ['8690000000017', 3, '1', { code: '8690000000017', quantity: 3, unit: '1' }],
    ['KBL 3X1.5 10', 2, 'Koli', { code: 'KBL 3X1.5 10', quantity: 2, unit: 'Koli' }],
    ['A;B|C,1', 4, null, { code: 'A;B|C,1', quantity: 4, unit: null }],
  ] as const)('%s × %s %s reads back as typed', (code, quantity, typedUnit, expected) => {
    expect(read(quickOrderLineText(code, quantity, typedUnit))).toEqual({ ...expected, problem: null })
  })

  it('sends the code alone when there is no quantity, so the preview says one is missing', () => {
    expect(quickOrderLineText(' FB-100 ', null, '12')).toBe('FB-100')
    expect(read(quickOrderLineText('FB-100', null, '12'))).toMatchObject({ problem: 'noQuantity' })
  })
})

describe('unitToken', () => {
  const adet = unit()
  const koli = unit({ id: 12, value: 'Koli', multiplier: 12, isDefault: false })
  const kasa = unit({ id: 13, value: 'Kasa', multiplier: 12, isDefault: false })

  it('names a unit by its multiplier when it is the only one with it, else by its name', () => {
    expect(unitToken([adet, koli], 12)).toBe('12')
    expect(unitToken([adet, koli], 11)).toBe('1')
    expect(unitToken([adet, koli, kasa], 13)).toBe('Kasa')
    expect(unitToken([adet], 99)).toBeNull()
  })
})
