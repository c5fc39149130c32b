import { useQuery } from '@tanstack/react-query'
import type { BinControlResponse, PaymentResult } from '../../../contracts/payments'
import { BIN_LENGTH, CARD_DIGITS } from '../../../domain/card-form'
import { apiFetch } from '../api-client'

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

/** GET /api/payments/:id: what the server recorded (the only truth about a payment). */
/** A payment link's payer (maybe logged out) proves the intent is theirs with the link's token. */
export function fetchPaymentResult(
  id: string,
  signal?: AbortSignal,
  linkToken?: string,
): Promise<PaymentResult> {
  const query = linkToken ? `?token=${encodeURIComponent(linkToken)}` : ''
  return apiFetch<PaymentResult>(`/api/payments/${encodeURIComponent(id)}${query}`, { signal })
}

/** The payment result for the summary page. */
export function usePaymentResult(id: string) {
  return useQuery({
    queryKey: paymentKeys.result(id),
    queryFn: ({ signal }) => fetchPaymentResult(id, signal),
    enabled: id !== '',
    retry: false,
  })
}

/** How often and how long a payment the frame called succeeded is asked about while still pending. */
const CONFIRM_TRIES = 5
const CONFIRM_DELAY_MS = 800

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
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

/**
 * The frame said 'payment_succeed': that is only a claim (any page could post it). The server's
 * record decides; a payment whose bank callback is still on its way is asked again a few times.
 */
export async function confirmPayment(
  intentId: string,
  signal?: AbortSignal,
  delayMs = CONFIRM_DELAY_MS,
  linkToken?: string,
): Promise<PaymentResult> {
  let result = await fetchPaymentResult(intentId, signal, linkToken)
  for (let i = 1; i < CONFIRM_TRIES && result.status === 'pending'; i++) {
    await wait(delayMs, signal)
    result = await fetchPaymentResult(intentId, signal, linkToken)
  }
  return result
}
