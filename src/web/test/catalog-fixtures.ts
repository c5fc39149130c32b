import {
  type CategoryTree,
  categoryTreeSchema,
  type ProductDetail,
  type ProductList,
  productDetailSchema,
  productListSchema,
  type Unit,
  unitSchema,
} from '../../contracts/catalog'

const tl = (value: number) => ({ value, currency: 'TRY' })

export function unit(overrides: Partial<Unit> = {}): Unit {
  return unitSchema.parse({
    id: 11,
    value: 'Adet',
    multiplier: 1,
    barcode: null,
    isDefault: true,
    defaultPrice: tl(1234.5),
    listPrice: tl(1500),
    ...overrides,
  })
}

/** A product as the list and detail calls answer it for a dealer. */
export function catalogProduct(overrides: Partial<ProductDetail> = {}): ProductDetail {
  const adet = unit()
  return productDetailSchema.parse({
    id: 1,
    name: 'Fren Balatası',
    code: 'FB-100',
    seo: 'fren-balatasi',
    url: '/fren-balatasi-p-1',
    image: 'fb-100.jpg',
    barcode: '8690000000017',
    brand: { id: 4, code: 'BRM', name: 'Bremsa', slug: 'bremsa' },
    model: { id: 9, name: 'Seri 3' },
    category: { id: 2, name: 'Fren Sistemi', slug: 'fren-sistemi' },
    quantity: 12,
    stock: { kind: 'exact', quantity: 12 },
    inventory: [
      { warehouseName: 'Merkez Depo', quantity: 8 },
      { warehouseName: 'Ankara Depo', quantity: 4 },
    ],
    units: [
      adet,
      unit({
        id: 12,
        value: 'Koli',
        multiplier: 12,
        isDefault: false,
        defaultPrice: tl(14000),
        listPrice: tl(18000),
      }),
    ],
    defaultUnit: adet,
    salePrice: tl(1234.5),
    listPrice: tl(1500),
    advencePrice1: tl(1270),
    advencePrice2: tl(1300),
    advencePrice3: null,
    advencePrice4: null,
    advencePrice5: null,
    taxRate: 20,
    currency: 'TRY',
    stockNumberType: 'StockCode',
    equivalentCode: ['BR-55', 'XF-100'],
    ozelkod: 'OZ-1',
    ozelkod2: 'OZ-2',
    ozelkod3: null,
    ozelkod4: null,
    ozelkod5: null,
    varyantx: null,
    parentId: null,
    variantValues: null,
    description: '<p>Uzun ömürlü <strong>seramik</strong> balata.</p>',
    metaTitle: null,
    metaKeywords: null,
    metaDescription: null,
    ...overrides,
  })
}

export function productList(overrides: Partial<ProductList> = {}): ProductList {
  const items = overrides.items ?? [catalogProduct()]
  return productListSchema.parse({
    items,
    total: items.length,
    page: 1,
    pages: 1,
    limit: 24,
    sort: 'name',
    view: 'grid',
    showNotInStocks: '1',
    category: { id: 2, name: 'Fren Sistemi', slug: 'fren-sistemi' },
    brand: null,
    model: null,
    q: null,
    breadcrumbs: [
      { name: 'Otomotiv', slug: 'otomotiv' },
      { name: 'Fren Sistemi', slug: 'fren-sistemi' },
    ],
    facets: null,
    ...overrides,
  })
}

export const categoryTree: CategoryTree = categoryTreeSchema.parse({
  categories: [
    {
      id: 1,
      name: 'Otomotiv',
      slug: 'otomotiv',
      children: [{ id: 2, name: 'Fren Sistemi', slug: 'fren-sistemi', children: [] }],
    },
    { id: 3, name: 'Hırdavat', slug: 'hirdavat', children: [] },
  ],
  brands: [{ id: 4, name: 'Bremsa', slug: 'bremsa' }],
})
