import { HttpResponse, http } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type PaymentResult, type PaymentStatus, paymentResultSchema } from '../../../contracts/payments'
import { apiError, apiJson } from '../../test/network'
import { paymentResult } from '../../test/payment-fixtures'
import { server } from '../../test/server'
import { confirmDelays, confirmPayment } from './payments-api'

afterEach(() => {
  vi.useRealTimers()
})

const result = (status: PaymentStatus): PaymentResult =>
  paymentResult({
    id: 'pi_1',
    status,
    succeed: status === 'succeeded',
    mailOrder: status === 'succeeded' ? paymentResult().mailOrder : null,
    failureMessage: status === 'failed' ? 'Yetersiz bakiye.' : null,
  })

/** Answers GET /api/payments/pi_1 from `answers` in turn (the last one again once they run out), and counts. */
function serve(answers: Array<PaymentStatus | (() => Response)>) {
  const asked: number[] = []
  server.use(
    http.get('/api/payments/:id', () => {
      asked.push(Date.now())
      const next = answers[Math.min(asked.length - 1, answers.length - 1)]!
      return typeof next === 'function' ? next() : apiJson(paymentResultSchema, result(next))
    }),
  )
  return asked
}

/** Lets the timers run `ms` further, with the answers that arrive meanwhile. */
const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms)

describe('confirmDelays', () => {
  it('waits a second first, half as long again each time, at most 10 s, about two minutes in all', () => {
    const delays = confirmDelays()
    expect(delays.slice(0, 7)).toEqual([1000, 1500, 2250, 3375, 5063, 7595, 10000])
    expect(delays.every((d) => d <= 10_000)).toBe(true)
    const total = delays.reduce((a, b) => a + b, 0)
    expect(total).toBeLessThanOrEqual(120_000)
    expect(total).toBeGreaterThan(110_000)
  })
})

describe('confirmPayment', () => {
  it('asks again while the payment is pending or processing, with the growing waits, until it is settled', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const asked = serve(['pending', 'processing', 'processing', 'succeeded'])
    const seen: PaymentStatus[] = []
    const done = confirmPayment('pi_1', { onUpdate: (r) => seen.push(r.status) })
    await advance(0)
    expect(asked).toHaveLength(1)
    await advance(999)
    expect(asked).toHaveLength(1)
    await advance(1)
    expect(asked).toHaveLength(2)
    await advance(1500)
    expect(asked).toHaveLength(3)
    await advance(2250)
    expect(asked).toHaveLength(4)
    expect((await done).status).toBe('succeeded')
    expect(seen).toEqual(['pending', 'processing', 'processing', 'succeeded'])
    // Settled: nothing more is asked.
    await advance(60_000)
    expect(asked).toHaveLength(4)
  })

  it('answers a failure or an expiry at once', async () => {
    serve(['expired'])
    expect((await confirmPayment('pi_1')).status).toBe('expired')
  })

  it('gives up after about two minutes with the payment still processing, and says so (no error)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const asked = serve(['processing'])
    let answer: PaymentResult | undefined
    void confirmPayment('pi_1').then((r) => {
      answer = r
    })
    await advance(100_000)
    expect(answer).toBeUndefined()
    await advance(20_000)
    expect(answer?.status).toBe('processing')
    expect(asked.length).toBe(confirmDelays().length + 1)
    expect(asked.at(-1)! - asked[0]!).toBeLessThanOrEqual(120_000)
  })

  it('asks again after a passing failure (no answer, a 5xx), and keeps the last answer if it lasts', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const asked = serve([
      'processing',
      () => HttpResponse.error(),
      () => apiError(503, 'unavailable', 'Hizmet şu an yanıt vermiyor.'),
      'succeeded',
    ])
    const done = confirmPayment('pi_1')
    await advance(1000 + 1500 + 2250)
    expect(asked).toHaveLength(4)
    expect((await done).status).toBe('succeeded')

    const failing = serve(['processing', () => apiError(502, 'bad_gateway')])
    let answer: PaymentResult | undefined
    void confirmPayment('pi_1').then((r) => {
      answer = r
    })
    await advance(120_000)
    expect(failing.length).toBeGreaterThan(2)
    expect(answer?.status).toBe('processing')
  })

  it('throws a refusal at once, and a passing failure that never ended', async () => {
    serve([() => apiError(404, 'not_found', 'Ödeme bulunamadı.')])
    await expect(confirmPayment('pi_1')).rejects.toMatchObject({ status: 404 })

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    serve([() => HttpResponse.error()])
    const done = confirmPayment('pi_1')
    const caught = done.catch((error: unknown) => error)
    await advance(120_000)
    expect(await caught).toMatchObject({ code: 'network' })
  })

  it('sends the link token of a logged-out payer and stops when aborted', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const paths: string[] = []
    server.use(
      http.get('/api/payments/:id', ({ request }) => {
        paths.push(new URL(request.url).search)
        return apiJson(paymentResultSchema, result('processing'))
      }),
    )
    const controller = new AbortController()
    const done = confirmPayment('pi_1', { signal: controller.signal, linkToken: 'tok en' })
    const caught = done.catch((error: unknown) => error)
    await advance(0)
    expect(paths).toEqual(['?token=tok%20en'])
    controller.abort()
    expect(await caught).toMatchObject({ name: 'AbortError' })
    await advance(10_000)
    expect(paths).toHaveLength(1)
  })
})
