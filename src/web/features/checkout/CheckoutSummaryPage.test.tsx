// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type Cart, cartSchema } from '../../../contracts/cart'
import { type PaymentResult, paymentResultSchema } from '../../../contracts/payments'
import { cartQuery } from '../../lib/cart/cart-query'
import { cartLine, cartOf } from '../../test/cart-fixtures'
import { dealerBootstrap } from '../../test/fixtures'
import { apiError, apiJson, recordRequests } from '../../test/network'
import { mailOrder, paymentResult } from '../../test/payment-fixtures'
import { renderWithProviders } from '../../test/render'
import { server } from '../../test/server'
import { CheckoutSummaryPage } from './CheckoutSummaryPage'

function renderSummary(id = 'pi_7f3a9c', bootstrap = dealerBootstrap()) {
  return renderWithProviders(
    <Routes>
      <Route path="/odeme/sonuc/:id" element={<CheckoutSummaryPage />} />
      <Route path="/en/odeme/sonuc/:id" element={<CheckoutSummaryPage />} />
    </Routes>,
    { bootstrap, route: bootstrap.locale === 'en' ? `/en/odeme/sonuc/${id}` : `/odeme/sonuc/${id}` },
  )
}

const serve = (result: PaymentResult) =>
  server.use(http.get(`/api/payments/${result.id}`, () => apiJson(paymentResultSchema, result)))
const heading = () => screen.findByRole('heading', { level: 1 })
const text = (testId: string) => screen.getByTestId(testId).textContent

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('The payment summary', () => {
  it('shows a paid order: its number linked, the amounts, the installments and the Mail Order slip', async () => {
    serve(paymentResult())
    const requests = recordRequests()
    renderSummary()
    expect(screen.getByRole('status', { name: 'Ödeme sonucu yükleniyor' })).toBeTruthy()
    expect((await heading()).textContent).toBe('Ödemeniz alındı, siparişiniz oluşturuldu')
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/payments/pi_7f3a9c'])
    expect(text('result-text')).toBe('Siparişiniz S2026-000077 numarasıyla kaydedildi. Teşekkür ederiz.')
    expect(within(screen.getByTestId('result-order-no')).getByRole('link').getAttribute('href')).toBe(
      '/siparis/77',
    )
    expect(text('result-amount')).toBe('2.962,80 ₺')
    expect(text('result-charged')).toBe('3.073,91 ₺')
    expect(text('result-installment')).toBe('3 Taksit')
    expect(
      within(screen.getByRole('navigation', { name: 'Ödeme adımları' })).getByText('Alışveriş Özeti'),
    ).toBeTruthy()

    const slip = screen.getByTestId('mail-order')
    expect(within(slip).getByRole('heading', { name: 'Mail Order Formu' })).toBeTruthy()
    const rows = within(slip)
      .getAllByRole('row')
      .map((row) => row.textContent)
    expect(rows).toEqual([
      'Müşteri AdıYılmaz Otomotiv Ltd.',
      'Para BirimiTRY',
      'Taksit Tutarı1.024,69 ₺',
      'Taksit Sayısı3',
      'Kart SahibiAYŞE YILMAZ',
      'Kart Numarası411111******1111',
      'Son Kullanma Tarihi12/29',
      'AçıklamaSepet ödemesi',
      // 12:42 UTC in the store's time zone (Istanbul, UTC+3), not the machine's.
      'Tarih14.03.2026 15:42',
    ])
    expect(slip.textContent).toContain('Atatürk Cad. No: 1 Kadıköy / İstanbul')
    expect(slip.textContent).toContain('+90 216 000 00 00')
  })

  it.each([
    ['a paid order', 'order', 0],
    ['a payment on account', 'pay', 1],
  ] as const)(
    'after %s, the header’s cart count (read with no observer) follows the server',
    async (_, paymentType, count) => {
      let serverCart: Cart = cartOf([cartLine()])
      server.use(http.get('/api/catalog/cart', () => apiJson(cartSchema, serverCart)))
      // The result answers only once the header holds the cart of one line, as it did at checkout.
      let release = () => {}
      const held = new Promise<void>((resolve) => {
        release = resolve
      })
      const result = paymentResult({ paymentType })
      server.use(
        http.get(`/api/payments/${result.id}`, async () => {
          await held
          return apiJson(paymentResultSchema, result)
        }),
      )
      const { queryClient } = renderSummary(result.id)
      await queryClient.prefetchQuery(cartQuery)
      expect(queryClient.getQueryData<Cart>(cartQuery.queryKey)?.count).toBe(1)
      const requests = recordRequests()
      if (paymentType === 'order') serverCart = cartOf([])
      release()
      await heading()
      if (paymentType === 'order') {
        await waitFor(() => expect(queryClient.getQueryData<Cart>(cartQuery.queryKey)?.count).toBe(count))
        expect(requests.map((r) => `${r.method} ${r.path}`)).toContain('GET /api/catalog/cart')
      } else {
        expect(requests.map((r) => `${r.method} ${r.path}`)).not.toContain('GET /api/catalog/cart')
        expect(queryClient.getQueryData<Cart>(cartQuery.queryKey)?.count).toBe(count)
      }
    },
  )

  it('prints the slip in a window of its own', async () => {
    serve(paymentResult({ mailOrder: mailOrder({ description: '<b>Not</b>' }) }))
    const popup = {
      closed: false,
      document: { open: vi.fn(), write: vi.fn(), close: vi.fn(), readyState: 'complete' },
      addEventListener: vi.fn(),
      focus: vi.fn(),
      print: vi.fn(),
      close: vi.fn(),
    }
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window)
    const user = userEvent.setup({ delay: null })
    renderSummary()
    await user.click(await screen.findByRole('button', { name: 'Yazdır' }))
    expect(open).toHaveBeenCalledWith('', 'mail-order-pi_7f3a9c', 'width=800,height=600')
    const html = popup.document.write.mock.calls[0]![0] as string
    expect(html).toContain('&lt;b&gt;Not&lt;/b&gt;')
    expect(html).toContain('411111******1111')
    expect(popup.print).toHaveBeenCalledTimes(1)
  })

  it('says a payment on account was credited, in English too', async () => {
    const result = paymentResult({
      paymentType: 'pay',
      orderId: null,
      orderNo: null,
      amount: 1250.5,
      totalAmount: 1250.5,
      installment: 1,
    })
    serve(result)
    renderSummary('pi_7f3a9c', dealerBootstrap({ locale: 'en' }))
    expect((await heading()).textContent).toBe('Payment received')
    expect(text('result-text')).toBe(
      'Your payment of ₺1,250.50 was credited to your current account. Thank you.',
    )
    expect(text('result-installment')).toBe('Single payment')
    expect(screen.queryByTestId('result-order-no')).toBeNull()
    expect(screen.queryByRole('navigation', { name: 'Payment steps' })).toBeNull()
  })

  it('says why a payment failed and leads back to pay again', async () => {
    serve(
      paymentResult({
        paymentType: 'pay',
        status: 'failed',
        succeed: false,
        orderId: null,
        orderNo: null,
        failureMessage: 'Kartınızın bakiyesi yetersiz.',
        mailOrder: null,
      }),
    )
    renderSummary()
    expect((await heading()).textContent).toBe('Ödeme başarısız')
    expect(text('result-not-paid')).toContain('Kartınızın bakiyesi yetersiz.')
    expect(screen.getByRole('link', { name: 'Tekrar ödeme yap' }).getAttribute('href')).toBe('/odeme')
    expect(screen.queryByTestId('mail-order')).toBeNull()
  })

  it('says a pending payment is not confirmed yet and asks again on request', async () => {
    const pending = paymentResult({
      status: 'pending',
      succeed: false,
      orderId: null,
      orderNo: null,
      mailOrder: null,
    })
    serve(pending)
    const requests = recordRequests()
    const user = userEvent.setup({ delay: null })
    renderSummary()
    expect((await heading()).textContent).toBe('Ödeme onay bekliyor')
    expect(screen.getByRole('link', { name: 'Sepete dön' }).getAttribute('href')).toBe('/sepet')
    serve(paymentResult())
    await user.click(screen.getByRole('button', { name: 'Durumu yenile' }))
    await waitFor(async () =>
      expect((await heading()).textContent).toBe('Ödemeniz alındı, siparişiniz oluşturuldu'),
    )
    expect(requests).toHaveLength(2)
  })

  it('says a payment being processed is being checked, never failed, and turns into the paid order by itself', async () => {
    // The page asks again on an interval; the rest of the test runs on real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'], shouldAdvanceTime: true })
    const processing = paymentResult({
      status: 'processing',
      succeed: false,
      orderId: null,
      orderNo: null,
      mailOrder: null,
    })
    serve(processing)
    const requests = recordRequests()
    renderSummary()
    expect((await heading()).textContent).toBe('Ödemeniz işleniyor')
    const notice = screen.getByTestId('result-processing')
    expect(notice.getAttribute('role')).toBe('status')
    expect(notice.textContent).toContain(
      'Bankanız ödemeyi onayladı; ödeme şu anda kontrol ediliyor. Sonuç kesinleşince siparişlerinizde ve hesap ekstrenizde görünecek. Lütfen aynı ödemeyi tekrar yapmayınız.',
    )
    expect(notice.textContent).toContain('Bu sayfa durumu kendiliğinden yeniler.')
    expect(text('result-charged')).toBe('3.073,91 ₺')
    expect(screen.getByRole('link', { name: 'Siparişlerime git' }).getAttribute('href')).toBe(
      '/siparis/liste',
    )
    // Nothing invites paying again.
    expect(screen.queryByRole('link', { name: 'Sepete dön' })).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()

    await act(async () => {
      await vi.advanceTimersByTimeAsync(15_000)
    })
    await waitFor(() => expect(requests).toHaveLength(2))
    expect((await heading()).textContent).toBe('Ödemeniz işleniyor')
    serve(paymentResult())
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15_000)
    })
    await waitFor(async () =>
      expect((await heading()).textContent).toBe('Ödemeniz alındı, siparişiniz oluşturuldu'),
    )
    // Settled: no more questions.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000)
    })
    expect(requests).toHaveLength(3)
  })

  it('speaks English for a payment on account being processed, leading to the statement', async () => {
    serve(
      paymentResult({
        status: 'processing',
        succeed: false,
        paymentType: 'pay',
        orderId: null,
        orderNo: null,
        mailOrder: null,
      }),
    )
    renderSummary('pi_7f3a9c', dealerBootstrap({ locale: 'en' }))
    expect((await heading()).textContent).toBe('Your payment is being processed')
    expect(screen.getByTestId('result-processing').textContent).toContain(
      'Your bank approved the payment and it is being checked now. Once settled, it will show in your orders and on your account statement. Please do not pay again.',
    )
    expect(screen.getByRole('link', { name: 'Go to my statement' }).getAttribute('href')).toBe(
      '/en/hesap/ekstre',
    )
  })

  it('shows an expired payment with its reason, in Turkish and English', async () => {
    const expired = (failureMessage: string) =>
      paymentResult({
        status: 'expired',
        succeed: false,
        orderId: null,
        orderNo: null,
        mailOrder: null,
        failureMessage,
      })
    serve(expired('Ödeme süresi (15 dakika) doldu; ödeme alınmadı. Lütfen yeniden deneyiniz.'))
    const { unmount } = renderSummary()
    expect((await heading()).textContent).toBe('Ödemenin süresi doldu')
    expect(text('result-not-paid')).toContain(
      'Ödeme süresi (15 dakika) doldu; ödeme alınmadı. Lütfen yeniden deneyiniz.',
    )
    expect(screen.getByTestId('result-not-paid').getAttribute('role')).toBe('alert')
    expect(screen.getByRole('link', { name: 'Sepete dön' })).toBeTruthy()
    unmount()

    serve(expired('The payment window (15 minutes) has passed; nothing was charged. Please try again.'))
    renderSummary('pi_7f3a9c', dealerBootstrap({ locale: 'en' }))
    expect((await heading()).textContent).toBe('The payment timed out')
    expect(text('result-not-paid')).toContain(
      'The payment window (15 minutes) has passed; nothing was charged. Please try again.',
    )
  })

  it('says so for a payment that is not found or not the payer’s', async () => {
    server.use(http.get('/api/payments/:id', () => apiError(404, 'not_found', 'Ödeme bulunamadı.')))
    renderSummary('pi_other')
    expect((await heading()).textContent).toBe('Ödeme bulunamadı')
  })
})
