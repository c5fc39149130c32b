import { type HttpHandler, http } from 'msw'
import { adminPaymentLinkListSchema } from '../../contracts/back-office'
import type { Bootstrap } from '../../contracts/bootstrap'
import { cartSchema } from '../../contracts/cart'
import { mailOutboxListSchema } from '../../contracts/mail-outbox'
import { offerListSchema } from '../../contracts/offers'
import { orderListSchema, orderSchema } from '../../contracts/orders'
import { publicPaymentLinkSchema } from '../../contracts/payments'
import { staffPaymentListSchema, staffPaymentsSummarySchema } from '../../contracts/payments-staff'
import {
  adminFaultReportListSchema,
  faultCategoryListSchema,
  faultReportListSchema,
} from '../../contracts/service'
import { configureApi, renderPage, type ServerRenderState } from '../entry-server'
import en from '../i18n/en.json'
import tr from '../i18n/tr.json'
import { emptyCart } from './cart-fixtures'
import { dealer, dealerBootstrap, guestBootstrap } from './fixtures'
import { apiJson } from './network'
import { offer, offerList } from './offer-fixtures'
import { testOrder, testOrderList } from './order-fixtures'
import { server } from './server'

/*
 * Pages that show moments, drawn on the server in one process and taken over in another
 * (src/web/time-zone-hydration.test.tsx): their data, what each must show, and the server side's
 * render. Every moment is AT: 22:05 UTC on 27 November, already 01:05 on the 28th in Istanbul, so the
 * store's zone, the server's and the browser's each write it differently.
 */
export const AT = '2026-11-27T22:05:00.000Z'
/** AT in the store's default zone, Europe/Istanbul. */
export const AT_IN_ISTANBUL = { tr: '28.11.2026 01:05', en: '28 Nov 2026, 01:05' }
/** AT in Asia/Tokyo, a store that changed its zone setting (neither the server's nor the browser's). */
export const AT_IN_TOKYO = '28.11.2026 07:05'

const LINK_TOKEN = 'q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c'
const admin = {
  ...dealer,
  id: 1,
  name: 'Yönetici',
  role: 'admin' as const,
  staffRole: 'owner' as const,
  customer: null,
}
const adminBootstrap = () => guestBootstrap({ user: admin })
const tokyoDealer = () =>
  dealerBootstrap({ settings: { ...dealerBootstrap().settings, timeZone: 'Asia/Tokyo' } })

export interface ZonePage {
  url: string
  bootstrap: Bootstrap
  /** Text the page must show, drawn on the server and still there once the browser has taken over. */
  shows: string
}

export const zonePages = (): ZonePage[] => [
  { url: '/siparis/liste', bootstrap: dealerBootstrap(), shows: AT_IN_ISTANBUL.tr },
  {
    url: '/en/siparis/liste',
    bootstrap: dealerBootstrap({
      locale: 'en',
      preferences: { ...dealerBootstrap().preferences, locale: 'en' },
    }),
    shows: AT_IN_ISTANBUL.en,
  },
  { url: '/siparis/77', bootstrap: dealerBootstrap(), shows: AT_IN_ISTANBUL.tr },
  { url: '/teklif/liste', bootstrap: dealerBootstrap(), shows: AT_IN_ISTANBUL.tr },
  { url: '/ariza-bildirimi', bootstrap: dealerBootstrap(), shows: AT_IN_ISTANBUL.tr },
  { url: `/odeme-linki/${LINK_TOKEN}`, bootstrap: guestBootstrap(), shows: AT_IN_ISTANBUL.tr },
  { url: '/yonetim/odemeler', bootstrap: adminBootstrap(), shows: AT_IN_ISTANBUL.tr },
  { url: '/yonetim/odeme-baglantilari', bootstrap: adminBootstrap(), shows: AT_IN_ISTANBUL.tr },
  { url: '/yonetim/e-postalar', bootstrap: adminBootstrap(), shows: AT_IN_ISTANBUL.tr },
  { url: '/yonetim/ariza-bildirimleri', bootstrap: adminBootstrap(), shows: AT_IN_ISTANBUL.tr },
  // The same data for a store whose zone setting is Tokyo: its dealers see Tokyo's clock.
  { url: '/siparis/liste', bootstrap: tokyoDealer(), shows: AT_IN_TOKYO },
]

const yildiz = { id: 5, code: '120.01.001', name: 'Yıldız Yapı Market' }
const listOf = <T,>(items: T[]) => ({ items, page: 1, pages: 1, limit: 50, total: items.length })
const faultReport = {
  id: 11,
  reportNo: 'AR-2026-000011',
  createdAt: AT,
  productCode: 'DM-800',
  productName: 'Darbeli Matkap 800W',
  serialNumber: 'SN-1',
  description: 'Çalışırken duruyor.',
  contactPhone: '0532 123 45 67',
  status: 'new' as const,
  hasPhoto: false,
  staffNote: null,
  history: [],
}

/** Every call the pages make, answered with data dated AT (origin: where the render sends them). */
export function zoneHandlers(origin = ''): HttpHandler[] {
  const order = testOrder({ date: AT })
  return [
    http.get(`${origin}/api/catalog/cart`, () => apiJson(cartSchema, emptyCart())),
    http.get(`${origin}/api/catalog/orders`, () => apiJson(orderListSchema, testOrderList([order]))),
    http.get(`${origin}/api/catalog/order/:id`, () => apiJson(orderSchema, order)),
    http.get(`${origin}/api/catalog/offers`, () =>
      apiJson(offerListSchema, offerList([offer({ date: AT })])),
    ),
    http.get(`${origin}/api/catalog/fault-reports`, () =>
      apiJson(faultReportListSchema, { ...listOf([faultReport]), limit: 20 }),
    ),
    http.get(`${origin}/api/catalog/faultreport/basecategories/:id`, () =>
      apiJson(faultCategoryListSchema, [{ id: 1, name: 'Elektrikli Aletler' }]),
    ),
    http.get(`${origin}/api/payment-link/:token`, () =>
      apiJson(publicPaymentLinkSchema, {
        status: 'open',
        company: 'Yıldız Yapı Market Ltd. Şti.',
        amount: 1250.5,
        currency: 'TRY',
        expiresAt: AT,
      }),
    ),
    http.get(`${origin}/yonetim/payments/summary`, () =>
      apiJson(staffPaymentsSummarySchema, { needsAttention: 0, processing: 0, refusals: [] }),
    ),
    http.get(`${origin}/yonetim/payments`, () =>
      apiJson(
        staffPaymentListSchema,
        listOf([
          {
            id: 'b'.repeat(32),
            status: 'succeeded' as const,
            paymentType: 'order' as const,
            cardMasked: '454360******4363',
            cardHolder: 'AHMET YILMAZ',
            amount: 1000,
            totalAmount: 1030.5,
            installment: 3,
            dealer: yildiz,
            order: { id: 8, no: 'S2026-000008' },
            failureMessage: null,
            createdAt: AT,
            stateChangedAt: AT,
            gatewayRef: 'sbx-0001',
            attentionReason: null,
          },
        ]),
      ),
    ),
    http.get(`${origin}/yonetim/payment-links`, () =>
      apiJson(
        adminPaymentLinkListSchema,
        listOf([
          {
            id: 3,
            dealer: yildiz,
            amount: 275.5,
            email: 'muhasebe@yildiz.example',
            status: 'open' as const,
            createdAt: AT,
            expiresAt: AT,
            paidAt: null,
          },
        ]),
      ),
    ),
    http.get(`${origin}/yonetim/mail-outbox`, () =>
      apiJson(
        mailOutboxListSchema,
        listOf([
          {
            id: 41,
            kind: 'order_confirmation' as const,
            recipient: 'ayse@bayi.example',
            subject: 'Siparişiniz alındı: S2026-000077',
            status: 'failed' as const,
            attempts: 6,
            nextAttemptAt: AT,
            lastError: '550 5.1.1 Mailbox unavailable',
            createdAt: AT,
            sentAt: null,
            document: { type: 'order' as const, id: 77, no: 'S2026-000077' },
          },
        ]),
      ),
    ),
    http.get(`${origin}/yonetim/fault-reports`, () =>
      apiJson(
        adminFaultReportListSchema,
        listOf([{ ...faultReport, updatedAt: AT, dealer: yildiz, userName: 'Ahmet Yılmaz', hasPhoto: true }]),
      ),
    ),
  ]
}

export interface DrawnPage {
  html: string
  state: ServerRenderState
}

/**
 * The server's side, run by test/render-zone-pages.mjs in a process of its own (its TZ set before it
 * started): every page drawn as the server draws it, with MSW answering its API calls.
 */
export async function drawZonePages(): Promise<DrawnPage[]> {
  const origin = 'http://ssr.test'
  const unhandled: string[] = []
  server.listen({ onUnhandledRequest: (request) => void unhandled.push(`${request.method} ${request.url}`) })
  server.use(...zoneHandlers(origin))
  configureApi({ fetch: (input, init) => globalThis.fetch(new URL(String(input), origin), init) })
  try {
    const drawn: DrawnPage[] = []
    for (const page of zonePages()) {
      const { html, state } = await renderPage({
        url: page.url,
        bootstrap: page.bootstrap,
        texts: page.bootstrap.locale === 'en' ? en : tr,
        hints: { phone: false, cookieConsent: true },
      })
      drawn.push({ html, state })
    }
    if (unhandled.length > 0) throw new Error(`Calls no handler answered: ${unhandled.join(', ')}`)
    return drawn
  } finally {
    server.close()
  }
}
