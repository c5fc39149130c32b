import { describe, expect, it } from 'vitest'
import { csvRecordToRow } from './job-rows'

describe('csvRecordToRow', () => {
  it.each([
    [
      { productCode: ' 00123 ', warehouseCode: 'D1', quantity: '40' },
      { productCode: '00123', warehouseCode: 'D1', quantity: 40 },
    ],
    [
      { code: 'A', quantity: '4,5' },
      { code: 'A', quantity: '4,5' },
    ],
    [
      { code: 'A', isActive: 'Hayır' },
      { code: 'A', isActive: false },
    ],
    [
      { code: 'A', isActive: 'EVET' },
      { code: 'A', isActive: true },
    ],
    [
      { code: 'A', isActive: 'belki' },
      { code: 'A', isActive: 'belki' },
    ],
    [
      { code: 'A', salePrice: '12.50', listPrice: '' },
      { code: 'A', salePrice: '12.50' },
    ],
    [
      { code: 'A', equivalentCodes: 'X1| X2 ||' },
      { code: 'A', equivalentCodes: ['X1', 'X2'] },
    ],
    [
      { code: 'A', planPrices: '|9.5||8' },
      { code: 'A', planPrices: [null, '9.5', null, '8'] },
    ],
    [{ code: 'A', '': 'stray' }, { code: 'A' }],
  ])('%j → %j', (record, row) => {
    expect(csvRecordToRow(record)).toEqual(row)
  })
})
