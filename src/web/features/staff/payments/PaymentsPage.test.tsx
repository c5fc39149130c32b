// @vitest-environment jsdom

import { notifications } from '@mantine/notifications'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  type StaffPayment,
  type StaffPaymentDetail,
  type StaffPaymentsSummary,
  staffPaymentDetailSchema,
  staffPaymentListSchema,
  staffPaymentsSummarySchema,
} from '../../../../contracts/payments-staff'
import { downloadThroughMenu } from '../../../test/export-download'
import { dealer, dealerBootstrap } from '../../../test/fixtures'
import { LocationProbe } from '../../../test/LocationProbe'
import { apiError, apiJson, holdRequests, recordRequests } from '../../../test/network'
import { staffPayment, staffPaymentDetail, staffPaymentsSummary } from '../../../test/payment-fixtures'
import { mockPhoneWidth } from '../../../test/phone'
import { renderWithProviders } from '../../../test/render'
import { server } from '../../../test/server'
import { PaymentsPage } from './PaymentsPage'

const admin = (locale: 'tr' | 'en' = 'tr') =>
  dealerBootstrap({ locale, user: { ...dealer, role: 'admin', staffRole: 'owner', customer: null } })

afterEach(() => {
  act(() => notifications.clean())
  vi.restoreAllMocks()
})

const ATTENTION_ID = 'c'.repeat(32)
const PAID_ID = 'd'.repeat(32)

const paid = staffPayment({
  id: PAID_ID,
  status: 'succeeded',
  paymentType: 'order',
  order: { id: 8, no: 'S2026-000008' },
  gatewayRef: 'sbx-0000aaaa1111bbbb',
  attentionReason: null,
  amount: 1000,
  totalAmount: 1030.5,
  createdAt: '2026-03-18T08:00:00.000Z',
})

/** What the fake server holds; a test changes it to answer as the server would after a decision. */
interface State {
  items: StaffPayment[]
  summary: StaffPaymentsSummary
  detail: StaffPaymentDetail
}

function serve(state: Partial<State> = {}) {
  const s: State = {
    items: [staffPayment(), paid],
    summary: staffPaymentsSummary({
      needsAttention: 1,
      processing: 2,
      refusals: [
        { rule: 'ip', count: 14 },
        { rule: 'link_paused', count: 1 },
      ],
    }),
    detail: staffPaymentDetail(),
    ...state,
  }
  server.use(
    http.get('/yonetim/payments/summary', () => apiJson(staffPaymentsSummarySchema, s.summary)),
    http.get('/yonetim/payments/:id', ({ params }) =>
      params.id === s.detail.id ? apiJson(staffPaymentDetailSchema, s.detail) : apiError(404, 'not_found'),
    ),
    http.get('/yonetim/payments', ({ request }) => {
      const status = new URL(request.url).searchParams.get('status')
      const items = status ? s.items.filter((p) => p.status === status) : s.items
      return apiJson(staffPaymentListSchema, { items, total: items.length, page: 1, pages: 1, limit: 50 })
    }),
  )
  return s
}

function renderScreen(locale: 'tr' | 'en' = 'tr', route = '/yonetim/odemeler') {
  return renderWithProviders(
    <>
      <PaymentsPage />
      <LocationProbe />
    </>,
    { bootstrap: admin(locale), route },
  )
}

const user = () => userEvent.setup({ delay: null })
const location = () => screen.getByTestId('location').textContent
const rowOf = async (id: string) => {
  await screen.findAllByTestId('payment-row')
  const button = document.querySelector<HTMLElement>(`[data-payment-opener="${id}"]`)!
  return { row: button.closest<HTMLElement>('[data-testid="payment-row"]')!, button }
}

/** Opens the payment's drawer from its row's button and waits for the payment in it. */
async function openDetail(u: ReturnType<typeof user>, id = ATTENTION_ID, title = 'Ödeme ayrıntıları') {
  const { button } = await rowOf(id)
  await u.click(button)
  const drawer = await screen.findByRole('dialog', { name: title })
  await within(drawer).findByTestId('payment-detail')
  return { drawer, button }
}

describe('the payments summary', { timeout: 30_000 }, () => {
  it('says what needs attention, what is under way and the refused starts by rule, and lists those needing attention', async () => {
    serve()
    const requests = recordRequests()
    renderScreen()
    const attention = await screen.findByTestId('summary-needs-attention')
    expect(attention.textContent).toContain('1 ödeme inceleme bekliyor')
    expect(screen.getByTestId('summary-processing').textContent).toContain('2 ödeme işleniyor')
    const refusals = within(screen.getByTestId('summary-refusals')).getAllByRole('listitem')
    expect(refusals.map((r) => r.textContent)).toEqual([
      "Aynı IP'den çok fazla deneme14",
      'Art arda başarısız ödemeler sonrası duraklatılan ödeme linki1',
    ])

    await user().click(within(attention).getByRole('button', { name: 'İnceleme bekleyenleri göster' }))
    expect(location()).toBe('/yonetim/odemeler?status=needs_attention')
    await waitFor(() =>
      expect(requests.map((r) => r.path)).toContain('/yonetim/payments?status=needs_attention&page=1'),
    )
    expect((screen.getByRole('combobox', { name: 'Durum' }) as HTMLSelectElement).value).toBe(
      'needs_attention',
    )
    await waitFor(() => expect(screen.getAllByTestId('payment-row')).toHaveLength(1))
    // Already filtered: the button has nothing more to do.
    expect(within(attention).queryByRole('button')).toBeNull()
  })

  it('says so in one line when there is nothing to look at', async () => {
    serve({ summary: staffPaymentsSummary() })
    renderScreen()
    expect((await screen.findByTestId('payments-summary-empty')).textContent).toBe(
      'Her şey yolunda: inceleme bekleyen ya da işlenen ödeme yok, son 24 saatte reddedilen ödeme denemesi de yok.',
    )
    expect(screen.queryByTestId('summary-needs-attention')).toBeNull()
  })

  it('speaks English, every refusal rule named', async () => {
    serve({
      summary: staffPaymentsSummary({
        needsAttention: 2,
        refusals: [
          { rule: 'ip', count: 1 },
          { rule: 'bin', count: 2 },
          { rule: 'link', count: 3 },
          { rule: 'user', count: 4 },
          { rule: 'link_paused', count: 5 },
        ],
      }),
    })
    renderScreen('en', '/en/yonetim/odemeler')
    expect((await screen.findByTestId('summary-needs-attention')).textContent).toContain(
      '2 payments need attention',
    )
    expect(screen.getByTestId('summary-processing').textContent).toContain('No payment being processed')
    expect(
      within(screen.getByTestId('summary-refusals'))
        .getAllByRole('listitem')
        .map((r) => r.textContent),
    ).toEqual([
      'Too many attempts from one IP address1',
      'Too many attempts with one card BIN2',
      'Too many attempts on one payment link3',
      'Too many attempts by one user4',
      'Payment link paused after failed payments in a row5',
    ])
  })

  it('shows its own failure with a retry without hiding the list', async () => {
    serve()
    let fail = true
    server.use(
      http.get('/yonetim/payments/summary', () =>
        fail
          ? apiError(500, 'internal', 'Teknik bir hata oluştu.')
          : apiJson(staffPaymentsSummarySchema, staffPaymentsSummary()),
      ),
    )
    renderScreen()
    expect(await screen.findByText('Özet yüklenemedi')).toBeTruthy()
    expect(await screen.findByTestId('payments-table')).toBeTruthy()
    fail = false
    await user().click(screen.getByRole('button', { name: 'Tekrar dene' }))
    expect(await screen.findByTestId('payments-summary-empty')).toBeTruthy()
  })
})

describe('the payments list', { timeout: 30_000 }, () => {
  it('filters by every one of the nine states, kept in the address', async () => {
    serve()
    const requests = recordRequests()
    renderScreen()
    const filter = (await screen.findByRole('combobox', { name: 'Durum' })) as HTMLSelectElement
    expect([...filter.options].map((o) => [o.value, o.text])).toEqual([
      ['all', 'Tümü'],
      ['pending', '3-D Secure bekleniyor'],
      ['authorized', '3-D Secure onaylandı'],
      ['capturing', 'Tahsil ediliyor'],
      ['succeeded', 'Başarılı'],
      ['failed', 'Başarısız'],
      ['expired', 'Süresi doldu'],
      ['needs_attention', 'İnceleme bekliyor'],
      ['refunding', 'İade ediliyor'],
      ['refunded', 'İade edildi'],
    ])
    await user().selectOptions(filter, 'expired')
    expect(location()).toBe('/yonetim/odemeler?status=expired')
    await waitFor(() =>
      expect(requests.map((r) => r.path)).toContain('/yonetim/payments?status=expired&page=1'),
    )
    expect(await screen.findByText('Bu durumda ödeme yok.')).toBeTruthy()
    await user().selectOptions(filter, 'all')
    expect(location()).toBe('/yonetim/odemeler')
  })

  it('starts from the state in the address', async () => {
    serve()
    const requests = recordRequests()
    renderScreen('tr', '/yonetim/odemeler?status=refunded&page=2')
    const filter = (await screen.findByRole('combobox', { name: 'Durum' })) as HTMLSelectElement
    expect(filter.value).toBe('refunded')
    await waitFor(() =>
      expect(requests.map((r) => r.path)).toContain('/yonetim/payments?status=refunded&page=2'),
    )
  })

  it("exports the payments of the address's state", async () => {
    serve()
    renderScreen('tr', '/yonetim/odemeler?status=refunded&page=2')
    await screen.findByRole('combobox', { name: 'Durum' })
    expect(
      await downloadThroughMenu('/yonetim/payments/export', {
        fileName: 'kartli-odemeler-20260314-1230.xlsx',
      }),
    ).toEqual({ status: 'refunded', format: 'xlsx', lang: 'tr' })
  })

  it("shows a payment needing attention with its reason, and every payment's gateway reference to copy", async () => {
    serve()
    renderScreen()
    const { row } = await rowOf(ATTENTION_ID)
    expect(row.getAttribute('data-status')).toBe('needs_attention')
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent)
    expect(cells.slice(1, 8)).toEqual([
      'İnceleme bekliyorÖdeme kuruluşu 5 denemede yanıt vermedi: zaman aşımı',
      'Yıldız Yapı Market120.01.001',
      'Cari ödeme',
      '409021******0016AHMET YILMAZ',
      '1.500,00 ₺',
      '1.545,00 ₺3 taksit',
      'sbx-4f1c2a9e7b3d5a10',
    ])
    const ref = within(row).getByTestId('copyable-ref')
    expect(ref.style.fontFamily).toContain('monospace')
    expect(within(row).getByRole('button', { name: 'Kopyala: sbx-4f1c2a9e7b3d5a10' })).toBeTruthy()
    const paidRow = (await rowOf(PAID_ID)).row
    expect(within(paidRow).getAllByRole('cell')[3]?.textContent).toBe('Sipariş ödemesiS2026-000008')
  })

  it('keeps the cards on a phone, with the reason, the reference and the button to the detail', async () => {
    mockPhoneWidth()
    serve()
    renderScreen()
    const cards = await screen.findByTestId('payment-cards')
    const [attention] = within(cards).getAllByRole('listitem')
    expect(attention?.textContent).toContain('Ödeme kuruluşu 5 denemede yanıt vermedi: zaman aşımı')
    expect(attention?.textContent).toContain('Ödeme kuruluşu ref.')
    expect(attention?.textContent).toContain('sbx-4f1c2a9e7b3d5a10')
    expect(
      within(attention!).getByRole('button', { name: /^Ayrıntılar: Yıldız Yapı Market, 1\.545,00 ₺/ }),
    ).toBeTruthy()
    expect(screen.queryByTestId('payments-table')).toBeNull()
  })
})

describe("a payment's detail", { timeout: 30_000 }, () => {
  it('shows every field and the whole history: when, from → to, who, why and from where', async () => {
    serve({
      detail: staffPaymentDetail({
        status: 'refunded',
        attentionReason: null,
        refundRef: 'sbx-refund-77',
        events: [
          ...staffPaymentDetail().events,
          {
            from: 'needs_attention',
            to: 'refunding',
            actor: 'staff',
            user: 'Mehmet Kaya',
            ip: '192.0.2.44',
            reason: 'Bayi iade istedi',
            at: '2026-03-18T10:00:00.000Z',
          },
          {
            from: 'refunding',
            to: 'refunded',
            actor: 'staff',
            user: 'Mehmet Kaya',
            ip: '192.0.2.44',
            reason: 'refunded by the bank',
            at: '2026-03-18T10:00:02.000Z',
          },
        ],
      }),
    })
    const requests = recordRequests()
    const u = user()
    renderScreen()
    const { drawer } = await openDetail(u)
    expect(requests.map((r) => r.path)).toContain(`/yonetim/payments/${ATTENTION_ID}`)
    const detail = within(drawer)
    expect(detail.getByRole('heading', { level: 3 }).textContent).toBe('Yıldız Yapı Market · 1.545,00 ₺')
    expect(detail.getByText('İade edildi')).toBeTruthy()
    const terms = detail.getAllByRole('term').map((term) => term.textContent)
    const definitions = detail.getAllByRole('definition').map((d) => d.textContent)
    expect(Object.fromEntries(terms.map((term, i) => [term, definitions[i]]))).toMatchObject({
      Bayi: 'Yıldız Yapı Market (120.01.001)',
      Tür: 'Cari ödeme',
      Tutar: '1.500,00 ₺',
      'Karttan çekilen': '1.545,00 ₺',
      Taksit: '3',
      'Sipariş No': '—',
      Kart: '409021******0016 AHMET YILMAZ',
      'Ödeme kuruluşu referansı': 'sbx-4f1c2a9e7b3d5a10',
      'İade referansı': 'sbx-refund-77',
      'Ödeme no': ATTENTION_ID,
    })
    // No decision on a payment that no longer needs one.
    expect(detail.queryByRole('button', { name: 'Kaydet (tahsil edildi)' })).toBeNull()
    expect(detail.queryByRole('button', { name: 'İade et' })).toBeNull()

    const steps = detail.getAllByTestId('payment-step').map((s) => s.textContent ?? '')
    expect(steps).toHaveLength(6)
    expect(steps[0]).toContain('Başlangıç → 3-D Secure bekleniyor')
    expect(steps[0]).toContain('Yapan: Ödeme yapan')
    expect(steps[0]).toContain('IP: 203.0.113.7')
    expect(steps[1]).toContain('3-D Secure bekleniyor → 3-D Secure onaylandı')
    expect(steps[1]).toContain('Yapan: Banka')
    expect(steps[2]).not.toContain('IP:')
    expect(steps[3]).toContain('Tahsil ediliyor → İnceleme bekliyor')
    expect(steps[3]).toContain('Yapan: Otomatik kontrol')
    expect(steps[3]).toContain('Neden: Ödeme kuruluşu 5 denemede yanıt vermedi: zaman aşımı')
    expect(steps[4]).toContain('İnceleme bekliyor → İade ediliyor')
    expect(steps[4]).toContain('Yapan: Mehmet Kaya')
    expect(steps[4]).toContain('Neden: Bayi iade istedi')
    expect(steps[4]).toContain('IP: 192.0.2.44')
  })

  it('works from the keyboard: Enter opens it, Escape closes it and the focus is back on the row’s button', async () => {
    serve()
    const u = user()
    renderScreen()
    const { button } = await rowOf(ATTENTION_ID)
    button.focus()
    await u.keyboard('{Enter}')
    const drawer = await screen.findByRole('dialog', { name: 'Ödeme ayrıntıları' })
    await within(drawer).findByTestId('payment-detail')
    await waitFor(() => expect(drawer.contains(document.activeElement)).toBe(true))

    // Escape closes the confirmation first, the focus back on its button; then the drawer.
    const book = within(drawer).getByRole('button', { name: 'Kaydet (tahsil edildi)' })
    book.focus()
    await u.keyboard('{Enter}')
    await screen.findByRole('dialog', { name: 'Ödemeyi kaydet' })
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Gerekçe/ })))
    await u.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ödemeyi kaydet' })).toBeNull())
    expect(screen.getByRole('dialog', { name: 'Ödeme ayrıntıları' })).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(book))

    await u.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(button))
  })

  it('says when the payment cannot be loaded', async () => {
    serve()
    server.use(http.get('/yonetim/payments/:id', () => apiError(404, 'not_found', 'Kayıt bulunamadı.')))
    const u = user()
    renderScreen()
    const { button } = await rowOf(ATTENTION_ID)
    await u.click(button)
    const drawer = await screen.findByRole('dialog', { name: 'Ödeme ayrıntıları' })
    expect((await within(drawer).findByRole('alert')).textContent).toContain('Kayıt bulunamadı.')
  })
})

/** The detail once booked: succeeded, its last step staff's. */
function bookedDetail(): StaffPaymentDetail {
  const before = staffPaymentDetail()
  return staffPaymentDetailSchema.parse({
    ...before,
    status: 'succeeded',
    attentionReason: null,
    stateChangedAt: '2026-03-18T11:00:00.000Z',
    events: [
      ...before.events,
      {
        from: 'needs_attention',
        to: 'succeeded',
        actor: 'staff',
        user: 'Ayşe Yılmaz',
        ip: '192.0.2.9',
        reason: 'Panelde tahsilat görüldü',
        at: '2026-03-18T11:00:00.000Z',
      },
    ],
  })
}

describe('deciding on a payment that needs attention', { timeout: 30_000 }, () => {
  it('books it: explains, asks for a reason, sends it, then refreshes the detail, the list and the summary', async () => {
    const state = serve({ items: [staffPayment()] })
    const { calls, resolver } = holdRequests()
    server.use(http.post('/yonetim/payments/:id/book', resolver))
    const requests = recordRequests()
    const u = user()
    renderScreen('tr', '/yonetim/odemeler?status=needs_attention')
    const { drawer } = await openDetail(u)
    expect(within(drawer).getByTestId('payment-attention').textContent).toContain(
      'Ödeme kuruluşu 5 denemede yanıt vermedi: zaman aşımı',
    )
    await u.click(within(drawer).getByRole('button', { name: 'Kaydet (tahsil edildi)' }))
    const modal = await screen.findByRole('dialog', { name: 'Ödemeyi kaydet' })
    expect(modal.textContent).toContain(
      'Önce ödeme kuruluşuna bu ödemenin tahsil edildiği sorulur. Tahsil edildiyse Yıldız Yapı Market cari hesabına 1.500,00 ₺ alacak yazılır ve ödeme başarılı olur.',
    )
    const confirm = within(modal).getByRole('button', { name: 'Kaydet (tahsil edildi)' })
    const reason = within(modal).getByRole('textbox', { name: /Gerekçe/ })

    // The contract's rule, before anything is sent: 3 to 500 characters after trimming.
    await u.type(reason, '  ab ')
    await u.click(confirm)
    expect(within(modal).getByText('Gerekçeyi 3 ile 500 karakter arasında yazınız.')).toBeTruthy()
    expect(reason.getAttribute('aria-invalid')).toBe('true')
    expect(calls).toHaveLength(0)

    await u.clear(reason)
    await u.type(reason, ' Panelde tahsilat görüldü ')
    expect(within(modal).queryByText('Gerekçeyi 3 ile 500 karakter arasında yazınız.')).toBeNull()
    await u.click(confirm)
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: `/yonetim/payments/${ATTENTION_ID}/book`,
      body: { reason: 'Panelde tahsilat görüldü' },
    })
    // While it runs: both buttons disabled, the modal stays.
    expect((confirm as HTMLButtonElement).disabled).toBe(true)
    expect((within(modal).getByRole('button', { name: 'Vazgeç' }) as HTMLButtonElement).disabled).toBe(true)
    await u.keyboard('{Escape}')
    expect(screen.getByRole('dialog', { name: 'Ödemeyi kaydet' })).toBe(modal)

    // The server books it: the list (filtered on needs_attention) and the summary change too.
    state.detail = bookedDetail()
    state.items = [staffPayment({ status: 'succeeded', attentionReason: null })]
    state.summary = staffPaymentsSummary()
    const asked = requests.length
    await act(async () => calls[0]!.answer(apiJson(staffPaymentDetailSchema, bookedDetail())))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ödemeyi kaydet' })).toBeNull())
    expect(await screen.findByText('Ödeme kaydedildi: Yıldız Yapı Market, 1.500,00 ₺.')).toBeTruthy()
    const detail = within(screen.getByRole('dialog', { name: 'Ödeme ayrıntıları' }))
    expect(detail.getByText('Başarılı')).toBeTruthy()
    expect(detail.queryByTestId('payment-attention')).toBeNull()
    expect(detail.getAllByTestId('payment-step').at(-1)?.textContent).toContain('Yapan: Ayşe Yılmaz')
    await waitFor(() => expect(document.activeElement).toBe(detail.getByRole('heading', { level: 3 })))
    await waitFor(() => {
      const after = requests.slice(asked).map((r) => r.path)
      expect(after).toContain('/yonetim/payments/summary')
      expect(after).toContain('/yonetim/payments?status=needs_attention&page=1')
    })
    expect(await screen.findByTestId('payments-summary-empty')).toBeTruthy()
    expect(await screen.findByText('Bu durumda ödeme yok.')).toBeTruthy()

    // Closed: its row left the list, so the focus goes to the filter.
    await u.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Durum' })))
  })

  it('keeps the modal open with the server’s reason when the bank shows no charge (409)', async () => {
    serve()
    server.use(
      http.post('/yonetim/payments/:id/book', () =>
        apiError(
          409,
          'not_charged',
          'Ödeme kuruluşu bu ödeme için bir tahsilat göstermiyor; kaydedilemez. Gerekirse iade ile kapatın.',
        ),
      ),
    )
    const u = user()
    renderScreen()
    const { drawer } = await openDetail(u)
    await u.click(within(drawer).getByRole('button', { name: 'Kaydet (tahsil edildi)' }))
    const modal = await screen.findByRole('dialog', { name: 'Ödemeyi kaydet' })
    await u.type(within(modal).getByRole('textbox', { name: /Gerekçe/ }), 'Panelde görüldü')
    await u.click(within(modal).getByRole('button', { name: 'Kaydet (tahsil edildi)' }))
    const alert = await within(modal).findByRole('alert')
    expect(alert.textContent).toBe(
      'İşlem yapılamadıÖdeme kuruluşu bu ödeme için bir tahsilat göstermiyor; kaydedilemez. Gerekirse iade ile kapatın.',
    )
    // Still needing attention: it can be tried again, or closed.
    const confirm = within(modal).getByRole('button', { name: 'Kaydet (tahsil edildi)' }) as HTMLButtonElement
    await waitFor(() => expect(confirm.disabled).toBe(false))
    await u.click(within(modal).getByRole('button', { name: 'Vazgeç' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ödemeyi kaydet' })).toBeNull())
    // Opened again: blank, no old error.
    await u.click(within(drawer).getByRole('button', { name: 'Kaydet (tahsil edildi)' }))
    const again = await screen.findByRole('dialog', { name: 'Ödemeyi kaydet' })
    expect(within(again).queryByRole('alert')).toBeNull()
    expect((within(again).getByRole('textbox', { name: /Gerekçe/ }) as HTMLInputElement).value).toBe('')
  })

  it('refuses to confirm once the payment no longer needs attention (409 not_needs_attention)', async () => {
    const state = serve()
    server.use(
      http.post('/yonetim/payments/:id/refund', () => {
        // Someone else decided first.
        state.detail = bookedDetail()
        return apiError(409, 'not_needs_attention', 'Bu ödeme artık inceleme beklemiyor; durumu değişmiş.')
      }),
    )
    const u = user()
    renderScreen()
    const { drawer } = await openDetail(u)
    await u.click(within(drawer).getByRole('button', { name: 'İade et' }))
    const modal = await screen.findByRole('dialog', { name: 'Ödemeyi iade et' })
    await u.type(within(modal).getByRole('textbox', { name: /Gerekçe/ }), 'Bayi iade istedi')
    await u.click(within(modal).getByRole('button', { name: 'İade et' }))
    expect((await within(modal).findByRole('alert')).textContent).toContain(
      'Bu ödeme artık inceleme beklemiyor; durumu değişmiş.',
    )
    // The detail was read again: it succeeded meanwhile, so there is nothing left to confirm.
    await waitFor(() => expect(within(drawer).getByText('Başarılı')).toBeTruthy())
    expect((within(modal).getByRole('button', { name: 'İade et' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('refunds it, and shows the bank’s refusal (502) with the payment needing attention again', async () => {
    const state = serve()
    let refuse = true
    server.use(
      http.post('/yonetim/payments/:id/refund', async ({ request }) => {
        const body = (await request.json()) as { reason: string }
        if (refuse) {
          state.detail = staffPaymentDetail({ attentionReason: 'İade yapılamadı: Banka yanıt vermedi.' })
          return apiError(502, 'refund_failed', 'İade yapılamadı: Banka yanıt vermedi.')
        }
        state.detail = staffPaymentDetail({
          status: 'refunded',
          attentionReason: null,
          refundRef: 'sbx-refund-1',
          events: [
            ...staffPaymentDetail().events,
            {
              from: 'needs_attention',
              to: 'refunding',
              actor: 'staff',
              user: 'Ayşe Yılmaz',
              ip: '192.0.2.9',
              reason: body.reason,
              at: '2026-03-18T11:00:00.000Z',
            },
          ],
        })
        return apiJson(staffPaymentDetailSchema, state.detail)
      }),
    )
    const u = user()
    renderScreen()
    const { drawer } = await openDetail(u)
    await u.click(within(drawer).getByRole('button', { name: 'İade et' }))
    const modal = await screen.findByRole('dialog', { name: 'Ödemeyi iade et' })
    expect(modal.textContent).toContain(
      'Ödeme kuruluşundan karttan çekilen 1.545,00 ₺ tutarın tamamını karta geri vermesi istenir.',
    )
    await u.type(within(modal).getByRole('textbox', { name: /Gerekçe/ }), 'Bayi iade istedi')
    await u.click(within(modal).getByRole('button', { name: 'İade et' }))
    expect((await within(modal).findByRole('alert')).textContent).toContain(
      'İade yapılamadı: Banka yanıt vermedi.',
    )
    await waitFor(() =>
      expect(within(drawer).getByTestId('payment-attention').textContent).toContain(
        'İade yapılamadı: Banka yanıt vermedi.',
      ),
    )

    refuse = false
    await u.click(within(modal).getByRole('button', { name: 'İade et' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ödemeyi iade et' })).toBeNull())
    expect(await screen.findByText('Ödeme iade edildi: Yıldız Yapı Market, 1.545,00 ₺.')).toBeTruthy()
    expect(within(drawer).getByText('İade edildi')).toBeTruthy()
    expect(within(drawer).getByText('sbx-refund-1')).toBeTruthy()
  })

  it('keeps the detail and the confirmation with its error when reading the payment again fails', async () => {
    serve()
    const u = user()
    renderScreen()
    const { drawer } = await openDetail(u)
    server.use(
      http.get('/yonetim/payments/:id', () => apiError(500, 'internal', 'Teknik bir hata oluştu.')),
      http.post('/yonetim/payments/:id/refund', () =>
        apiError(502, 'refund_failed', 'İade yapılamadı: Banka yanıt vermedi.'),
      ),
    )
    await u.click(within(drawer).getByRole('button', { name: 'İade et' }))
    const modal = await screen.findByRole('dialog', { name: 'Ödemeyi iade et' })
    await u.type(within(modal).getByRole('textbox', { name: /Gerekçe/ }), 'Bayi iade istedi')
    const requests = recordRequests()
    await u.click(within(modal).getByRole('button', { name: 'İade et' }))
    // The detail is asked for again and refused: what was shown stays, and so does the modal.
    await waitFor(() =>
      expect(requests.filter((r) => r.path === `/yonetim/payments/${ATTENTION_ID}`)).toHaveLength(1),
    )
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(within(modal).getByRole('alert').textContent).toContain('İade yapılamadı: Banka yanıt vermedi.')
    expect(within(drawer).queryByText('Ödeme yüklenemedi')).toBeNull()
    expect(screen.getByRole('dialog', { name: 'Ödemeyi iade et' })).toBe(modal)
    expect(within(drawer).getByTestId('payment-detail')).toBeTruthy()
  })

  it('speaks English: the explanation, the validation and the server’s refusal', async () => {
    serve({ detail: staffPaymentDetail({ paymentType: 'order', order: { id: 9, no: 'S2026-000009' } }) })
    server.use(
      http.post('/yonetim/payments/:id/book', () =>
        apiError(
          409,
          'not_charged',
          'The payment provider shows no charge for this payment, so it cannot be booked. Close it with a refund if needed.',
        ),
      ),
    )
    const u = user()
    renderScreen('en', '/en/yonetim/odemeler')
    const { drawer } = await openDetail(u, ATTENTION_ID, 'Payment details')
    expect(within(drawer).getByText('This payment awaits your decision')).toBeTruthy()
    await u.click(within(drawer).getByRole('button', { name: 'Book (money was taken)' }))
    const modal = await screen.findByRole('dialog', { name: 'Book the payment' })
    expect(modal.textContent).toContain(
      "If it was, the order is created, a credit of ₺1,500.00 is written to Yıldız Yapı Market's account and the payment succeeds.",
    )
    await u.click(within(modal).getByRole('button', { name: 'Book (money was taken)' }))
    expect(within(modal).getByText('Write a reason of 3 to 500 characters.')).toBeTruthy()
    await u.type(within(modal).getByRole('textbox', { name: /Reason/ }), 'Seen in the panel')
    await u.click(within(modal).getByRole('button', { name: 'Book (money was taken)' }))
    expect((await within(modal).findByRole('alert')).textContent).toBe(
      'The action failedThe payment provider shows no charge for this payment, so it cannot be booked. Close it with a refund if needed.',
    )
  })
})
