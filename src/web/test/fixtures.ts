import { type SessionUser, sessionUserSchema } from '../../contracts/account'
import { type Bootstrap, bootstrapSchema } from '../../contracts/bootstrap'
import {
  type Campaign,
  type CampaignProduct,
  campaignProductSchema,
  campaignSchema,
} from '../../contracts/campaigns'
import { defaultStoreSettings } from '../../contracts/settings'

export function guestBootstrap(overrides: Partial<Bootstrap> = {}): Bootstrap {
  return bootstrapSchema.parse({
    locale: 'tr',
    csrfToken: 'csrf-test',
    user: null,
    preferences: {
      productListView: 'grid',
      showNotInStocks: '1',
      defaultCurrency: 1,
      branch: null,
      locale: 'tr',
    },
    settings: { ...defaultStoreSettings },
    currencies: [
      {
        id: 1,
        code: 'TL',
        name: 'Türk Lirası',
        symbol: '₺',
        exchangeRate: 1,
        isDefault: true,
        rateSource: 'manual',
        rateBulletinDate: null,
      },
      {
        id: 2,
        code: 'USD',
        name: 'Amerikan Doları',
        symbol: '$',
        exchangeRate: 40.5,
        isDefault: false,
        rateSource: 'manual',
        rateBulletinDate: null,
      },
      {
        id: 3,
        code: 'EUR',
        name: 'Euro',
        symbol: '€',
        exchangeRate: 44.2,
        isDefault: false,
        rateSource: 'manual',
        rateBulletinDate: null,
      },
    ],
    paymentPlans: [],
    store: {
      name: 'Demo Toptan',
      logo: 'logo.svg',
      address: 'Atatürk Cad. No: 1',
      town: 'Kadıköy',
      city: 'İstanbul',
      phone: '+90 216 000 00 00',
      email: 'info@example.com',
      whatsapp: null,
      socialLinks: '1,https://facebook.com/demo|0,https://instagram.com/demo|||',
    },
    testMode: false,
    ...overrides,
  })
}

export const dealer: SessionUser = sessionUserSchema.parse({
  id: 7,
  name: 'Ayşe Yılmaz',
  email: 'ayse@bayi.example',
  role: 'dealer',
  staffRole: null,
  customer: {
    id: 3,
    code: 'C-003',
    name: 'Yılmaz Otomotiv Ltd.',
    riskLimit: 0,
    overdueBalance: 0,
    overdueDays: 0,
    overdueCurrency: 'TL',
    branches: [],
    defaultPaymentPlanId: null,
  },
})

export function dealerBootstrap(overrides: Partial<Bootstrap> = {}): Bootstrap {
  return guestBootstrap({ user: dealer, ...overrides })
}

export function product(overrides: Partial<CampaignProduct> = {}): CampaignProduct {
  return campaignProductSchema.parse({
    id: 1,
    seo: 'fren-balatasi',
    url: '/fren-balatasi-p-1',
    name: 'Fren Balatası',
    code: 'FB-100',
    image: 'fb-100.jpg',
    quantity: 12,
    salePrice: { value: 1234.5, currency: 'TRY' },
    listPrice: { value: 1500, currency: 'TRY' },
    defaultUnit: 'Adet',
    ...overrides,
  })
}

export function campaign(overrides: Partial<Campaign> = {}): Campaign {
  return campaignSchema.parse({
    id: 1,
    name: 'Haftanın Fırsatları',
    rowCount: 1,
    slidesPerView: { phone: 2, tablet: 4, desktop: 6 },
    products: [product()],
    ...overrides,
  })
}
