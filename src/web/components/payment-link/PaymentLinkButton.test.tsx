// @vitest-environment jsdom
import { notifications } from '@mantine/notifications'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Bootstrap } from '../../../contracts/bootstrap'
import { paymentLinkResponseSchema } from '../../../contracts/payments'
import { defaultStoreSettings } from '../../../contracts/settings'
import { dealerBootstrap, guestBootstrap } from '../../test/fixtures'
import { apiError, apiJson, holdRequests } from '../../test/network'
import { renderWithProviders } from '../../test/render'
import { server } from '../../test/server'
import { PaymentLinkButton, type PaymentLinkButtonProps } from './PaymentLinkButton'

const LINK = 'https://portal.example/odeme-linki/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'
const LINK2 = 'https://portal.example/odeme-linki/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB'
const linksOn = (overrides: Partial<Bootstrap> = {}) =>
  dealerBootstrap({ settings: { ...defaultStoreSettings, b2b_cari_odeme_baglantisi: true }, ...overrides })

type Answer = (body: Record<string, unknown>) => Response | Promise<Response>

/** Answers POST /api/payment-link with `answers` in turn (the last one again), recording the bodies. */
function serveLinks(...answers: Answer[]) {
  const bodies: Array<Record<string, unknown>> = []
  server.use(
    http.post('/api/payment-link', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>
      bodies.push(body)
      return answers[Math.min(bodies.length - 1, answers.length - 1)]!(body)
    }),
  )
  return bodies
}

const made =
  (link = LINK, message = 'Ödeme bağlantısı oluşturuldu.') =>
  () =>
    apiJson(paymentLinkResponseSchema, { success: true, message, link })
const mailed = (link = LINK) => made(link, 'Ödeme bağlantısı e-posta ile gönderildi.')

async function openModal(props: PaymentLinkButtonProps = {}, bootstrap = linksOn()) {
  renderWithProviders(<PaymentLinkButton {...props} />, { bootstrap })
  fireEvent.click(screen.getByRole('button', { name: 'Ödeme Bağlantısı' }))
  return screen.findByRole('dialog', { name: 'Ödeme Bağlantısı' })
}

const inDialog = (dialog: HTMLElement) => ({
  amount: () => within(dialog).getByLabelText(/Tutar \(TL\)/) as HTMLInputElement,
  email: () => within(dialog).getByLabelText('E-posta') as HTMLInputElement,
  button: (name: string) => within(dialog).getByRole('button', { name }),
  message: () => within(dialog).queryByTestId('payment-link-message')?.textContent ?? null,
  link: () => (within(dialog).queryByTestId('payment-link-url') as HTMLInputElement | null)?.value ?? null,
})

async function typeAndCreate(dialog: HTMLElement, amount: string) {
  const d = inDialog(dialog)
  fireEvent.change(d.amount(), { target: { value: amount } })
  fireEvent.click(d.button('Bağlantı Oluştur'))
}

afterEach(() => {
  act(() => notifications.clean())
  vi.restoreAllMocks()
})

describe('PaymentLinkButton', () => {
  it('is there for a dealer only while the store has payment links on', () => {
    const { unmount } = renderWithProviders(<PaymentLinkButton />, { bootstrap: dealerBootstrap() })
    expect(screen.queryByRole('button', { name: 'Ödeme Bağlantısı' })).toBeNull()
    unmount()
    const guest = guestBootstrap({ settings: { ...defaultStoreSettings, b2b_cari_odeme_baglantisi: true } })
    renderWithProviders(<PaymentLinkButton />, { bootstrap: guest }).unmount()
    expect(screen.queryByRole('button', { name: 'Ödeme Bağlantısı' })).toBeNull()
    renderWithProviders(<PaymentLinkButton />, { bootstrap: linksOn() })
    expect(screen.getByRole('button', { name: 'Ödeme Bağlantısı' })).toBeTruthy()
  })

  it('makes a link for a Turkish amount and shows it in a read-only field', async () => {
    const bodies = serveLinks(made())
    const dialog = await openModal({ settleEntryIds: [4, 9] })
    const d = inDialog(dialog)
    expect(d.link()).toBeNull()
    await typeAndCreate(dialog, '1250,50')
    await waitFor(() => expect(d.message()).toBe('Ödeme bağlantısı oluşturuldu.'))
    expect(dialog.querySelector('[data-status]')?.getAttribute('data-status')).toBe('success')
    expect(bodies).toEqual([{ amount: '1250.50', email: '', sendEmail: false, settleEntryIds: [4, 9] }])
    const field = within(dialog).getByTestId('payment-link-url') as HTMLInputElement
    expect(field.value).toBe(LINK)
    expect(field.readOnly).toBe(true)
  })

  it.each(['0', '-1', 'abc', '', '1,234.56', '12,345'])(
    "refuses the amount '%s' with the spec text, asking nothing",
    async (amount) => {
      const bodies = serveLinks(made())
      const dialog = await openModal()
      await typeAndCreate(dialog, amount)
      expect(inDialog(dialog).message()).toBe('Geçerli bir tutar giriniz.')
      expect(within(dialog).getAllByText('Geçerli bir tutar giriniz.')).toHaveLength(2)
      expect(bodies).toEqual([])
    },
  )

  it.each([
    [
      'the server message',
      () => apiError(400, 'invalid_amount', 'Sunucu: tutar hatalı.'),
      'Sunucu: tutar hatalı.',
    ],
    [
      'our words when the answer has none',
      () => new HttpResponse('<html/>', { status: 502 }),
      'Bağlantı oluşturulamadı.',
    ],
    [
      'our words when success is false',
      () => apiJson(paymentLinkResponseSchema, { success: false, message: '', link: '' }),
      'Bağlantı oluşturulamadı.',
    ],
    [
      'the exception text on a network failure',
      () => HttpResponse.error(),
      'Bağlantı oluşturulurken bir hata oluştu.',
    ],
  ])('a failed create shows %s', async (_label, answer, text) => {
    serveLinks(answer)
    const dialog = await openModal()
    await typeAndCreate(dialog, '100')
    await waitFor(() => expect(inDialog(dialog).message()).toBe(text))
    expect(within(dialog).getByRole('alert').textContent).toBe(text)
    expect(inDialog(dialog).link()).toBeNull()
  })

  it('is working while the call runs: the button busy, the others inactive, a second click ignored', async () => {
    const held = holdRequests()
    server.use(http.post('/api/payment-link', held.resolver))
    const dialog = await openModal({ amount: 40 })
    const d = inDialog(dialog)
    fireEvent.click(d.button('Bağlantı Oluştur'))
    await waitFor(() => expect(held.calls).toHaveLength(1))
    expect(dialog.querySelector('[data-status]')?.getAttribute('data-status')).toBe('working')
    expect(d.button('Bağlantı Oluştur').getAttribute('aria-busy')).toBe('true')
    expect(d.button('E-posta ile Gönder').getAttribute('aria-disabled')).toBe('true')
    expect(d.button('WhatsApp ile Paylaş').getAttribute('aria-disabled')).toBe('true')
    fireEvent.click(d.button('Bağlantı Oluştur'))
    fireEvent.change(d.email(), { target: { value: 'a@b.example' } })
    fireEvent.click(d.button('E-posta ile Gönder'))
    held.calls[0]!.answer(made()())
    await waitFor(() => expect(d.link()).toBe(LINK))
    expect(held.calls).toHaveLength(1)
    expect(d.button('Bağlantı Oluştur').getAttribute('aria-busy')).toBeNull()
  })

  it('copies the link, or asks to make one first', async () => {
    serveLinks(made())
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue()
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const dialog = await openModal()
    fireEvent.click(inDialog(dialog).button('Bağlantıyı Kopyala'))
    expect(await screen.findByText('Önce bağlantı oluşturun.')).toBeTruthy()
    expect(writeText).not.toHaveBeenCalled()

    await typeAndCreate(dialog, '75')
    await waitFor(() => expect(inDialog(dialog).link()).toBe(LINK))
    fireEvent.click(inDialog(dialog).button('Bağlantıyı Kopyala'))
    expect(await screen.findByText('Bağlantı kopyalandı')).toBeTruthy()
    expect(writeText).toHaveBeenCalledWith(LINK)
  })

  it('needs the e-mail to send, then mails the link on screen by its token', async () => {
    const bodies = serveLinks(made(), mailed())
    const dialog = await openModal()
    const d = inDialog(dialog)
    fireEvent.change(d.amount(), { target: { value: '300' } })
    fireEvent.click(d.button('E-posta ile Gönder'))
    expect(d.message()).toBe('E-posta zorunludur.')
    expect(bodies).toEqual([])

    fireEvent.click(d.button('Bağlantı Oluştur'))
    await waitFor(() => expect(d.link()).toBe(LINK))
    fireEvent.change(d.email(), { target: { value: ' muhasebe@firma.example ' } })
    fireEvent.click(d.button('E-posta ile Gönder'))
    await waitFor(() => expect(d.message()).toBe('Ödeme bağlantısı e-posta ile gönderildi.'))
    expect(bodies[1]).toEqual({
      amount: '300.00',
      email: 'muhasebe@firma.example',
      sendEmail: true,
      settleEntryIds: [],
      token: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    })
    expect(d.link()).toBe(LINK)
  })

  it('drops the link when the amount changes, so sending makes a new one for the new amount', async () => {
    const bodies = serveLinks(made(), mailed(LINK2))
    const dialog = await openModal()
    const d = inDialog(dialog)
    await typeAndCreate(dialog, '300')
    await waitFor(() => expect(d.link()).toBe(LINK))
    fireEvent.change(d.amount(), { target: { value: '350' } })
    expect(d.link()).toBeNull()
    expect(d.message()).toBeNull()
    fireEvent.change(d.email(), { target: { value: 'a@b.example' } })
    fireEvent.click(d.button('E-posta ile Gönder'))
    await waitFor(() => expect(d.link()).toBe(LINK2))
    expect(bodies[1]).not.toHaveProperty('token')
    expect(bodies[1]).toMatchObject({ amount: '350.00', sendEmail: true })
  })

  it.each([
    [
      'the server message',
      () => apiError(400, 'email_required', 'E-posta zorunludur.', { email: 'E-posta zorunludur.' }),
      'E-posta zorunludur.',
    ],
    ['our words without one', () => new HttpResponse(null, { status: 500 }), 'E-posta gönderilemedi.'],
    [
      'the exception text on a network failure',
      () => HttpResponse.error(),
      'E-posta gönderilirken bir hata oluştu.',
    ],
  ])('a failed send shows %s', async (_label, answer, text) => {
    serveLinks(answer)
    const dialog = await openModal({ amount: 120 })
    const d = inDialog(dialog)
    fireEvent.change(d.email(), { target: { value: 'x@y.example' } })
    fireEvent.click(d.button('E-posta ile Gönder'))
    await waitFor(() => expect(d.message()).toBe(text))
  })

  it('shares on WhatsApp, making the link first when there is none', async () => {
    const bodies = serveLinks(made())
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() }
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window)
    const dialog = await openModal({ amount: '99,90' })
    fireEvent.click(inDialog(dialog).button('WhatsApp ile Paylaş'))
    await waitFor(() =>
      expect(tab.location.href).toBe(
        `https://wa.me/?text=${encodeURIComponent(`Ödeme bağlantısı: ${LINK}`)}`,
      ),
    )
    expect(open).toHaveBeenCalledTimes(1)
    expect(tab.opener).toBeNull()
    expect(bodies).toEqual([{ amount: '99.90', email: '', sendEmail: false, settleEntryIds: [] }])
    expect(inDialog(dialog).link()).toBe(LINK)

    // With a link on screen: no call, straight to WhatsApp.
    fireEvent.click(inDialog(dialog).button('WhatsApp ile Paylaş'))
    expect(open).toHaveBeenLastCalledWith(
      `https://wa.me/?text=${encodeURIComponent(`Ödeme bağlantısı: ${LINK}`)}`,
      '_blank',
      'noopener,noreferrer',
    )
    expect(bodies).toHaveLength(1)
  })

  it('shows a WhatsApp failure as an alert and closes the tab it opened', async () => {
    serveLinks(() => apiError(409, 'conflict', 'Sunucu reddetti.'))
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() }
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window)
    const dialog = await openModal({ amount: 10 })
    fireEvent.click(inDialog(dialog).button('WhatsApp ile Paylaş'))
    expect((await screen.findByTestId('payment-link-alert')).textContent).toBe('Sunucu reddetti.')
    expect(tab.close).toHaveBeenCalled()
    expect(tab.location.href).toBe('')
    expect(inDialog(dialog).link()).toBeNull()
  })

  it('starts from the amount given, and closing clears every field', async () => {
    serveLinks(made())
    const dialog = await openModal({ amount: 1250.5 })
    const d = inDialog(dialog)
    expect(d.amount().value).toBe('1250,50')
    fireEvent.click(d.button('Bağlantı Oluştur'))
    await waitFor(() => expect(d.link()).toBe(LINK))
    fireEvent.change(d.email(), { target: { value: 'a@b.example' } })
    fireEvent.change(d.amount(), { target: { value: '1250,5' } })
    expect(d.link()).toBe(LINK)

    fireEvent.click(within(dialog).getByRole('button', { name: 'Kapat' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    fireEvent.click(screen.getByRole('button', { name: 'Ödeme Bağlantısı' }))
    const again = inDialog(await screen.findByRole('dialog', { name: 'Ödeme Bağlantısı' }))
    expect(again.amount().value).toBe('1250,50')
    expect(again.email().value).toBe('')
    expect(again.link()).toBeNull()
    expect(again.message()).toBeNull()
  })

  it('speaks English on an English page', async () => {
    serveLinks(made(LINK, 'The payment link has been created.'))
    renderWithProviders(<PaymentLinkButton />, { bootstrap: linksOn({ locale: 'en' }) })
    fireEvent.click(screen.getByRole('button', { name: 'Payment Link' }))
    const dialog = await screen.findByRole('dialog', { name: 'Payment Link' })
    fireEvent.change(within(dialog).getByLabelText(/Amount \(TL\)/), { target: { value: '0' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Link' }))
    expect(within(dialog).getByTestId('payment-link-message').textContent).toBe(
      'Please enter a valid amount.',
    )
  })

  it.each([
    ['1.234,56', '1234.56'],
    ['2.500,50', '2500.50'],
    ['1234,5', '1234.50'],
    ['1234.56', '1234.56'],
    ['1.234.567', '1234567.00'],
  ])('takes %s as the pay page does, and sends %s', async (typed, sent) => {
    const bodies = serveLinks(made())
    const dialog = await openModal()
    await typeAndCreate(dialog, typed)
    await waitFor(() => expect(inDialog(dialog).link()).toBe(LINK))
    expect(bodies[0]).toMatchObject({ amount: sent })
  })

  it("refuses '1.234' as ambiguous and says how to write it, asking nothing", async () => {
    const bodies = serveLinks(made())
    const dialog = await openModal()
    await typeAndCreate(dialog, '1.234')
    expect(inDialog(dialog).message()).toBe('Geçerli bir tutar giriniz.')
    expect(
      within(dialog).getByText(
        '“1.234” belirsiz: binlik mi, kuruş mu? Binlik için 1234 yazınız; kuruş en fazla 2 hanedir.',
      ),
    ).toBeTruthy()
    expect(bodies).toEqual([])
  })

  it.each([
    ['tr', '1250.50', '1250,50', 'Örnek: 1250,50'],
    ['en', '1250.50', '1250.50', 'For example: 1250.50'],
    ['tr', 99.9, '99,90', 'Örnek: 1250,50'],
  ] as const)(
    'starts from an amount (%s, %s) written as its hint is: %s beside "%s"',
    async (locale, amount, shown, hint) => {
      renderWithProviders(<PaymentLinkButton amount={amount} />, { bootstrap: linksOn({ locale }) })
      fireEvent.click(screen.getByRole('button', { name: /Ödeme Bağlantısı|Payment Link/ }))
      const dialog = await screen.findByRole('dialog')
      const field = within(dialog).getByLabelText(/Tutar \(TL\)|Amount \(TL\)/) as HTMLInputElement
      expect(field.value).toBe(shown)
      expect(within(dialog).getByText(hint)).toBeTruthy()
    },
  )
})
