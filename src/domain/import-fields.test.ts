import { describe, expect, it } from 'vitest'
import { IMPORT_RESOURCES, importFields, mappingProblems, rowOfCells, suggestMapping } from './import-fields'

describe('suggestMapping: a new file’s columns to the resource’s fields by their headers', () => {
  it.each([
    [
      'products',
      ['Stok Kodu', 'Ürün Adı', 'Kategori', 'Fiyat', 'Döviz', 'KDV', 'Marka', 'Notlar'],
      ['code', 'name', 'categoryCode', 'salePrice', 'currency', 'taxRate', 'brandCode', null],
    ],
    [
      'products',
      ['SKU', 'Product Name', 'Category Code', 'Price', 'Currency', 'VAT Rate', 'List Price', 'Barcode'],
      ['code', 'name', 'categoryCode', 'salePrice', 'currency', 'taxRate', 'listPrice', 'barcode'],
    ],
    // upper case, no Turkish letters, punctuation: the same names
    ['products', ['STOK KODU', 'URUN ADI', 'kdv %'], ['code', 'name', 'taxRate']],
    // 'Stok Kodu' beats 'Kod' for the code however the columns are ordered
    ['products', ['Kod', 'Stok Kodu'], [null, 'code']],
    // a field is filled once: the second 'Fiyat' column stays unmapped
    ['products', ['Fiyat', 'Fiyat'], ['salePrice', null]],
    ['products', ['Fiyat 1', 'Fiyat 3'], ['planPrices.0', 'planPrices.2']],
    ['stock', ['Stok Kodu', 'Depo Kodu', 'Miktar'], ['productCode', 'warehouseCode', 'quantity']],
    ['stock', ['Product Code', 'Warehouse', 'Qty'], ['productCode', 'warehouseCode', 'quantity']],
    ['categories', ['Kategori Kodu', 'Kategori Adı', 'Üst Kategori Kodu'], ['code', 'name', 'parentCode']],
    ['warehouses', ['Depo Kodu', 'Depo Adı'], ['code', 'name']],
    ['brands', ['Marka Kodu', 'Marka'], ['code', 'name']],
  ] as const)('%s %j', (resource, headers, mapping) => {
    expect(suggestMapping(resource, headers)).toEqual(mapping)
  })
})

describe('mappingProblems', () => {
  it('names unknown and repeated fields, the required ones left out, and a mapping of another length', () => {
    expect(mappingProblems('stock', ['productCode', 'productCode', 'price'], 4)).toEqual({
      unknown: ['price'],
      repeated: ['productCode'],
      missing: ['warehouseCode', 'quantity'],
      wrongLength: true,
    })
    expect(mappingProblems('stock', ['productCode', null, 'warehouseCode', 'quantity'], 4)).toEqual({
      unknown: [],
      repeated: [],
      missing: [],
      wrongLength: false,
    })
  })
})

describe('rowOfCells: a file’s row as the bulk upsert’s row', () => {
  it('reads each mapped cell as its field’s kind and leaves empty cells and unmapped columns out', () => {
    const mapping = [
      'code',
      'name',
      null,
      'salePrice',
      'currency',
      'taxRate',
      'isActive',
      'equivalentCodes',
      'listPrice',
    ]
    const cells = [' AB-1 ', 'Çay Bardağı', 'not', '1.234,56', 'TL', '%20', 'Evet', 'X-1; X-2', '  ']
    expect(rowOfCells('products', mapping, cells)).toEqual({
      code: 'AB-1',
      name: 'Çay Bardağı',
      salePrice: '1234.56',
      currency: 'TRY',
      taxRate: '20',
      isActive: true,
      equivalentCodes: ['X-1', 'X-2'],
    })
  })

  it('passes an unreadable cell on as its text, for the row’s schema to reject', () => {
    expect(rowOfCells('stock', ['productCode', 'warehouseCode', 'quantity'], ['P', 'D', '12,5'])).toEqual({
      productCode: 'P',
      warehouseCode: 'D',
      quantity: '12,5',
    })
  })

  it('gathers plan prices in the plans’ order, a plan between two filled ones null', () => {
    expect(rowOfCells('products', ['planPrices.0', 'planPrices.2'], ['10', '30,5'])).toEqual({
      planPrices: ['10', null, '30.5'],
    })
  })

  it('reads typed XLSX cells', () => {
    expect(rowOfCells('stock', ['productCode', 'warehouseCode', 'quantity'], [12345, 'D1', 40])).toEqual({
      productCode: '12345',
      warehouseCode: 'D1',
      quantity: 40,
    })
  })
})

describe('the field table', () => {
  it('names each field once per resource and gives every resource a required key', () => {
    for (const resource of Object.keys(IMPORT_RESOURCES) as (keyof typeof IMPORT_RESOURCES)[]) {
      const names = importFields(resource).map((field) => field.field)
      expect(new Set(names).size, resource).toBe(names.length)
      expect(
        importFields(resource).some((field) => field.required),
        resource,
      ).toBe(true)
    }
  })
})

describe('prices', () => {
  it('maps a price list’s columns and reads Turkish prices', () => {
    const mapping = suggestMapping('prices', ['Stok Kodu', 'Yeni Fiyat', 'Liste Fiyatı', 'Döviz'])
    expect(mapping).toEqual(['productCode', 'salePrice', 'listPrice', 'currency'])
    expect(rowOfCells('prices', mapping, ['A-1', '1.499,90', '', '$'])).toEqual({
      productCode: 'A-1',
      salePrice: '1499.9',
      currency: 'USD',
    })
  })
})
