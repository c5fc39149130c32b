import { useQuery } from '@tanstack/react-query'
import type { BinControlResponse, PaymentResult, PaymentStatus } from '../../../contracts/payments'
import { BIN_LENGTH, CARD_DIGITS } from '../../../domain/card-form'
import { apiFetch } from '../api-client'
import { isApiError } from '../api-error'

/** Query keys of the card payment (kept here: the checkout and the payment-link page share them). */
export const paymentKeys = {
  bin: (bin: string | null) => ['payments', 'bin', bin] as const,
  result: (id: string) => ['payments', 'result', id] as const,
}

/**
 * POST /api/catalog/bin-control (form data binNumber, the first 8 digits): the card's network and the
 * bank's installment plans. Asked once the card has 16 digits (spec/2 §5); a new BIN aborts the call
 * still under way for the previous one (the query's signal), and an answer is kept per BIN, so a card
 * typed again asks nothing. A failed lookup is not shown to the payer (spec/2 §8): the card is then
 * charged in one payment. A 401 does not go to the login page: the payment-link page works logged out.
 */
export function useBinLookup(cardDigits: string) {
  const bin = cardDigits.length >= BIN_LENGTH ? cardDigits.slice(0, BIN_LENGTH) : null
  return useQuery({
    queryKey: paymentKeys.bin(bin),
    queryFn: ({ signal }) =>
      apiFetch<BinControlResponse>('/api/catalog/bin-control', {
        method: 'POST',
        body: new URLSearchParams({ binNumber: bin ?? '' }),
        signal,
        handleAuthErrors: false,
      }),
    enabled: bin !== null && cardDigits.length === CARD_DIGITS,
    staleTime: 10 * 60_000,
    retry: false,
  })
}

/**
 * GET /api/payments/:id: what the server recorded (the only truth about a payment). A payment link's
 * payer (maybe logged out) proves the intent is theirs with the link's token.
 */
export function fetchPaymentResult(
  id: string,
  signal?: AbortSignal,
  linkToken?: string,
): Promise<PaymentResult> {
  const query = linkToken ? `?token=${encodeURIComponent(linkToken)}` : ''
  return apiFetch<PaymentResult>(`/api/payments/${encodeURIComponent(id)}${query}`, { signal })
}

/** Not settled yet: the bank's 3-D Secure answer is awaited, or the approved payment is being booked or checked. */
export const isUnsettled = (status: PaymentStatus): boolean => status === 'pending' || status === 'processing'

/** How often a result page asks again about a payment being processed, and for how many answers. */
const RESULT_REFRESH_MS = 15_000
const RESULT_REFRESHES = 40

/**
 * The payment result for the result pages. A payment being processed is asked about again every 15
 * seconds for about ten minutes (the reconciler settles most within a few), so the page turns into the
 * paid or failed one by itself; a pending one waits for the payer's "refresh".
 */
export function usePaymentResult(id: string, linkToken?: string) {
  return useQuery({
    queryKey: paymentKeys.result(id),
    queryFn: ({ signal }) => fetchPaymentResult(id, signal, linkToken),
    enabled: id !== '',
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.status === 'processing' && query.state.dataUpdateCount < RESULT_REFRESHES
        ? RESULT_REFRESH_MS
        : false,
  })
}

/**
 * The waits between the questions once the frame claimed a success or said the payment is processing:
 * from one second, half as long again each time, at most ten seconds, about two minutes in all (the
 * reconciler asks the bank about a lost answer every minute).
 */
export function confirmDelays(totalMs = 120_000, firstMs = 1_000, factor = 1.5, capMs = 10_000): number[] {
  const delays: number[] = []
  let sum = 0
  let next = firstMs
  while (sum + next <= totalMs) {
    delays.push(next)
    sum += next
    next = Math.min(capMs, Math.round(next * factor))
  }
  return delays
}

const CONFIRM_DELAYS_MS = confirmDelays()

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Aborted', 'AbortError'))
      return
    }
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        reject(new DOMException('Aborted', 'AbortError'))
      },
      { once: true },
    )
  })
}

/** A failure worth asking again after: no answer, or the server (or a proxy) failing for now. */
const isPassing = (error: unknown) =>
  isApiError(error) && (error.code === 'network' || error.status >= 500 || error.status === 429)

export interface ConfirmOptions {
  signal?: AbortSignal
  linkToken?: string
  /** Each answer as it comes (the modal says "processing" as soon as the server does). */
  onUpdate?: (result: PaymentResult) => void
  delaysMs?: readonly number[]
}

/**
 * The frame said 'payment_succeed' or 'payment_processing': that is only a claim (any page could post
 * it). The server's record decides; a payment still pending or processing is asked about again with a
 * growing wait for about two minutes, and a passing failure (no answer, a 5xx) is asked again too. The
 * answer is the last one: settled, or still pending or processing once the time is up. A refusal (a
 * 404: not the payer's), or passing failures with no answer at all, throw.
 */
export async function confirmPayment(
  intentId: string,
  { signal, linkToken, onUpdate, delaysMs = CONFIRM_DELAYS_MS }: ConfirmOptions = {},
): Promise<PaymentResult> {
  let result: PaymentResult | null = null
  let lastError: unknown = null
  for (let attempt = 0; attempt <= delaysMs.length; attempt++) {
    if (attempt > 0) await wait(delaysMs[attempt - 1] ?? 0, signal)
    try {
      result = await fetchPaymentResult(intentId, signal, linkToken)
      lastError = null
      onUpdate?.(result)
      if (!isUnsettled(result.status)) return result
    } catch (error) {
      if (signal?.aborted || !isPassing(error)) throw error
      lastError = error
    }
  }
  if (result) return result
  throw lastError
}
