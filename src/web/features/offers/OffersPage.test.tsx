// @vitest-environment jsdom
import { notifications } from '@mantine/notifications'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { Route, Routes, useLocation } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Bootstrap } from '../../../contracts/bootstrap'
import { cartSchema } from '../../../contracts/cart'
import { okSchema } from '../../../contracts/common'
import {
  type OfferList,
  offerEditResultSchema,
  offerListSchema,
  offerSchema,
} from '../../../contracts/offers'
import { addErrorsOf } from '../../lib/add-errors'
import { emptyCart } from '../../test/cart-fixtures'
import { dealerBootstrap, guestBootstrap } from '../../test/fixtures'
import { LocationProbe } from '../../test/LocationProbe'
import { apiError, apiJson, readBody, recordRequests } from '../../test/network'
import { offer, offerList } from '../../test/offer-fixtures'
import { mockPhoneWidth } from '../../test/phone'
import { renderWithProviders } from '../../test/render'
import { server } from '../../test/server'
import { OffersPage } from './OffersPage'

interface Call {
  path: string
  method: string
  json: unknown
}

type Answer = (call: Call) => Response | Promise<Response>

const texts = {
  cancelFailed: 'Sipariş iptal edilemedi. Lütfen bizimle iletişime geçiniz.',
  mailSent: 'Teklif mailiniz gönderilmiştir.',
  mailFailed: 'Mailiniz gönderilemedi. Lütfen bizimle iletişime geçiniz.',
  profitFailed: 'Kar marjınız kaydedilemedi lütfen tekrar deneyin.',
  customerFailed: 'Müşteri kaydedilemedi liütfen tekrar deneyin.',
}

const NO = 'T2026-000042'
const ok = () => apiJson(okSchema, { ok: true })
const failure = (status: number, type = '', fields?: Record<string, string>) =>
  apiError(status, 'x', type, fields)

/**
 * GET /api/catalog/offers answers `lists(page)` (read at every call, so a test can change what the next
 * fetch sees); every PATCH is recorded and answered by `answer`.
 */
function serve(lists: (page: number) => OfferList = () => offerList(), answer: Answer = ok) {
  const calls: Call[] = []
  server.use(
    http.get('/api/catalog/offers', ({ request }) =>
      apiJson(offerListSchema, lists(Number(new URL(request.url).searchParams.get('page') ?? '1'))),
    ),
    http.patch('/api/catalog/offer/*', async ({ request }) => {
      const call = {
        path: new URL(request.url).pathname,
        method: request.method,
        json: await readBody(request),
      }
      calls.push(call)
      return answer(call)
    }),
    http.get('/api/catalog/cart', () => apiJson(cartSchema, emptyCart())),
  )
  const requests = recordRequests()
  const listPages = () =>
    requests
      .filter((r) => r.url.pathname === '/api/catalog/offers')
      .map((r) => r.url.searchParams.get('page'))
  return { calls, listPages }
}

/** Stands in for the cart page: the add errors the navigation handed it. */
function CartStateProbe() {
  return <output data-testid="cart-state">{JSON.stringify(addErrorsOf(useLocation().state))}</output>
}

function renderOffers(route = '/teklif/liste', bootstrap: Bootstrap = dealerBootstrap()) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/teklif/liste" element={<OffersPage />} />
        <Route path="/en/teklif/liste" element={<OffersPage />} />
        <Route path="/sepet" element={<CartStateProbe />} />
        <Route path="/en/sepet" element={<CartStateProbe />} />
        <Route path="*" element={null} />
      </Routes>
      <LocationProbe />
    </>,
    { bootstrap, route },
  )
}

const rows = () => screen.getAllByTestId('offer-row')
const row = (orderNo = NO) => rows().find((r) => r.textContent?.includes(orderNo))!
const button = (name: string, orderNo = NO) => within(row(orderNo)).getByRole('button', { name })
const totals = () =>
  ['offer-subtotal', 'offer-tax', 'offer-total'].map((id) => screen.getByTestId(id).textContent)
const lineTexts = (testId: string) => screen.getAllByTestId(testId).map((el) => el.textContent)
const percent = (name: string) => screen.getByRole('textbox', { name: `${name} için kâr / iskonto %` })
const location = () => screen.getByTestId('location').textContent

async function openDetails(orderNo = NO) {
  await screen.findByTestId('offers-table')
  fireEvent.click(button(`${orderNo} numaralı teklifin detayını göster`, orderNo))
  return screen.findByTestId('offer-details')
}

afterEach(() => {
  act(() => notifications.clean())
  vi.restoreAllMocks()
})

describe('The offer list', () => {
  it('shows a skeleton, then one row per offer with its total', async () => {
    const { listPages } = serve(() =>
      offerList([
        offer(),
        offer({
          id: 41,
          orderNo: 'T2026-000041',
          customerName: 'Veli Kaya',
          customerCompanyName: 'Kaya İnşaat',
          total: { value: 1234.5, currency: 'TRY' },
        }),
      ]),
    )
    renderOffers()
    expect(screen.getByRole('status', { name: 'Teklifler yükleniyor' })).toBeTruthy()
    const table = await screen.findByTestId('offers-table')
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Teklif No', 'Tarih', 'Müşteri', 'Toplam', 'İşlemler'])
    expect(rows()).toHaveLength(2)
    const first = within(row())
    expect(first.getByTestId('offer-date').textContent).toMatch(/^14\.03\.2026 \d\d:\d\d$/)
    expect(first.getByTestId('offer-row-total').textContent).toBe('423,32 ₺')
    expect(first.getByRole('button', { name: 'Müşteri Ekle' })).toBeTruthy()
    expect(first.queryByRole('button', { name: `${NO} numaralı teklifin oranlarını kaydet` })).toBeNull()
    const second = within(row('T2026-000041'))
    expect(second.getByTestId('offer-customer').textContent).toBe('Kaya İnşaat')
    expect(second.getByRole('button', { name: 'Müşteri Güncelle' })).toBeTruthy()
    expect(second.getByTestId('offer-row-total').textContent).toBe('1.234,50 ₺')
    expect(listPages()).toEqual(['1'])
    expect(document.title).toBe('Tekliflerim | Demo Toptan')
  })

  it('says so when there are no offers yet', async () => {
    serve(() => offerList([]))
    renderOffers()
    expect((await screen.findByTestId('offers-empty')).textContent).toContain('Henüz teklifiniz yok.')
  })

  it('says so in English too', async () => {
    serve(() => offerList([]))
    renderOffers('/en/teklif/liste', dealerBootstrap({ locale: 'en' }))
    expect((await screen.findByTestId('offers-empty')).textContent).toContain('You have no offers yet.')
  })

  it('sends a guest to the login page', async () => {
    const { listPages } = serve()
    renderOffers('/teklif/liste', guestBootstrap())
    await waitFor(() => expect(location()).toBe('/account/login?next=%2Fteklif%2Fliste'))
    expect(listPages()).toEqual([])
  })

  it('keeps the page in the address and fetches the page asked for', async () => {
    const { listPages } = serve((page) =>
      offerList([offer({ orderNo: `T2026-00000${page}` })], { page, pages: 3 }),
    )
    renderOffers('/teklif/liste?page=2')
    await screen.findByTestId('offers-table')
    expect(row('T2026-000002')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Sayfa 3' }))
    await waitFor(() => expect(location()).toBe('/teklif/liste?page=3'))
    await waitFor(() => expect(row('T2026-000003')).toBeTruthy())
    expect(listPages()).toEqual(['2', '3'])
  })
})

describe('Offer details and percents', () => {
  it('Detay opens and closes the lines and shows Kaydet while open', async () => {
    serve()
    renderOffers()
    const details = await openDetails()
    expect(
      within(details)
        .getAllByRole('columnheader')
        .map((th) => th.textContent?.trim()),
    ).toEqual([
      'Görsel',
      'Ürün Kodu',
      'Ürün Adı',
      'Miktar',
      'Birim Fiyat',
      'Kâr (+) / İskonto (−) %',
      'Tutar',
    ])
    expect(lineTexts('item-unit-price')).toEqual(['100,00 ₺', '55,55 ₺'])
    expect(lineTexts('item-amount')).toEqual(['200,00 ₺', '166,65 ₺'])
    expect(percent('Fren Balatası')).toHaveProperty('value', '0')
    expect(percent('Vida')).toHaveProperty('value', '10')
    expect(totals()).toEqual(['366,65 ₺', '56,67 ₺', '423,32 ₺'])
    const save = button(`${NO} numaralı teklifin oranlarını kaydet`)
    expect(save.textContent).toBe('Kaydet')
    // Off until a percent changed, yet focusable: after a save it must not drop the focus.
    expect(save.getAttribute('aria-disabled')).toBe('true')

    const toggle = button(`${NO} numaralı teklifin detayını gizle`)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    fireEvent.click(toggle)
    expect(screen.queryByTestId('offer-details')).toBeNull()
    expect(within(row()).queryByText('Kaydet')).toBeNull()
    expect(button(`${NO} numaralı teklifin detayını göster`).getAttribute('aria-expanded')).toBe('false')
  })

  it('recomputes the lines and totals as percents are typed, and Kaydet sends the changed lines', async () => {
    let saved = false
    const { calls, listPages } = serve(() =>
      offerList([saved ? offer({ total: { value: 428.33, currency: 'TRY' } }) : offer()]),
    )
    renderOffers()
    await openDetails()

    fireEvent.change(percent('Fren Balatası'), { target: { value: '12,5' } })
    // 100 × 1.125 = 112.50 × 2 = 225; KDV 45 + 16.665 = 61.665 → 61.67
    expect(lineTexts('item-unit-price')).toEqual(['112,50 ₺', '55,55 ₺'])
    expect(lineTexts('item-amount')).toEqual(['225,00 ₺', '166,65 ₺'])
    expect(totals()).toEqual(['391,65 ₺', '61,67 ₺', '453,32 ₺'])

    fireEvent.change(percent('Vida'), { target: { value: '-5' } })
    // 50.50 × 0.95 = 47.975 → 47.98 × 3 = 143.94; KDV 45 + 14.394 = 59.394 → 59.39
    expect(lineTexts('item-unit-price')).toEqual(['112,50 ₺', '47,98 ₺'])
    expect(totals()).toEqual(['368,94 ₺', '59,39 ₺', '428,33 ₺'])
    expect(screen.getByTestId('offer-unsaved').textContent).toContain('Kaydedilmemiş değişiklikler')
    // The row keeps the saved total until the percents are saved.
    expect(within(row()).getByTestId('offer-row-total').textContent).toBe('423,32 ₺')

    saved = true
    fireEvent.click(button(`${NO} numaralı teklifin oranlarını kaydet`))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]).toEqual({
      path: '/api/catalog/offer/update/profit',
      method: 'PATCH',
      json: { [NO]: { '11': 12.5, '12': -5 } },
    })
    await waitFor(() => expect(within(row()).getByTestId('offer-row-total').textContent).toBe('428,33 ₺'))
    expect(listPages()).toEqual(['1', '1'])
    expect(await screen.findByText('Kar marjınız kaydedildi.')).toBeTruthy()
  })

  it('the header percent sets every line of the offer at once', async () => {
    const { calls } = serve()
    renderOffers()
    await openDetails()
    fireEvent.change(
      screen.getByRole('textbox', { name: `${NO} numaralı teklifin tüm satırları için kâr / iskonto %` }),
      {
        target: { value: '20' },
      },
    )
    expect(percent('Fren Balatası')).toHaveProperty('value', '20')
    expect(percent('Vida')).toHaveProperty('value', '20')
    // 120 × 2 = 240; 50.50 × 1.2 = 60.60 × 3 = 181.80; KDV 48 + 18.18 = 66.18
    expect(lineTexts('item-unit-price')).toEqual(['120,00 ₺', '60,60 ₺'])
    expect(totals()).toEqual(['421,80 ₺', '66,18 ₺', '487,98 ₺'])

    fireEvent.click(button(`${NO} numaralı teklifin oranlarını kaydet`))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]!.json).toEqual({ [NO]: { '11': 20, '12': 20 } })
  })

  it('sends only the lines that differ from their saved percent', async () => {
    const { calls } = serve()
    renderOffers()
    await openDetails()
    fireEvent.change(
      screen.getByRole('textbox', { name: `${NO} numaralı teklifin tüm satırları için kâr / iskonto %` }),
      {
        target: { value: '10' },
      },
    )
    // Vida already had 10 %: 110 × 2 = 220; KDV 44 + 16.665 = 60.665 → 60.67
    expect(totals()).toEqual(['386,65 ₺', '60,67 ₺', '447,32 ₺'])
    fireEvent.click(button(`${NO} numaralı teklifin oranlarını kaydet`))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]!.json).toEqual({ [NO]: { '11': 10 } })
  })

  it('keeps what was typed and says so when the percents cannot be saved', async () => {
    serve(undefined, () => failure(409, 'Bu teklif iptal edilmiş.'))
    renderOffers()
    await openDetails()
    fireEvent.change(percent('Fren Balatası'), { target: { value: '5' } })
    fireEvent.click(button(`${NO} numaralı teklifin oranlarını kaydet`))
    expect(await screen.findByText(texts.profitFailed)).toBeTruthy()
    expect(percent('Fren Balatası')).toHaveProperty('value', '5')
    expect(totals()[0]).toBe('376,65 ₺')
  })
})

describe('Offer row actions', () => {
  it('İptal asks first, then the row shows the İptal Edildi badge instead', async () => {
    const { calls } = serve(undefined, () => apiJson(offerSchema, offer({ isCancel: true })))
    renderOffers()
    await openDetails()
    fireEvent.click(button(`İptal: ${NO} numaralı teklif`))
    const dialog = await screen.findByRole('dialog', { name: 'Teklifi iptal et' })
    expect(dialog.textContent).toContain(`${NO} numaralı teklif iptal edilecek`)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Evet, iptal et' }))

    await waitFor(() => expect(within(row()).getByTestId('offer-cancelled').textContent).toBe('İptal Edildi'))
    expect(calls).toEqual([{ path: '/api/catalog/offer/42', method: 'PATCH', json: { cancel: true } }])
    expect(within(row()).queryByRole('button', { name: `İptal: ${NO} numaralı teklif` })).toBeNull()
    expect(within(row()).queryByText('Kaydet')).toBeNull()
    expect(percent('Fren Balatası')).toHaveProperty('readOnly', true)
    expect(screen.queryByRole('textbox', { name: /tüm satırları/ })).toBeNull()
  })

  it('keeping the offer in the confirmation sends nothing', async () => {
    const { calls } = serve()
    renderOffers()
    await screen.findByTestId('offers-table')
    fireEvent.click(button(`İptal: ${NO} numaralı teklif`))
    const dialog = await screen.findByRole('dialog', { name: 'Teklifi iptal et' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Vazgeç' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls).toEqual([])
  })

  it('a failed cancel shows the spec text and keeps the button', async () => {
    serve(undefined, () => failure(409, 'Bu teklif iptal edilemez.'))
    renderOffers()
    await screen.findByTestId('offers-table')
    fireEvent.click(button(`İptal: ${NO} numaralı teklif`))
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Evet, iptal et' }))
    expect(await screen.findByText(texts.cancelFailed)).toBeTruthy()
    expect(button(`İptal: ${NO} numaralı teklif`)).toBeTruthy()
    expect(within(row()).queryByTestId('offer-cancelled')).toBeNull()
  })

  it('shows a cancelled offer with its badge, read-only percents and no Kaydet', async () => {
    serve(() => offerList([offer({ isCancel: true, customerName: 'Veli Kaya' })]))
    renderOffers()
    await openDetails()
    expect(within(row()).getByTestId('offer-cancelled').textContent).toBe('İptal Edildi')
    expect(within(row()).queryByText('Kaydet')).toBeNull()
    expect(within(row()).queryByRole('button', { name: 'Müşteri Güncelle' })).toBeNull()
    expect(percent('Vida')).toHaveProperty('readOnly', true)
    expect(button(`E-posta Gönder: ${NO} numaralı teklif`).getAttribute('aria-disabled')).toBe('true')
  })

  it('mails the offer and says so', async () => {
    const { calls } = serve(() =>
      offerList([offer({ customerName: 'Veli', customerEmail: 'veli@kaya.test' })]),
    )
    renderOffers()
    await screen.findByTestId('offers-table')
    fireEvent.click(button(`E-posta Gönder: ${NO} numaralı teklif`))
    expect(await screen.findByText(texts.mailSent)).toBeTruthy()
    expect(calls).toEqual([{ path: '/api/catalog/offer/mail/42', method: 'PATCH', json: undefined }])
  })

  it('says so when the mail could not be sent', async () => {
    serve(
      () => offerList([offer({ customerName: 'Veli', customerEmail: 'veli@kaya.test' })]),
      () => failure(502),
    )
    renderOffers()
    await screen.findByTestId('offers-table')
    fireEvent.click(button(`E-posta Gönder: ${NO} numaralı teklif`))
    expect(await screen.findByText(texts.mailFailed)).toBeTruthy()
    expect(screen.queryByText(texts.mailSent)).toBeNull()
  })

  it('does not mail an offer whose customer has no e-mail address', async () => {
    const { calls } = serve()
    renderOffers()
    await screen.findByTestId('offers-table')
    const mail = button(`E-posta Gönder: ${NO} numaralı teklif`)
    expect(mail.getAttribute('aria-disabled')).toBe('true')
    fireEvent.click(mail)
    fireEvent.mouseEnter(mail)
    expect(await screen.findByText('Göndermek için önce müşteriye bir e-posta adresi ekleyin.')).toBeTruthy()
    expect(calls).toEqual([])
  })

  it('Düzenle tells which lines the cart refused, then goes to the cart', async () => {
    const { calls } = serve(undefined, () =>
      apiJson(offerEditResultSchema, {
        ok: true,
        added: 1,
        refused: [
          {
            product: { id: 9, code: 'V-9', name: 'Vida' },
            messages: { type: 'Bu üründen 3 adet bulunmamaktadır!' },
          },
        ],
      }),
    )
    renderOffers()
    await screen.findByTestId('offers-table')
    fireEvent.click(button(`${NO} numaralı teklifi sepete alıp düzenle`))
    await waitFor(() => expect(location()).toBe('/sepet'))
    expect(calls).toEqual([{ path: '/api/catalog/offer/edit/42', method: 'PATCH', json: undefined }])
    const alert = await screen.findByRole('dialog', { name: 'Bazı ürünler sepete eklenemedi' })
    expect(within(alert).getByTestId('offer-alert').textContent).toBe(
      'Vida (V-9): Bu üründen 3 adet bulunmamaktadır!',
    )
    // The cart is told too, to mark the product with its add error (spec/2 §8).
    expect(JSON.parse(screen.getByTestId('cart-state').textContent!)).toEqual([
      { productId: 9, code: 'V-9', name: 'Vida', message: 'Bu üründen 3 adet bulunmamaktadır!' },
    ])
  })

  it('Düzenle goes to the English cart without an alert when every line went in', async () => {
    serve(undefined, () => apiJson(offerEditResultSchema, { ok: true, added: 2, refused: [] }))
    renderOffers('/en/teklif/liste', dealerBootstrap({ locale: 'en' }))
    await screen.findByTestId('offers-table')
    fireEvent.click(within(row()).getByRole('button', { name: `Put offer ${NO} into the cart to edit it` }))
    await waitFor(() => expect(location()).toBe('/en/sepet'))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByTestId('cart-state').textContent).toBe('[]')
  })

  it('Düzenle shows the server message and stays when nothing could go into the cart', async () => {
    serve(undefined, () => failure(409, 'Vida artık satılmıyor.'))
    renderOffers()
    await screen.findByTestId('offers-table')
    fireEvent.click(button(`${NO} numaralı teklifi sepete alıp düzenle`))
    expect((await screen.findByTestId('offer-alert')).textContent).toBe('Vida artık satılmıyor.')
    expect(location()).toBe('/teklif/liste')
  })
})

describe('The customer of an offer', () => {
  it('Müşteri Ekle opens an empty form and saves it', async () => {
    let saved = false
    const { calls } = serve(() =>
      offerList([saved ? offer({ customerName: 'Veli Kaya', customerCompanyName: 'Kaya İnşaat' }) : offer()]),
    )
    renderOffers()
    await screen.findByTestId('offers-table')
    fireEvent.click(button('Müşteri Ekle'))
    const dialog = await screen.findByRole('dialog', { name: 'Müşteri Ekle' })
    const field = (name: string) => within(dialog).getByLabelText(name) as HTMLInputElement
    expect(field('E-posta').type).toBe('email')
    expect(field('Telefon').type).toBe('tel')
    expect(field('Ad Soyad').required).toBe(false)
    fireEvent.change(field('Ad Soyad'), { target: { value: 'Veli Kaya' } })
    fireEvent.change(field('Firma Adı'), { target: { value: 'Kaya İnşaat' } })
    fireEvent.change(field('E-posta'), { target: { value: 'veli@kaya.test' } })
    fireEvent.change(field('Telefon'), { target: { value: '+90 532 111 22 33' } })
    saved = true
    fireEvent.click(within(dialog).getByRole('button', { name: 'Müşteri Ekle' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls).toEqual([
      {
        path: '/api/catalog/offer/update/customer',
        method: 'PATCH',
        json: {
          [NO]: {
            customerName: 'Veli Kaya',
            customerCompanyName: 'Kaya İnşaat',
            customerEmail: 'veli@kaya.test',
            customerPhone: '+90 532 111 22 33',
          },
        },
      },
    ])
    expect(within(row()).getByTestId('offer-customer').textContent).toBe('Kaya İnşaat')
    expect(button('Müşteri Güncelle')).toBeTruthy()
  })

  it('Müşteri Güncelle starts from the saved customer and sends every field', async () => {
    const { calls } = serve(() =>
      offerList([
        offer({
          customerName: 'Veli Kaya',
          customerCompanyName: null,
          customerEmail: 'veli@kaya.test',
          customerPhone: null,
        }),
      ]),
    )
    renderOffers()
    await screen.findByTestId('offers-table')
    expect(within(row()).getByTestId('offer-customer').textContent).toBe('Veli Kaya')
    fireEvent.click(button('Müşteri Güncelle'))
    const dialog = await screen.findByRole('dialog', { name: 'Müşteri Güncelle' })
    expect((within(dialog).getByLabelText('Ad Soyad') as HTMLInputElement).value).toBe('Veli Kaya')
    fireEvent.change(within(dialog).getByLabelText('Telefon'), { target: { value: '0532 000 00 00' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Müşteri Güncelle' }))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]!.json).toEqual({
      [NO]: {
        customerName: 'Veli Kaya',
        customerCompanyName: '',
        customerEmail: 'veli@kaya.test',
        customerPhone: '0532 000 00 00',
      },
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('a refused save keeps the form open with what was typed and the field message', async () => {
    serve(undefined, () =>
      failure(400, 'Gönderilen bilgiler geçerli değil.', {
        [`${NO}.customerEmail`]: 'Geçerli bir e-posta adresi giriniz.',
      }),
    )
    renderOffers()
    await screen.findByTestId('offers-table')
    fireEvent.click(button('Müşteri Ekle'))
    const dialog = await screen.findByRole('dialog', { name: 'Müşteri Ekle' })
    fireEvent.change(within(dialog).getByLabelText('Ad Soyad'), { target: { value: 'Veli' } })
    fireEvent.change(within(dialog).getByLabelText('E-posta'), { target: { value: 'veli@kaya' } })
    fireEvent.submit(within(dialog).getByLabelText('Ad Soyad').closest('form')!)

    expect((await within(dialog).findByTestId('customer-error')).textContent).toBe(texts.customerFailed)
    expect(within(dialog).getByText('Geçerli bir e-posta adresi giriniz.')).toBeTruthy()
    expect(within(dialog).getByLabelText('E-posta').getAttribute('aria-invalid')).toBe('true')
    expect((within(dialog).getByLabelText('Ad Soyad') as HTMLInputElement).value).toBe('Veli')
    expect((within(dialog).getByLabelText('E-posta') as HTMLInputElement).value).toBe('veli@kaya')
  })
})

describe('Printing an offer', () => {
  function fakeWindow() {
    let html = ''
    const popup = {
      closed: false,
      focus: vi.fn(),
      print: vi.fn(),
      addEventListener: vi.fn(),
      document: {
        readyState: 'complete',
        open: vi.fn(),
        write: vi.fn((chunk: string) => {
          html += chunk
        }),
        close: vi.fn(),
      },
    }
    return { popup, html: () => html }
  }

  it('opens an 800x600 window with the quote form and prints it', async () => {
    serve(() => offerList([offer({ customerName: 'Veli', customerCompanyName: 'Kaya İnşaat' })]))
    const { popup, html } = fakeWindow()
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window)
    renderOffers()
    await screen.findByTestId('offers-table')
    fireEvent.click(button(`${NO} numaralı teklifi yazdır`))

    expect(open).toHaveBeenCalledWith('', `teklif-${NO}`, 'width=800,height=600')
    expect(html()).toContain('<h1>TEKLİF FORMU</h1>')
    expect(html()).toContain('Sayın Kaya İnşaat,')
    expect(html()).toContain('423,32 ₺')
    expect(html()).toContain(`src="${window.location.origin}/images/logo.svg"`)
    expect(popup.document.close).toHaveBeenCalled()
    expect(popup.focus).toHaveBeenCalled()
    expect(popup.print).toHaveBeenCalledTimes(1)
  })

  it('prints once the window has loaded when it is still loading', async () => {
    serve()
    const { popup } = fakeWindow()
    popup.document.readyState = 'loading'
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window)
    renderOffers()
    await screen.findByTestId('offers-table')
    fireEvent.click(button(`${NO} numaralı teklifi yazdır`))
    expect(popup.print).not.toHaveBeenCalled()
    const [event, onLoad] = popup.addEventListener.mock.calls[0]!
    expect(event).toBe('load')
    ;(onLoad as () => void)()
    expect(popup.print).toHaveBeenCalledTimes(1)
  })

  it('says what to do when the browser blocks the window', async () => {
    serve()
    vi.spyOn(window, 'open').mockReturnValue(null)
    renderOffers()
    await screen.findByTestId('offers-table')
    fireEvent.click(button(`${NO} numaralı teklifi yazdır`))
    expect(await screen.findByText(/Yazdırma penceresi açılamadı/)).toBeTruthy()
  })
})

describe('The offer list on a phone', () => {
  it('shows each offer as a card with its labelled number, date, total, customer and every action', async () => {
    mockPhoneWidth()
    serve(() =>
      offerList([
        offer(),
        offer({ id: 41, orderNo: 'T2026-000041', isCancel: true, customerName: 'Veli Kaya' }),
      ]),
    )
    renderOffers()
    await screen.findByTestId('offers-cards')
    expect(screen.queryByTestId('offers-table')).toBeNull()
    expect(rows()).toHaveLength(2)
    expect(rows()[0]!.tagName).toBe('LI')
    const card = within(row())
    for (const label of ['Teklif No', 'Tarih', 'Toplam', 'Müşteri'])
      expect(card.getByText(label)).toBeTruthy()
    expect(card.getByTestId('offer-no').textContent).toBe(NO)
    expect(card.getByTestId('offer-date').textContent).toMatch(/^14\.03\.2026 \d\d:\d\d$/)
    expect(card.getByTestId('offer-row-total').textContent).toBe('423,32 ₺')
    expect(card.getByRole('button', { name: 'Müşteri Ekle' }).textContent).toBe('Müşteri Ekle')
    expect(
      within(card.getByRole('group', { name: 'İşlemler' }))
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([
      `İptal: ${NO} numaralı teklif`,
      `${NO} numaralı teklifi sepete alıp düzenle`,
      `${NO} numaralı teklifin detayını göster`,
      `${NO} numaralı teklifi yazdır`,
      `E-posta Gönder: ${NO} numaralı teklif`,
    ])
    expect(button(`E-posta Gönder: ${NO} numaralı teklif`).textContent).toBe('E-posta Gönder')
    const cancelled = within(row('T2026-000041'))
    expect(cancelled.getByTestId('offer-cancelled').textContent).toBe('İptal Edildi')
    expect(cancelled.queryByRole('button', { name: /^İptal: / })).toBeNull()
    expect(cancelled.getByTestId('offer-customer').textContent).toBe('Veli Kaya')
  })

  it('opens the lines as blocks whose percent inputs and header input change the totals, and Kaydet saves', async () => {
    let saved = false
    const { calls } = serve(() =>
      offerList([saved ? offer({ total: { value: 453.32, currency: 'TRY' } }) : offer()]),
    )
    mockPhoneWidth()
    renderOffers()
    await screen.findByTestId('offers-cards')
    const toggle = button(`${NO} numaralı teklifin detayını göster`)
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(toggle)
    const details = within(row()).getByTestId('offer-details')
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(toggle.getAttribute('aria-controls')).toBe(details.id)
    expect(within(details).queryByRole('table')).toBeNull()
    const list = within(details).getByRole('list', { name: `${NO} numaralı teklifin ürünleri` })
    expect(within(list).getAllByTestId('offer-item')).toHaveLength(2)
    expect(lineTexts('item-unit-price')).toEqual(['100,00 ₺', '55,55 ₺'])
    expect(lineTexts('item-amount')).toEqual(['200,00 ₺', '166,65 ₺'])
    expect(totals()).toEqual(['366,65 ₺', '56,67 ₺', '423,32 ₺'])
    const save = button(`${NO} numaralı teklifin oranlarını kaydet`)
    expect(save.textContent).toBe('Kaydet')
    // Off until a percent changed, yet focusable: after a save it must not drop the focus.
    expect(save.getAttribute('aria-disabled')).toBe('true')
    // Kaydet sits under the totals, inside the details.
    expect(details.contains(save)).toBe(true)

    fireEvent.change(
      screen.getByRole('textbox', { name: `${NO} numaralı teklifin tüm satırları için kâr / iskonto %` }),
      { target: { value: '20' } },
    )
    expect(percent('Fren Balatası')).toHaveProperty('value', '20')
    expect(percent('Vida')).toHaveProperty('value', '20')
    expect(totals()).toEqual(['421,80 ₺', '66,18 ₺', '487,98 ₺'])

    fireEvent.change(percent('Vida'), { target: { value: '10' } })
    fireEvent.change(percent('Fren Balatası'), { target: { value: '12,5' } })
    expect(lineTexts('item-unit-price')).toEqual(['112,50 ₺', '55,55 ₺'])
    expect(lineTexts('item-amount')).toEqual(['225,00 ₺', '166,65 ₺'])
    expect(totals()).toEqual(['391,65 ₺', '61,67 ₺', '453,32 ₺'])
    expect(screen.getByTestId('offer-unsaved').textContent).toContain('Kaydedilmemiş değişiklikler')

    saved = true
    fireEvent.click(button(`${NO} numaralı teklifin oranlarını kaydet`))
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]).toEqual({
      path: '/api/catalog/offer/update/profit',
      method: 'PATCH',
      json: { [NO]: { '11': 12.5 } },
    })
    await waitFor(() => expect(within(row()).getByTestId('offer-row-total').textContent).toBe('453,32 ₺'))
    expect(await screen.findByText('Kar marjınız kaydedildi.')).toBeTruthy()
  })

  it('a cancelled offer shows read-only percents and no Kaydet; İptal on a card asks and cancels', async () => {
    const { calls } = serve(undefined, () => apiJson(offerSchema, offer({ isCancel: true })))
    mockPhoneWidth()
    renderOffers()
    await screen.findByTestId('offers-cards')
    fireEvent.click(button(`İptal: ${NO} numaralı teklif`))
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Evet, iptal et' }))
    await waitFor(() => expect(within(row()).getByTestId('offer-cancelled').textContent).toBe('İptal Edildi'))
    expect(calls).toEqual([{ path: '/api/catalog/offer/42', method: 'PATCH', json: { cancel: true } }])
    fireEvent.click(button(`${NO} numaralı teklifin detayını göster`))
    expect(percent('Vida')).toHaveProperty('readOnly', true)
    expect(screen.queryByRole('textbox', { name: /tüm satırları/ })).toBeNull()
    expect(within(row()).queryByText('Kaydet')).toBeNull()
  })
})
