// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SessionUser } from '../../../contracts/account'
import type { Bootstrap } from '../../../contracts/bootstrap'
import { binControlResponseSchema, paymentResultSchema } from '../../../contracts/payments'
import { defaultStoreSettings } from '../../../contracts/settings'
import { dealer, dealerBootstrap } from '../../test/fixtures'
import { spyOnFullNavigate } from '../../test/full-navigate'
import { apiJson } from '../../test/network'
import { binAnswer, paymentResult } from '../../test/payment-fixtures'
import { renderWithProviders } from '../../test/render'
import { server } from '../../test/server'
import { PayOnAccountPage } from './PayOnAccountPage'

const fullNavigate = spyOnFullNavigate()

function renderPay(route = '/odeme', bootstrap: Bootstrap = dealerBootstrap()) {
  return renderWithProviders(
    <Routes>
      <Route path="/odeme" element={<PayOnAccountPage />} />
    </Routes>,
    { bootstrap, route },
  )
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('Paying on account', { timeout: 30_000 }, () => {
  it('starts from the statement’s chosen items and amount, sends them, and loads the summary once confirmed', async () => {
    server.use(
      http.post('/api/catalog/bin-control', () =>
        apiJson(binControlResponseSchema, binAnswer({ plans: [] })),
      ),
      http.get('/api/payments/:id', () =>
        apiJson(
          paymentResultSchema,
          paymentResult({ id: 'pi_pay', paymentType: 'pay', orderId: null, orderNo: null }),
        ),
      ),
    )
    const user = userEvent.setup({ delay: null })
    renderPay('/odeme?items=4,5&amount=123.45')
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Ödeme Yap')
    expect(screen.getByTestId('settle-items').textContent).toBe(
      'Hesap ekstrenizden seçilen 2 kalem bu ödemeyle kapatılır.',
    )
    const amount = screen.getByLabelText(/Ödenecek Tutar/) as HTMLInputElement
    expect(amount.value).toBe('123,45')
    expect(amount.readOnly).toBe(false)

    for (const [label, text] of [
      ['Açıklama', 'Mart ödemesi'],
      ['Kart Numarası', '4111111111111111'],
      ['Kart Üzerindeki İsim', 'Ayşe Yılmaz'],
      [/Son Kullanma Tarihi/, '1229'],
      ['CCV', '123'],
    ] as const) {
      await user.click(screen.getByLabelText(label))
      await user.paste(text)
    }
    await screen.findByTestId('card-network')
    // No plans for this card: a single payment, no table.
    expect(screen.queryByTestId('installment-table')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Ödeme Yap' }))
    await screen.findByRole('dialog')
    const frame = screen.getByTestId('payment-frame') as HTMLIFrameElement
    const postMessage = vi.spyOn(frame.contentWindow!, 'postMessage')
    const post = (data: unknown) =>
      act(() => {
        window.dispatchEvent(
          new MessageEvent('message', { data, origin: window.location.origin, source: frame.contentWindow }),
        )
      })
    post({ type: 'ready' })
    expect(postMessage.mock.calls[0]![0]).toMatchObject({
      form: {
        paymentType: 'pay',
        amount: '123.45',
        settleEntryIds: [4, 5],
        description: 'Mart ödemesi',
        installment: 1,
        planId: undefined,
      },
    })
    post({ type: 'payment_succeed', intentId: 'pi_pay' })
    await waitFor(() => expect(fullNavigate).toHaveBeenCalledWith('/odeme/sonuc/pi_pay'))
  })

  it('shows the payment-link button only when the store allows payment links', async () => {
    const { unmount } = renderPay()
    await screen.findByRole('heading', { level: 1 })
    expect(screen.queryByRole('button', { name: 'Ödeme Bağlantısı' })).toBeNull()
    expect(screen.queryByTestId('settle-items')).toBeNull()
    expect((screen.getByLabelText(/Ödenecek Tutar/) as HTMLInputElement).value).toBe('')
    unmount()

    renderPay(
      '/odeme',
      dealerBootstrap({ settings: { ...defaultStoreSettings, b2b_cari_odeme_baglantisi: true } }),
    )
    expect(await screen.findByRole('button', { name: 'Ödeme Bağlantısı' })).toBeTruthy()
  })

  it('tells an administrator the page is for dealers', async () => {
    const admin: SessionUser = { ...dealer, role: 'admin', staffRole: 'owner', customer: null }
    renderPay('/odeme', dealerBootstrap({ user: admin }))
    expect(await screen.findByText('Ödeme ekranı bayi hesapları içindir')).toBeTruthy()
    expect(screen.queryByTestId('card-payment-form')).toBeNull()
  })

  it('reads a typed amount by the grammar of the payment link, under the same hint, and the link starts from it', async () => {
    const user = userEvent.setup({ delay: null })
    renderPay(
      '/odeme?amount=1250.5',
      dealerBootstrap({ settings: { ...defaultStoreSettings, b2b_cari_odeme_baglantisi: true } }),
    )
    const amount = (await screen.findByLabelText(/Ödenecek Tutar/)) as HTMLInputElement
    // The prefill is written as the hint's example is.
    expect(amount.value).toBe('1250,50')
    const description = () => document.getElementById(amount.getAttribute('aria-describedby')!.split(' ')[0]!)
    await user.clear(amount)
    expect(description()?.textContent).toBe('Örnek: 1250,50')
    await user.type(amount, '1.234')
    expect(description()?.textContent).toBe(
      '“1.234” belirsiz: binlik mi, kuruş mu? Binlik için 1234 yazınız; kuruş en fazla 2 hanedir.',
    )
    await user.type(amount, ',56')
    expect(description()?.textContent).toBe('Ödenecek tutar: 1.234,56 ₺')
    // The payment link's modal has the very same hint.
    await user.click(screen.getByRole('button', { name: 'Ödeme Bağlantısı' }))
    const dialog = await screen.findByRole('dialog', { name: 'Ödeme Bağlantısı' })
    expect(dialog.textContent).toContain('Örnek: 1250,50')
  })
})
