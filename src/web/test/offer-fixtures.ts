import {
  type Offer,
  type OfferItem,
  type OfferList,
  offerItemSchema,
  offerListSchema,
  offerSchema,
} from '../../contracts/offers'

/** Test data of the offer list, with the numbers the server would send (worked out by hand). */

const tl = (value: number) => ({ value, currency: 'TRY' })

export function offerItem(overrides: Partial<OfferItem> = {}): OfferItem {
  return offerItemSchema.parse({
    id: 11,
    productId: 1,
    code: 'FB-100',
    name: 'Fren Balatası',
    image: 'fb-100.jpg',
    unit: 'Adet',
    quantity: 2,
    price: tl(100),
    taxRate: 20,
    profit: 0,
    order: 1,
    unitPrice: tl(100),
    amount: tl(200),
    tax: tl(40),
    ...overrides,
  })
}

/**
 * Two lines: 2 × 100.00 at 0 % (KDV 20 %) and 3 × 50.50 at +10 % = 55.55 (KDV 10 %).
 * Subtotal 200 + 166.65 = 366.65; KDV 40 + 16.665 = 56.665 → 56.67; total 423.32.
 */
export function offer(overrides: Partial<Offer> = {}): Offer {
  return offerSchema.parse({
    id: 42,
    orderNo: 'T2026-000042',
    date: '2026-03-14T09:30:00.000Z',
    isCancel: false,
    description: 'Sipariş notu yok',
    creator: 'Ayşe Yılmaz',
    customerName: null,
    customerCompanyName: null,
    customerEmail: null,
    customerPhone: null,
    subtotal: tl(366.65),
    tax: tl(56.67),
    total: tl(423.32),
    offerItems: [
      offerItem(),
      offerItem({
        id: 12,
        productId: 9,
        code: 'V-9',
        name: 'Vida',
        image: null,
        quantity: 3,
        price: tl(50.5),
        taxRate: 10,
        profit: 10,
        order: 2,
        unitPrice: tl(55.55),
        amount: tl(166.65),
        tax: tl(16.67),
      }),
    ],
    ...overrides,
  })
}

export function offerList(items: Offer[] = [offer()], overrides: Partial<OfferList> = {}): OfferList {
  return offerListSchema.parse({
    items,
    page: 1,
    pages: 1,
    limit: 20,
    total: items.length,
    seller: {
      name: 'Yılmaz Otomotiv Ltd.',
      address: 'Sanayi Sitesi 4. Blok No: 12',
      town: 'Ümraniye',
      city: 'İstanbul',
      phone: '+90 216 111 22 33',
      email: 'satis@yilmaz.example',
    },
    logo: 'logo.svg',
    ...overrides,
  })
}
