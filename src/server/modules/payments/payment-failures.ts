import type { Locale } from '../../../contracts/common'
import { AppError } from '../../http/errors'
import { type MessageKey, type MessageParams, translate } from '../../http/messages'

/**
 * Our own text, in the payer's language, for a failure a gateway reports by code; only a code not
 * listed shows the bank's own (Turkish) text.
 */
const FAILURE_KEYS: Record<string, MessageKey> = {
  insufficient_funds: 'payments.insufficientFunds',
  three_ds_failed: 'payments.threeDsFailed',
  technical_error: 'payments.technicalError',
  expired: 'payments.expired',
  cart_changed: 'payments.cartChanged',
  link_unavailable: 'payments.linkUnavailable',
  // The gateway's answer could not be trusted (its signature, amount or shape): nothing was charged.
  signature: 'payments.notVerified',
  amount_mismatch: 'payments.notVerified',
  malformed: 'payments.notVerified',
}

export type Failure = { code: string; message: string }

/** A failure as it is stored: its code and its text in Turkish (the back office's language). */
export function failureOf(code: string, bankText: string | undefined): Failure {
  return { code, message: failureText('tr', code, bankText ?? null) }
}

/** An AppError raised while preparing the payment's effect (no stock, cart changed…), as stored. */
export function failureOfError(err: AppError): Failure {
  return { code: err.code, message: translate('tr', err.messageKey, err.params) }
}

/** The failure's text in a language: ours for a known code, else the stored (bank's) text. */
export function failureText(locale: Locale, code: string | null, stored: string | null): string {
  const key = code ? FAILURE_KEYS[code] : undefined
  if (key) return translate(locale, key)
  return stored || translate(locale, 'payments.failed')
}

/** The error a refused start answers (402), in the request's language by the error handler. */
export function paymentRefused(code: string, bankText: string): AppError {
  const key = FAILURE_KEYS[code]
  const params: MessageParams | undefined = key ? undefined : { message: bankText }
  return new AppError('payment', key ?? 'payments.gatewayMessage', params, code)
}
