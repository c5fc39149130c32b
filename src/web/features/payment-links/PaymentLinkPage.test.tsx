// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { Route, Routes } from 'react-router'
import { describe, expect, it } from 'vitest'
import { type PublicPaymentLink, publicPaymentLinkSchema } from '../../../contracts/payments'
import { dealerBootstrap, guestBootstrap } from '../../test/fixtures'
import { apiError, apiJson, recordRequests } from '../../test/network'
import { renderWithProviders } from '../../test/render'
import { server } from '../../test/server'
import { PaymentLinkPage } from './PaymentLinkPage'

const TOKEN = 'q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c'

const link = (overrides: Partial<PublicPaymentLink> = {}): PublicPaymentLink => ({
  status: 'open',
  company: 'Yıldız Yapı Market Ltd. Şti.',
  amount: 1250.5,
  currency: 'TRY',
  expiresAt: '2026-03-21T09:30:00.000Z',
  ...overrides,
})

const serve = (answer: () => Response) => server.use(http.get('/api/payment-link/:token', answer))

function renderPage(route = `/odeme-linki/${TOKEN}`, bootstrap = guestBootstrap()) {
  return renderWithProviders(
    <Routes>
      <Route path="/odeme-linki/:token" element={<PaymentLinkPage />} />
      <Route path="/en/odeme-linki/:token" element={<PaymentLinkPage />} />
    </Routes>,
    { bootstrap, route },
  )
}

const heading = () => screen.findByRole('heading', { level: 1 })

describe('The public payment-link page', () => {
  it('shows a logged-out payer the company, the amount, the expiry and the card form for that amount', async () => {
    serve(() => apiJson(publicPaymentLinkSchema, link()))
    const requests = recordRequests()
    renderPage()
    expect(screen.getByRole('status', { name: 'Ödeme bağlantısı yükleniyor' })).toBeTruthy()
    expect((await heading()).textContent).toBe('Kartla Ödeme')
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /api/payment-link/${TOKEN}`])
    expect(screen.getByText('Bu ödemenin işleneceği cari hesap: Yıldız Yapı Market Ltd. Şti.')).toBeTruthy()
    expect(screen.getByTestId('link-company').textContent).toBe('Yıldız Yapı Market Ltd. Şti.')
    expect(screen.getByTestId('link-amount').textContent).toBe('1.250,50 ₺')
    expect(screen.getByTestId('link-expires').textContent).toBe('21 Mart 2026 12:30')
    const form = screen.getByTestId('card-payment-form')
    const amount = within(form).getByTestId('payment-amount') as HTMLInputElement
    expect(amount.readOnly).toBe(true)
    expect(amount.value).toBe('1.250,50 ₺')
    expect(document.title).toBe('Ödeme | Demo Toptan')
  })

  it('works the same for a logged-in dealer of another company (anyone holding the link may pay it)', async () => {
    serve(() => apiJson(publicPaymentLinkSchema, link()))
    renderPage(`/odeme-linki/${TOKEN}`, dealerBootstrap())
    expect((await heading()).textContent).toBe('Kartla Ödeme')
    expect(screen.getByTestId('card-payment-form')).toBeTruthy()
  })

  it('says clearly that an unknown link is not found (404)', async () => {
    serve(() => apiError(404, 'payment_link_not_found', 'Ödeme bağlantısı bulunamadı.'))
    renderPage()
    expect((await heading()).textContent).toBe('Ödeme bağlantısı bulunamadı.')
    expect(screen.queryByTestId('card-payment-form')).toBeNull()
  })

  it('does not ask about an address that cannot be a token', async () => {
    const requests = recordRequests()
    renderPage('/odeme-linki/not.a.token')
    expect((await heading()).textContent).toBe('Ödeme bağlantısı bulunamadı.')
    expect(requests).toEqual([])
  })

  it.each([
    ['expired', 'Bu ödeme bağlantısının süresi dolmuş.', true],
    ['paid', 'Bu ödeme bağlantısı ile ödeme yapılmış.', false],
  ] as const)('says so when the link is %s, with no card form', async (status, text, expiryShown) => {
    serve(() => apiJson(publicPaymentLinkSchema, link({ status })))
    renderPage()
    expect((await heading()).textContent).toBe(text)
    expect(screen.getByTestId('link-amount').textContent).toBe('1.250,50 ₺')
    // The expiry explains an expired link; a paid one has none to give.
    expect(screen.queryByTestId('link-expires') !== null).toBe(expiryShown)
    expect(screen.queryByText('Son geçerlilik') !== null).toBe(expiryShown)
    expect(screen.queryByTestId('card-payment-form')).toBeNull()
  })

  it('offers a retry when the link cannot be loaded', async () => {
    let calls = 0
    serve(() => {
      calls++
      return calls === 1 ? new HttpResponse(null, { status: 500 }) : apiJson(publicPaymentLinkSchema, link())
    })
    renderPage()
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Ödeme bağlantısı yüklenemedi')
    within(alert).getByRole('button', { name: 'Tekrar dene' }).click()
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Kartla Ödeme'))
  })

  it('speaks English under /en', async () => {
    serve(() => apiJson(publicPaymentLinkSchema, link({ status: 'expired' })))
    renderPage(`/en/odeme-linki/${TOKEN}`, guestBootstrap({ locale: 'en' }))
    expect((await heading()).textContent).toBe('This payment link has expired.')
    expect(screen.getByTestId('link-amount').textContent).toBe('₺1,250.50')
  })
})
