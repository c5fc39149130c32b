import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { adminPaymentLinkListSchema } from '../../../../contracts/back-office'
import { staffPaymentListSchema, staffPaymentsSummarySchema } from '../../../../contracts/payments-staff'
import { dealer, dealerBootstrap } from '../../../test/fixtures'
import { apiJson } from '../../../test/network'
import { staffPaymentsSummary } from '../../../test/payment-fixtures'
import { mockPhoneWidth } from '../../../test/phone'
import { renderWithProviders } from '../../../test/render'
import { server } from '../../../test/server'
import { staffLinks } from '../staff-links'
import { PaymentLinksPage } from './PaymentLinksPage'
import { PaymentsPage } from './PaymentsPage'

const admin = dealerBootstrap({ user: { ...dealer, role: 'admin', staffRole: 'owner', customer: null } })
const yildiz = { id: 5, code: '120.01.001', name: 'Yıldız Yapı Market' }

afterEach(() => {
  vi.restoreAllMocks()
})

function servePayments() {
  server.use(
    http.get('/yonetim/payments/summary', () => apiJson(staffPaymentsSummarySchema, staffPaymentsSummary())),
    http.get('/yonetim/payments', () =>
      apiJson(staffPaymentListSchema, {
        items: [
          {
            id: 'a'.repeat(32),
            status: 'failed',
            paymentType: 'pay',
            cardMasked: '418342******0019',
            cardHolder: 'AHMET YILMAZ',
            amount: 150,
            totalAmount: 150,
            installment: 1,
            dealer: yildiz,
            order: null,
            failureMessage: 'Yetersiz bakiye.',
            createdAt: '2026-03-18T09:00:00.000Z',
            stateChangedAt: '2026-03-18T09:00:00.000Z',
            gatewayRef: null,
            attentionReason: null,
          },
          {
            id: 'b'.repeat(32),
            status: 'succeeded',
            paymentType: 'order',
            cardMasked: '454360******4363',
            cardHolder: 'AHMET YILMAZ',
            amount: 1000,
            totalAmount: 1030.5,
            installment: 3,
            dealer: yildiz,
            order: { id: 8, no: 'S2026-000008' },
            failureMessage: null,
            createdAt: '2026-03-18T08:00:00.000Z',
            stateChangedAt: '2026-03-18T08:00:00.000Z',
            gatewayRef: null,
            attentionReason: null,
          },
        ],
        page: 1,
        pages: 1,
        limit: 50,
        total: 2,
      }),
    ),
  )
}

function serveLinks() {
  server.use(
    http.get('/yonetim/payment-links', () =>
      apiJson(adminPaymentLinkListSchema, {
        items: [
          {
            id: 3,
            dealer: yildiz,
            amount: 275.5,
            email: 'muhasebe@yildiz.example',
            status: 'paid',
            createdAt: '2026-03-17T09:00:00.000Z',
            expiresAt: '2026-03-24T09:00:00.000Z',
            paidAt: '2026-03-18T10:00:00.000Z',
          },
        ],
        page: 1,
        pages: 1,
        limit: 50,
        total: 1,
      }),
    ),
  )
}

describe('the card payments list', () => {
  it('scrolls, when it must, in a named region the keyboard can reach (axe scrollable-region-focusable)', async () => {
    servePayments()
    renderWithProviders(<PaymentsPage />, { bootstrap: admin, route: '/yonetim/odemeler' })
    const table = await screen.findByTestId('payments-table')
    const region = screen.getByRole('region', { name: 'Ödemeler' })
    expect(region.contains(table)).toBe(true)
    expect(region.tabIndex).toBe(0)
  })

  it('shows each payment as a card with every column labelled on a phone', async () => {
    mockPhoneWidth()
    servePayments()
    renderWithProviders(<PaymentsPage />, { bootstrap: admin, route: '/yonetim/odemeler' })
    const cards = await screen.findByTestId('payment-cards')
    const [failed, paid] = within(cards).getAllByRole('listitem')
    expect(failed?.textContent).toContain('Başarısız')
    expect(failed?.textContent).toContain('Yetersiz bakiye.')
    expect(failed?.textContent).toContain('Cari ödeme')
    expect(failed?.textContent).toContain('Tek çekim')
    expect(paid?.textContent).toContain('Sipariş No')
    expect(paid?.textContent).toContain('S2026-000008')
    expect(paid?.textContent).toContain('Karttan çekilen')
    expect(paid?.textContent).toContain('1.030,50 ₺')
    expect(paid?.textContent).toContain('454360******4363')
    expect(screen.queryByTestId('payments-table')).toBeNull()
  })
})

describe('the payment links list', () => {
  it('scrolls, when it must, in a named region the keyboard can reach', async () => {
    serveLinks()
    renderWithProviders(<PaymentLinksPage />, { bootstrap: admin, route: '/yonetim/odeme-baglantilari' })
    const table = await screen.findByTestId('links-table')
    const region = screen.getByRole('region', { name: 'Ödeme linkleri' })
    expect(region.contains(table)).toBe(true)
    expect(region.tabIndex).toBe(0)
  })

  it('shows each link as a card on a phone', async () => {
    mockPhoneWidth()
    serveLinks()
    renderWithProviders(<PaymentLinksPage />, { bootstrap: admin, route: '/yonetim/odeme-baglantilari' })
    const cards = await screen.findByTestId('link-cards')
    const [card] = within(cards).getAllByRole('listitem')
    expect(card?.textContent).toContain('Yıldız Yapı Market')
    expect(card?.textContent).toContain('Ödendi')
    expect(card?.textContent).toContain('275,50 ₺')
    expect(card?.textContent).toContain('muhasebe@yildiz.example')
    expect(card?.textContent).toContain('Son geçerlilik')
    expect(screen.queryByTestId('links-table')).toBeNull()
  })

  it('opens every staff page from the menu button on a phone, the current one marked', async () => {
    mockPhoneWidth()
    serveLinks()
    renderWithProviders(<PaymentLinksPage />, { bootstrap: admin, route: '/yonetim/odeme-baglantilari' })
    const menu = screen.getByRole('navigation', { name: 'Yönetim sayfaları' })
    await userEvent.click(within(menu).getByRole('button', { name: 'Yönetim menüsü' }))
    expect(within(menu).getAllByRole('link')).toHaveLength(staffLinks.length)
    expect(within(menu).getByRole('link', { current: 'page' }).textContent).toBe('Ödeme linkleri')
  })
})
