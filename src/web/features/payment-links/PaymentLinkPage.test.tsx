// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  binControlResponseSchema,
  type PaymentStatus,
  type PublicPaymentLink,
  paymentLinkGoneSchema,
  paymentResultSchema,
  publicPaymentLinkSchema,
} from '../../../contracts/payments'
import { dealerBootstrap, guestBootstrap } from '../../test/fixtures'
import { apiError, apiJson, recordRequests } from '../../test/network'
import { binAnswer, paymentResult } from '../../test/payment-fixtures'
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

/** The server's 410 for a paid or expired link: the error with its message, and what the link was. */
const gone = (status: 'paid' | 'expired', message = '') =>
  apiJson(
    paymentLinkGoneSchema,
    {
      error: { code: `payment_link_${status}`, messages: { type: message } },
      link: { ...link(), status },
    },
    { status: 410 },
  )

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
    expect(screen.getByTestId('link-expires').textContent).toBe('21.03.2026 12:30')
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
  ] as const)('says so when the link is %s (410), with no card form', async (status, text, expiryShown) => {
    serve(() => gone(status))
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

  it.each([
    ['payment_link_paid', 'Bu ödeme bağlantısı ile ödeme yapılmış.'],
    ['payment_link_expired', 'Bu ödeme bağlantısının süresi dolmuş.'],
    ['gone', 'Bu ödeme bağlantısının süresi dolmuş.'],
  ])('says a 410 without the link (%s) is no longer payable all the same', async (code, text) => {
    serve(() => apiError(410, code))
    renderPage()
    expect((await heading()).textContent).toBe(text)
    expect(screen.queryByTestId('link-amount')).toBeNull()
    expect(screen.queryByTestId('card-payment-form')).toBeNull()
  })

  it('speaks English under /en', async () => {
    serve(() => gone('expired'))
    renderPage(`/en/odeme-linki/${TOKEN}`, guestBootstrap({ locale: 'en' }))
    expect((await heading()).textContent).toBe('This payment link has expired.')
    expect(screen.getByTestId('link-amount').textContent).toBe('₺1,250.50')
  })
})

describe('A payment-link payment approved by the bank but still being processed', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  /** The payment's answers in turn (the last one again once they run out), with the link's token checked. */
  function servePayment(statuses: PaymentStatus[]) {
    let asked = 0
    server.use(
      http.post('/api/catalog/bin-control', () => apiJson(binControlResponseSchema, binAnswer())),
      http.get('/api/payments/:id', ({ request, params }) => {
        expect(new URL(request.url).searchParams.get('token')).toBe(TOKEN)
        const status = statuses[Math.min(asked++, statuses.length - 1)]!
        return apiJson(
          paymentResultSchema,
          paymentResult({
            id: String(params.id),
            status,
            succeed: status === 'succeeded',
            paymentType: 'link',
            orderId: null,
            orderNo: null,
            amount: 1250.5,
            totalAmount: 1250.5,
            installment: 1,
            mailOrder: status === 'succeeded' ? paymentResult().mailOrder : null,
          }),
        )
      }),
    )
  }

  const advance = (ms: number) =>
    act(async () => {
      await vi.advanceTimersByTimeAsync(ms)
    })

  /** Pays the link with a card and lets the frame say the bank approved it. */
  async function payAndHearProcessing() {
    const user = userEvent.setup({ delay: null })
    renderPage()
    await heading()
    const paste = async (label: string | RegExp, text: string) => {
      await user.click(screen.getByLabelText(label))
      await user.paste(text)
    }
    await paste('Kart Numarası', '4111111111111111')
    await paste('Kart Üzerindeki İsim', 'Ayşe Yılmaz')
    await paste(/Son Kullanma Tarihi/, '1229')
    await paste('CCV', '123')
    await user.click(screen.getByRole('button', { name: 'Ödeme Yap' }))
    await screen.findByRole('dialog', { name: 'Güvenli Ödeme (3-D Secure)' })
    const frame = (screen.getByTestId('payment-frame') as HTMLIFrameElement).contentWindow
    const post = (data: unknown) =>
      act(() => {
        window.dispatchEvent(
          new MessageEvent('message', { data, origin: window.location.origin, source: frame }),
        )
      })
    post({ type: 'ready' })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] })
    post({ type: 'payment_processing', intentId: 'pi_link' })
  }

  it('says the payment is being processed, not to pay again, and turns into the paid page by itself', async () => {
    serve(() => apiJson(publicPaymentLinkSchema, link()))
    servePayment(['processing'])
    await payAndHearProcessing()
    await advance(0)
    expect(screen.getByTestId('payment-waiting').textContent).toContain(
      'Ödemeniz bankadan onaylandı, işleniyor…',
    )
    await advance(120_000)
    const panel = screen.getByTestId('link-processing')
    expect(within(panel).getByRole('heading', { level: 1 }).textContent).toBe('Ödemeniz işleniyor')
    expect(within(panel).getByRole('status').textContent).toContain(
      'Bankanız ödemeyi onayladı; ödeme şu anda kontrol ediliyor. Sonuç kesinleşince Yıldız Yapı Market Ltd. Şti. cari hesabına işlenir ve kartınızın ekstresinde görünür. Lütfen aynı ödemeyi tekrar yapmayınız.',
    )
    expect(screen.queryByTestId('card-payment-form')).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()

    // Asked again every 15 s (the answer takes a moment more to show).
    servePayment(['succeeded'])
    await advance(16_000)
    expect(screen.getByTestId('link-succeeded')).toBeTruthy()
  })

  it('shows the reason and the form again if it failed after all', async () => {
    serve(() => apiJson(publicPaymentLinkSchema, link()))
    servePayment(['processing'])
    await payAndHearProcessing()
    await advance(120_000)
    expect(screen.getByTestId('link-processing')).toBeTruthy()
    servePayment(['failed'])
    await advance(16_000)
    const unpayable = screen.getByTestId('link-unpayable')
    expect(within(unpayable).getByRole('heading', { level: 1 }).textContent).toBe('Ödeme tamamlanamadı')
    await act(async () => {
      screen.getByRole('button', { name: 'Tekrar ödeme yap' }).click()
      await vi.advanceTimersByTimeAsync(0)
    })
    expect(screen.getByTestId('card-payment-form')).toBeTruthy()
  })
})
