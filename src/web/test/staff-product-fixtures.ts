import { http } from 'msw'
import { productImageListSchema } from '../../contracts/product-images'
import type { StaffBrand, StaffCategory, StaffWarehouse } from '../../contracts/staff-catalogue'
import {
  staffBrandListSchema,
  staffCategoryListSchema,
  staffWarehouseListSchema,
} from '../../contracts/staff-catalogue'
import type { StaffProduct, StaffProductRow } from '../../contracts/staff-products'
import type { StaffRole } from '../../domain/staff-access'
import { dealer, dealerBootstrap } from './fixtures'
import { apiJson } from './network'

/** A staff user's bootstrap, with the store's payment plans (the editor names plan prices by them). */
export const staffBootstrap = (staffRole: StaffRole, locale: 'tr' | 'en' = 'tr') =>
  dealerBootstrap({
    locale,
    user: { ...dealer, role: 'admin', staffRole, customer: null },
    paymentPlans: [
      { id: 1, name: 'Peşin', priceName: 'salePrice', varsayilan: true, isVirtual: false },
      { id: 2, name: '30 Gün Vadeli', priceName: 'advencePrice1', varsayilan: false, isVirtual: false },
    ],
  })

export const categories: StaffCategory[] = [
  {
    id: 1,
    code: 'EL',
    name: 'El Aletleri',
    nameEn: 'Hand Tools',
    parentId: null,
    depth: 0,
    sortOrder: 0,
    productCount: 3,
  },
  {
    id: 2,
    code: 'MATKAP',
    name: 'Matkaplar',
    nameEn: null,
    parentId: 1,
    depth: 1,
    sortOrder: 0,
    productCount: 2,
  },
  {
    id: 3,
    code: 'BAH',
    name: 'Bahçe',
    nameEn: 'Garden',
    parentId: null,
    depth: 0,
    sortOrder: 1,
    productCount: 0,
  },
]

export const brands: StaffBrand[] = [
  {
    id: 9,
    code: 'BOSCH',
    name: 'Bosch',
    productCount: 2,
    models: [{ id: 4, code: 'GSB', name: 'GSB 13 RE' }],
  },
  { id: 10, code: 'MAKITA', name: 'Makita', productCount: 1, models: [] },
]

export const warehouses: StaffWarehouse[] = [
  { id: 1, code: 'MRK', name: 'Merkez', sortOrder: 0, totalQuantity: 120 },
  { id: 2, code: 'IZM', name: 'İzmir', sortOrder: 1, totalQuantity: 40 },
]

/** GET /yonetim/categories, /brands and /warehouses, as the catalogue's reference lists. */
export const refHandlers = () => [
  http.get('/yonetim/categories', () => apiJson(staffCategoryListSchema, { items: categories })),
  http.get('/yonetim/brands', () => apiJson(staffBrandListSchema, { items: brands })),
  http.get('/yonetim/warehouses', () => apiJson(staffWarehouseListSchema, { items: warehouses })),
  // The editor's image section reads a stored product's images: none here.
  http.get('/yonetim/products/:id/images', ({ params }) =>
    apiJson(productImageListSchema, {
      productId: Number(params.id),
      items: [],
      image: null,
      max: 12,
      maxBytes: 15 * 1024 * 1024,
    }),
  ),
]

export const productRow = (overrides: Partial<StaffProductRow> = {}): StaffProductRow => ({
  id: 5,
  code: 'BSH-100',
  name: 'Darbeli Matkap 650 W',
  parentCode: null,
  category: { id: 2, name: 'Matkaplar' },
  brand: { id: 9, name: 'Bosch' },
  salePrice: '1250.5000',
  currency: 'TRY',
  taxRate: '20.0000',
  quantity: 1250,
  active: true,
  image: 'bsh-100.jpg',
  updatedAt: '2026-03-14T09:30:00.000Z',
  ...overrides,
})

export const product = (overrides: Partial<StaffProduct> = {}): StaffProduct => ({
  id: 5,
  code: 'BSH-100',
  name: 'Darbeli Matkap 650 W',
  nameEn: 'Impact Drill 650 W',
  categoryCode: 'MATKAP',
  salePrice: '1250.5000',
  listPrice: '1500.0000',
  currency: 'TRY',
  taxRate: '20.0000',
  planPrices: ['1300.0000', null, null, null, null],
  brandCode: 'BOSCH',
  modelCode: 'GSB',
  barcode: '8690000000011',
  equivalentCodes: ['GSB13'],
  units: [
    {
      name: 'Adet',
      multiplier: 1,
      barcode: null,
      price: '1250.5000',
      listPrice: '1500.0000',
      isDefault: true,
    },
  ],
  parentCode: null,
  variantDimensions: null,
  variantValues: null,
  description: '<p>Güçlü ve hafif.</p>',
  specialCode: null,
  isActive: true,
  stock: [
    { warehouseCode: 'MRK', warehouseName: 'Merkez', quantity: 10 },
    { warehouseCode: 'IZM', warehouseName: 'İzmir', quantity: 0 },
  ],
  variants: [],
  updatedAt: '2026-03-14T09:30:00.000Z',
  ...overrides,
})
