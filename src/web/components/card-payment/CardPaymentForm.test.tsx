// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Bootstrap } from '../../../contracts/bootstrap'
import {
  type BinControlResponse,
  binControlResponseSchema,
  type PaymentStatus,
  paymentResultSchema,
} from '../../../contracts/payments'
import { defaultStoreSettings } from '../../../contracts/settings'
import { dealerBootstrap } from '../../test/fixtures'
import { apiJson, holdRequests, recordRequests } from '../../test/network'
import { binAnswer, installmentPlan, paymentResult } from '../../test/payment-fixtures'
import { renderWithProviders } from '../../test/render'
import { server } from '../../test/server'
import { CardPaymentForm, type CardPaymentFormProps } from './CardPaymentForm'

const VISA = '4111111111111111'

function bootstrapWith(installmentLimit: number): Bootstrap {
  return dealerBootstrap({ settings: { ...defaultStoreSettings, installmentLimit } })
}

/** Answers every BIN lookup with `answer`. */
function serveBin(answer: BinControlResponse = binAnswer()) {
  server.use(http.post('/api/catalog/bin-control', () => apiJson(binControlResponseSchema, answer)))
}

function renderForm(props: Partial<CardPaymentFormProps> = {}, bootstrap = bootstrapWith(0)) {
  const onSucceeded = vi.fn()
  const onProcessing = vi.fn()
  const view = renderWithProviders(
    <CardPaymentForm paymentType="pay" onSucceeded={onSucceeded} onProcessing={onProcessing} {...props} />,
    {
      bootstrap,
    },
  )
  return { ...view, onSucceeded, onProcessing }
}

const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement
const card = () => field('Kart Numarası')
const holder = () => field('Kart Üzerindeki İsim')
const expire = () => field(/Son Kullanma Tarihi/)
const ccv = () => field('CCV')
const amount = () => field(/Ödenecek Tutar/)
const payButton = () => screen.getByRole('button', { name: 'Ödeme Yap' })
const alertText = () => screen.queryByTestId('pay-alert')?.textContent?.replace('Uyarı', '')
const frame = () => screen.getByTestId('payment-frame') as HTMLIFrameElement

/** A message as the browser delivers it: from the frame's window and this site's origin unless said. */
function post(
  data: unknown,
  { origin = window.location.origin, source }: { origin?: string; source?: Window | null } = {},
) {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', {
        data,
        origin,
        source: source === undefined ? frame().contentWindow : source,
      }),
    )
  })
}

type User = ReturnType<typeof userEvent.setup>

/** Puts `text` into the field as one paste (the masks apply to it as to typing, in one go). */
async function fill(user: User, input: HTMLInputElement, text: string) {
  await user.click(input)
  await user.paste(text)
}

async function fillComplete(user: User, typedAmount = '1.250,50') {
  await fill(user, amount(), typedAmount)
  await fill(user, card(), VISA)
  await fill(user, holder(), 'Ayşe Yılmaz')
  await fill(user, expire(), '1229')
  await fill(user, ccv(), '123')
}

/** Fills the form, pays, and lets the frame say it is ready: returns what was posted to it. */
async function payUntilStart(user: User) {
  await fillComplete(user)
  await user.click(payButton())
  await screen.findByRole('dialog', { name: 'Güvenli Ödeme (3-D Secure)' })
  const postMessage = vi.spyOn(frame().contentWindow!, 'postMessage')
  post({ type: 'ready' })
  expect(postMessage).toHaveBeenCalledTimes(1)
  return postMessage
}

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('CardPaymentForm', { timeout: 30_000 }, () => {
  it('masks what is typed: the card in groups of 4, the expiry as MM/YY, the CCV in 3 digits', async () => {
    serveBin()
    const user = userEvent.setup({ delay: null })
    renderForm()
    await user.type(card(), '4111-1111 1111abc11119999')
    expect(card().value).toBe('4111 1111 1111 1111')
    await user.type(expire(), '1229')
    expect(expire().value).toBe('12/29')
    await user.type(ccv(), '12a34')
    expect(ccv().value).toBe('123')
    await user.type(holder(), 'Ayşe Yılmaz')
    // The live picture shows the same, with the network from the BIN answer.
    expect(screen.getByTestId('card-preview-number').textContent).toBe('4111 1111 1111 1111')
    expect(screen.getByTestId('card-preview-expire').textContent).toBe('12/29')
    expect(screen.getByTestId('card-preview-holder').textContent).toBe('Ayşe Yılmaz')
    await waitFor(() => expect(screen.getByTestId('card-preview-network').textContent).toBe('Visa'))
  })

  it('shows the pay alerts of spec/2 §5 in order, focuses the field named, and keeps everything typed', async () => {
    serveBin()
    const user = userEvent.setup({ delay: null })
    renderForm()
    await user.click(payButton())
    expect(alertText()).toBe('Kart bilgilerini eksiksiz doldurunuz!')
    expect(screen.getByTestId('pay-alert').getAttribute('role')).toBe('alert')
    expect(document.activeElement).toBe(card())

    await fill(user, card(), VISA.slice(0, 15))
    await user.click(payButton())
    expect(alertText()).toBe('Kart bilgilerini eksiksiz doldurunuz!')
    await fill(user, card(), '1')
    await user.click(payButton())
    expect(alertText()).toBe('Kart üzerindeki ismi doldurunuz!')
    expect(document.activeElement).toBe(holder())

    await fill(user, holder(), 'Ayşe Yılmaz')
    await user.click(payButton())
    expect(alertText()).toBe('CCV bilgisini eksiksiz doldurunuz!')
    expect(document.activeElement).toBe(ccv())
    await user.type(ccv(), '12')
    await user.click(payButton())
    expect(alertText()).toBe('CCV bilgisini eksiksiz doldurunuz!')

    await user.type(ccv(), '3')
    await user.click(payButton())
    expect(alertText()).toBe('Tutar girmediniz!')
    expect(document.activeElement).toBe(amount())
    await fill(user, amount(), '-25')
    await user.click(payButton())
    expect(alertText()).toBe('Tutar girmediniz!')

    await user.clear(amount())
    await fill(user, amount(), '1.250,50')
    expect(screen.getByText('Ödenecek tutar: 1.250,50 ₺')).toBeTruthy()
    await user.click(payButton())
    expect(alertText()).toBe('Ay ve yılı eksiksiz giriniz')
    expect(document.activeElement).toBe(expire())
    await user.type(expire(), '13')
    await user.click(payButton())
    expect(alertText()).toBe('Ay ve yılı eksiksiz giriniz')

    await user.clear(expire())
    await user.type(expire(), '1229')
    await user.click(payButton())
    expect(alertText()).toBeUndefined()
    expect(await screen.findByRole('dialog', { name: 'Güvenli Ödeme (3-D Secure)' })).toBeTruthy()
    expect([card().value, holder().value, expire().value, ccv().value, amount().value]).toEqual([
      '4111 1111 1111 1111',
      'Ayşe Yılmaz',
      '12/29',
      '123',
      '1.250,50',
    ])
  })

  it('looks the BIN up once the card has 16 digits, with its first 8, and aborts the lookup of a card changed meanwhile', async () => {
    const { calls, resolver } = holdRequests()
    server.use(http.post('/api/catalog/bin-control', resolver))
    const requests = recordRequests()
    const user = userEvent.setup({ delay: null })
    renderForm()
    await fill(user, card(), VISA.slice(0, 15))
    expect(requests).toHaveLength(0)
    await fill(user, card(), '1')
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/catalog/bin-control',
      body: { binNumber: '41111111' },
    })
    expect(calls[0]!.headers.get('X-Requested-With')).toBe('XMLHttpRequest')
    expect(screen.getByText('Kart sorgulanıyor')).toBeTruthy()

    // Another card before the answer: the first lookup is dropped.
    await user.clear(card())
    await fill(user, card(), '5555555555554444')
    await waitFor(() => expect(calls).toHaveLength(2))
    expect(requests[0]!.signal.aborted).toBe(true)
    expect(calls[1]!.body).toEqual({ binNumber: '55555555' })
    const master = binAnswer({
      bank: { ...binAnswer().bank, name: 'Akbank', organization: 'MASTER_CARD', issuer: 'AKBANK T.A.S.' },
    })
    await act(async () => calls[1]!.answer(apiJson(binControlResponseSchema, master)))
    // The card type in words and the store's name of the bank, not the BIN list's raw issuer.
    expect((await screen.findByTestId('card-network')).textContent).toBe('Mastercard · Kredi Kartı · Akbank')
    expect(screen.getByTestId('card-preview-network').textContent).toBe('Mastercard')
    expect(screen.getByTestId('card-preview').textContent).toContain('Akbank')
    expect(screen.getByTestId('card-preview').textContent).not.toContain('AKBANK T.A.S.')
    expect(screen.queryByText('Kart sorgulanıyor')).toBeNull()
  })

  it('shows the 12-row installment table only when the amount is above installmentLimit', async () => {
    serveBin()
    const user = userEvent.setup({ delay: null })
    renderForm({}, bootstrapWith(1000))
    await fill(user, card(), VISA)
    await screen.findByTestId('card-network')
    await fill(user, amount(), '999,99')
    expect(screen.queryByTestId('installment-table')).toBeNull()
    expect(screen.getByTestId('payment-charge').textContent).toBe('Kartınızdan çekilecek tutar: 999,99 ₺')
    await user.clear(amount())
    await fill(user, amount(), '1000')
    expect(screen.queryByTestId('installment-table')).toBeNull()

    await fill(user, amount(), ',01')
    const table = screen.getByTestId('installment-table')
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(12)
    const offered = within(table)
      .getAllByRole('radio')
      .filter((radio) => !(radio as HTMLInputElement).disabled)
      .map(
        (radio) =>
          radio.closest('label')?.textContent ?? (radio as HTMLInputElement).labels?.[0]?.textContent,
      )
    expect(offered).toEqual(['Tek Çekim', '2 Taksit', '3 Taksit', '6 Taksit'])
    // 1.000,01 × 1,025 = 1.025,01; ÷ 2 = 512,51 (half-up)
    expect(
      within(screen.getByTestId('installment-row-2'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2 Taksit', '512,51 ₺', '1.025,01 ₺'])
    expect(within(screen.getByTestId('installment-row-4')).getByRole('radio')).toHaveProperty(
      'disabled',
      true,
    )
    expect(screen.getByTestId('installment-row-12').textContent).toContain('Bu kartla yapılamaz')
  })

  it('preselects the plan flagged default, else the first, and sends the one chosen', async () => {
    serveBin()
    const user = userEvent.setup({ delay: null })
    const { unmount } = renderForm()
    await fill(user, amount(), '1.250,50')
    await fill(user, card(), VISA)
    await screen.findByTestId('installment-table')
    expect(screen.getByRole('radio', { name: '3 Taksit' })).toHaveProperty('checked', true)
    // 1.250,50 × 1,0375 = 1.297,39; ÷ 3 = 432,46
    expect(screen.getByTestId('payment-charge').textContent).toBe(
      'Kartınızdan çekilecek tutar: 1.297,39 ₺ (3 × 432,46 ₺)',
    )
    await user.click(screen.getByRole('radio', { name: '6 Taksit' }))
    await fill(user, holder(), 'Ayşe Yılmaz')
    await user.type(expire(), '1229')
    await user.type(ccv(), '123')
    await user.click(payButton())
    await screen.findByRole('dialog')
    const postMessage = vi.spyOn(frame().contentWindow!, 'postMessage')
    post({ type: 'ready' })
    expect(postMessage.mock.calls[0]![0]).toMatchObject({ form: { planId: 16, installment: 6 } })
    unmount()

    server.resetHandlers()
    serveBin(binAnswer({ plans: [installmentPlan(21, 1, 0), installmentPlan(23, 3, 4)] }))
    renderForm()
    await fill(user, amount(), '500')
    await fill(user, card(), VISA)
    await screen.findByTestId('installment-table')
    expect(screen.getByRole('radio', { name: 'Tek Çekim' })).toHaveProperty('checked', true)
  })

  it('talks to the frame only: the form goes after its ready, to this origin; foreign messages change nothing', async () => {
    serveBin()
    const requests = recordRequests()
    const user = userEvent.setup({ delay: null })
    renderForm({ extra: { description: ' Cari ödeme ', settleEntryIds: [4, 5] } })
    await fillComplete(user)
    await user.click(payButton())
    const dialog = await screen.findByRole('dialog', { name: 'Güvenli Ödeme (3-D Secure)' })
    expect(frame().getAttribute('src')).toBe('/payment/start?lang=tr')
    expect(frame().getAttribute('height')).toBe('500')
    expect(frame().getAttribute('width')).toBe('100%')
    expect(frame().getAttribute('title')).toBe('Bankanın güvenli ödeme sayfası')
    const postMessage = vi.spyOn(frame().contentWindow!, 'postMessage')

    // Another origin, or this origin but another window: ignored.
    post({ type: 'ready' }, { origin: 'https://evil.example' })
    post({ type: 'ready' }, { source: window })
    expect(postMessage).not.toHaveBeenCalled()
    post({ type: 'payment_succeed', intentId: 'pi_forged' }, { origin: 'https://evil.example' })
    post({ type: 'dialogClose' }, { source: null })
    expect(screen.getByRole('dialog')).toBe(dialog)

    post({ type: 'ready' })
    expect(postMessage).toHaveBeenCalledTimes(1)
    expect(postMessage).toHaveBeenCalledWith(
      {
        type: 'start',
        form: {
          paymentType: 'pay',
          card: VISA,
          ccv: '123',
          expire: '12/29',
          holder: 'Ayşe Yılmaz',
          planId: 13,
          installment: 3,
          amount: '1250.50',
          description: 'Cari ödeme',
          advencePrice: undefined,
          settleEntryIds: [4, 5],
          linkToken: undefined,
        },
      },
      window.location.origin,
    )
    // A second 'ready' (the frame reloaded) gets no second form.
    post({ type: 'ready' })
    expect(postMessage).toHaveBeenCalledTimes(1)

    expect(screen.getByLabelText('Ödeme sayfası yükleniyor')).toBeTruthy()
    post({ type: 'loading', value: false })
    await waitFor(() => expect(screen.queryByLabelText('Ödeme sayfası yükleniyor')).toBeNull())
    post({ type: 'loading', value: true })
    expect(screen.getByLabelText('Ödeme sayfası yükleniyor')).toBeTruthy()

    post({ type: 'dialogClose' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(payButton()))
    // Nothing asked the server about the forged success.
    expect(requests.filter((r) => r.path.startsWith('/api/payments'))).toHaveLength(0)
  })

  it('closes with Escape and with its close button, the focus back on the pay button each time', async () => {
    serveBin()
    const user = userEvent.setup({ delay: null })
    renderForm()
    await fillComplete(user)
    await user.click(payButton())
    await screen.findByRole('dialog', { name: 'Güvenli Ödeme (3-D Secure)' })
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(payButton()))

    await user.keyboard('{Enter}')
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Kapat' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(payButton()))
    expect(card().value).toBe('4111 1111 1111 1111')
  })

  it('closes on payment_failed with the bank message and keeps the form', async () => {
    serveBin()
    const user = userEvent.setup({ delay: null })
    const { onSucceeded } = renderForm()
    await payUntilStart(user)
    post({ type: 'payment_failed', intentId: 'pi_1', message: 'Kartınızın bakiyesi yetersiz.' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.getByTestId('payment-failure').textContent).toContain('Kartınızın bakiyesi yetersiz.')
    expect(card().value).toBe('4111 1111 1111 1111')
    expect(onSucceeded).not.toHaveBeenCalled()
    await waitFor(() => expect(document.activeElement).toBe(payButton()))
  })

  it('believes payment_succeed only once the server says the payment succeeded', async () => {
    serveBin()
    const { calls, resolver } = holdRequests()
    server.use(http.get('/api/payments/:id', resolver))
    const user = userEvent.setup({ delay: null })
    const { onSucceeded } = renderForm()
    await payUntilStart(user)

    // The frame claims success; the server's record says it failed.
    post({ type: 'payment_succeed', intentId: 'pi_1' })
    await waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/api/payments/pi_1' })
    expect(screen.getByText('Ödemeniz doğrulanıyor…')).toBeTruthy()
    expect(onSucceeded).not.toHaveBeenCalled()
    const failed = paymentResult({
      id: 'pi_1',
      status: 'failed',
      succeed: false,
      orderId: null,
      orderNo: null,
      failureMessage: '3-D Secure doğrulaması başarısız.',
      mailOrder: null,
    })
    await act(async () => calls[0]!.answer(apiJson(paymentResultSchema, failed)))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.getByTestId('payment-failure').textContent).toContain('3-D Secure doğrulaması başarısız.')
    expect(onSucceeded).not.toHaveBeenCalled()

    // Paid again; this time the server confirms.
    fireEvent.click(payButton())
    await screen.findByRole('dialog')
    post({ type: 'ready' })
    post({ type: 'payment_succeed', intentId: 'pi_2' })
    await waitFor(() => expect(calls).toHaveLength(2))
    expect(onSucceeded).not.toHaveBeenCalled()
    const paid = paymentResult({ id: 'pi_2', paymentType: 'pay', orderId: null, orderNo: null })
    await act(async () => calls[1]!.answer(apiJson(paymentResultSchema, paid)))
    await waitFor(() => expect(onSucceeded).toHaveBeenCalledTimes(1))
    expect(onSucceeded).toHaveBeenCalledWith(paid)
  })

  it('shows a fixed amount read-only and sends no amount for it', async () => {
    serveBin()
    const user = userEvent.setup({ delay: null })
    renderForm({ paymentType: 'order', fixedAmount: 3555.36, extra: { advencePrice: '3' } })
    expect(amount().readOnly).toBe(true)
    expect(amount().value).toBe('3.555,36 ₺')
    await fill(user, card(), VISA)
    await fill(user, holder(), 'Ayşe Yılmaz')
    await user.type(expire(), '1229')
    await user.type(ccv(), '123')
    await user.click(payButton())
    await screen.findByRole('dialog')
    const postMessage = vi.spyOn(frame().contentWindow!, 'postMessage')
    post({ type: 'ready' })
    const message = postMessage.mock.calls[0]![0] as { form: Record<string, unknown> }
    expect(message.form).toMatchObject({ paymentType: 'order', advencePrice: '3', amount: undefined })
  })
})

/** Answers GET /api/payments/:id with the statuses in turn (the last one again once they run out); counts the calls. */
function serveResults(answers: Array<PaymentStatus | (() => Response)>) {
  const asked: string[] = []
  server.use(
    http.get('/api/payments/:id', ({ params }) => {
      asked.push(String(params.id))
      const next = answers[Math.min(asked.length - 1, answers.length - 1)]!
      if (typeof next === 'function') return next()
      return apiJson(
        paymentResultSchema,
        paymentResult({
          id: String(params.id),
          status: next,
          succeed: next === 'succeeded',
          paymentType: 'pay',
          orderId: null,
          orderNo: null,
          mailOrder: next === 'succeeded' ? paymentResult().mailOrder : null,
          failureMessage:
            next === 'expired'
              ? 'Ödeme süresi (15 dakika) doldu; ödeme alınmadı. Lütfen yeniden deneyiniz.'
              : null,
        }),
      )
    }),
  )
  return asked
}

/** Lets the (fake) timers run `ms` further, with the answers that arrive meanwhile. */
const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })

describe('CardPaymentForm: a payment approved by the bank but still being processed', {
  timeout: 30_000,
}, () => {
  it('waits in the modal on payment_processing, asks again with growing waits, and goes on once it succeeded', async () => {
    serveBin()
    const asked = serveResults(['processing', 'processing', 'succeeded'])
    const user = userEvent.setup({ delay: null })
    const { onSucceeded, onProcessing } = renderForm()
    await payUntilStart(user)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    post({ type: 'payment_processing', intentId: 'pi_9' })
    await advance(0)
    expect(asked).toEqual(['pi_9'])
    expect(screen.getByTestId('payment-waiting').textContent).toBe(
      'Ödemeniz bankadan onaylandı, işleniyor…' +
        'Bu bir iki dakika sürebilir. Lütfen bu pencereyi kapatmayınız ve yeniden ödeme yapmayınız.',
    )
    expect(screen.getByTestId('payment-waiting').getAttribute('role')).toBe('status')
    expect(screen.getByRole('dialog', { name: 'Güvenli Ödeme (3-D Secure)' })).toBeTruthy()

    await advance(999)
    expect(asked).toHaveLength(1)
    await advance(1)
    expect(asked).toHaveLength(2)
    expect(onSucceeded).not.toHaveBeenCalled()
    await advance(1500)
    expect(asked).toHaveLength(3)
    expect(onSucceeded).toHaveBeenCalledTimes(1)
    expect(onSucceeded.mock.calls[0]![0]).toMatchObject({ id: 'pi_9', status: 'succeeded' })
    expect(onProcessing).not.toHaveBeenCalled()
    expect(screen.queryByTestId('payment-failure')).toBeNull()
  })

  it('says "processing" as soon as the server does, after a claimed success', async () => {
    serveBin()
    serveResults(['processing'])
    const user = userEvent.setup({ delay: null })
    renderForm()
    await payUntilStart(user)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    post({ type: 'payment_succeed', intentId: 'pi_9' })
    expect(screen.getByTestId('payment-waiting').textContent).toBe('Ödemeniz doğrulanıyor…')
    await advance(0)
    expect(screen.getByTestId('payment-waiting').textContent).toContain(
      'Ödemeniz bankadan onaylandı, işleniyor…',
    )
  })

  it('still processing after about two minutes: hands the payment on, and never calls it failed', async () => {
    serveBin()
    const asked = serveResults(['processing'])
    const user = userEvent.setup({ delay: null })
    const { onSucceeded, onProcessing } = renderForm()
    await payUntilStart(user)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    post({ type: 'payment_processing', intentId: 'pi_9' })
    await advance(100_000)
    expect(onProcessing).not.toHaveBeenCalled()
    await advance(20_000)
    expect(onProcessing).toHaveBeenCalledTimes(1)
    expect(onProcessing.mock.calls[0]![0]).toMatchObject({ id: 'pi_9', status: 'processing' })
    expect(asked.length).toBeGreaterThan(10)
    expect(onSucceeded).not.toHaveBeenCalled()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.queryByTestId('payment-failure')).toBeNull()
  })

  it('shows an expired payment’s reason like a failure', async () => {
    serveBin()
    serveResults(['processing', 'expired'])
    const user = userEvent.setup({ delay: null })
    const { onSucceeded, onProcessing } = renderForm()
    await payUntilStart(user)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    post({ type: 'payment_processing', intentId: 'pi_9' })
    await advance(1000)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByTestId('payment-failure').textContent).toContain(
      'Ödeme süresi (15 dakika) doldu; ödeme alınmadı. Lütfen yeniden deneyiniz.',
    )
    expect(onSucceeded).not.toHaveBeenCalled()
    expect(onProcessing).not.toHaveBeenCalled()
  })

  it('says the payment is being checked, not failed, when no answer comes at all', async () => {
    serveBin()
    serveResults([() => HttpResponse.error()])
    const user = userEvent.setup({ delay: null })
    const { onSucceeded, onProcessing } = renderForm()
    await payUntilStart(user)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    post({ type: 'payment_processing', intentId: 'pi_9' })
    await advance(120_000)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.queryByTestId('payment-failure')).toBeNull()
    const notice = screen.getByTestId('payment-unconfirmed')
    expect(notice.getAttribute('role')).toBe('status')
    expect(notice.textContent).toContain('Ödemeniz kontrol ediliyor')
    expect(notice.textContent).toContain('kartınızdan çekim yapıldıysa lütfen tekrar ödeme yapmayınız.')
    expect(onSucceeded).not.toHaveBeenCalled()
    expect(onProcessing).not.toHaveBeenCalled()
  })

  it('speaks English', async () => {
    serveBin()
    serveResults(['processing'])
    const user = userEvent.setup({ delay: null })
    renderForm(
      {},
      dealerBootstrap({ locale: 'en', settings: { ...defaultStoreSettings, installmentLimit: 0 } }),
    )
    await fill(user, screen.getByLabelText(/Amount to pay/) as HTMLInputElement, '1250.50')
    await fill(user, screen.getByLabelText('Card number') as HTMLInputElement, VISA)
    await fill(user, screen.getByLabelText('Name on card') as HTMLInputElement, 'Ayse Yilmaz')
    await fill(user, screen.getByLabelText(/Expiry date/) as HTMLInputElement, '1229')
    await fill(user, screen.getByLabelText('CCV') as HTMLInputElement, '123')
    await user.click(screen.getByRole('button', { name: 'Pay' }))
    await screen.findByRole('dialog', { name: 'Secure payment (3-D Secure)' })
    post({ type: 'ready' })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    post({ type: 'payment_processing', intentId: 'pi_9' })
    await advance(0)
    expect(screen.getByTestId('payment-waiting').textContent).toBe(
      'Your bank approved the payment; it is being processed…' +
        'This may take a minute or two. Please keep this window open and do not pay again.',
    )
  })
})
