import { notifications } from '@mantine/notifications'
import { useRef, useState } from 'react'
import type { PaymentLinkResponse } from '../../../contracts/payments'
import { parseAmount } from '../../../domain/amount'
import { useTranslation } from '../../i18n/use-translation'
import { amountRefusalText } from '../../lib/amount-text'
import { isApiError } from '../../lib/api-error'
import { showAlert } from '../alert'
import { postPaymentLink } from './payment-link-api'
import { tokenOfLink, whatsappShareUrl } from './payment-link-share'

/** The modal's states (spec/2 §4): open, working, then success (the link is shown) or error. */
export type PaymentLinkStatus = 'open' | 'working' | 'success' | 'error'
export type PaymentLinkAction = 'create' | 'send' | 'whatsapp'

type Outcome = { ok: true; response: PaymentLinkResponse } | { ok: false; message: string | null }

/** The wording of spec/2 §8 for a failed call: the server's message, else ours, or the exception text. */
function failure(error: unknown, failed: string, exception: string): string | null {
  if (!isApiError(error)) return exception
  // 401 went to the login page and 403 showed the server's toast already.
  if (error.handled) return null
  if (error.status === 0) return exception
  return error.message || failed
}

/**
 * What the payment-link modal does: make a link for the typed amount, copy it, mail it, share it on
 * WhatsApp. The link shown always belongs to the amount shown: typing another amount drops it, so
 * "send" mails the link on screen (by its token) or, when there is none, makes and mails a new one.
 * Everything lives in the modal's body, so closing the modal clears every field.
 */
export function usePaymentLink(settleEntryIds: number[], initialAmount: string) {
  const { t } = useTranslation()
  const [amount, setAmountText] = useState(initialAmount)
  const [email, setEmailText] = useState('')
  const [status, setStatus] = useState<PaymentLinkStatus>('open')
  const [action, setAction] = useState<PaymentLinkAction | null>(null)
  const [message, setMessage] = useState('')
  const [link, setLink] = useState<{ url: string; amount: string } | null>(null)
  const [errors, setErrors] = useState<{ amount?: string; email?: string }>({})
  const busy = useRef(false)

  const setAmount = (value: string) => {
    setAmountText(value)
    setErrors((e) => ({ ...e, amount: undefined }))
    const parsed = parseAmount(value)
    if (link && (!parsed.ok || parsed.amount !== link.amount)) {
      setLink(null)
      setStatus('open')
      setMessage('')
    }
  }
  const setEmail = (value: string) => {
    setEmailText(value)
    setErrors((e) => ({ ...e, email: undefined }))
  }

  const begin = (which: PaymentLinkAction) => {
    busy.current = true
    setAction(which)
    setStatus('working')
    setMessage('')
  }
  const end = (next: PaymentLinkStatus, text: string) => {
    busy.current = false
    setAction(null)
    setStatus(next)
    setMessage(text)
  }

  /**
   * The amount as the server reads it (the one grammar of typed amounts, domain/amount.ts), or the
   * spec's error on the amount field ('1.234' is told how to write it instead).
   */
  const checkedAmount = (): string | null => {
    const parsed = parseAmount(amount)
    if (parsed.ok) return parsed.amount
    const text = amountRefusalText(t, amount, parsed.reason, t('paymentLink.invalidAmount'))
    setErrors((e) => ({ ...e, amount: text }))
    return null
  }

  const call = async (
    parsed: string,
    body: { email: string; sendEmail: boolean; token?: string | undefined },
    texts: { failed: string; exception: string },
  ): Promise<Outcome> => {
    try {
      const response = await postPaymentLink({ amount: parsed, settleEntryIds, ...body })
      if (!response.success) return { ok: false, message: response.message || texts.failed }
      setLink({ url: response.link, amount: parsed })
      return { ok: true, response }
    } catch (error) {
      if (isApiError(error) && error.fields) {
        const fields = error.fields
        setErrors({ amount: fields.amount, email: fields.email })
      }
      return { ok: false, message: failure(error, texts.failed, texts.exception) }
    }
  }

  const createTexts = { failed: t('paymentLink.createFailed'), exception: t('paymentLink.createError') }

  const create = async () => {
    if (busy.current) return
    const parsed = checkedAmount()
    if (!parsed) return end('error', t('paymentLink.invalidAmount'))
    begin('create')
    const outcome = await call(parsed, { email: '', sendEmail: false }, createTexts)
    if (outcome.ok) end('success', outcome.response.message || t('paymentLink.created'))
    else end(outcome.message ? 'error' : 'open', outcome.message ?? '')
  }

  const send = async () => {
    if (busy.current) return
    const parsed = checkedAmount()
    const to = email.trim()
    if (!to) setErrors((e) => ({ ...e, email: t('paymentLink.emailRequired') }))
    if (!parsed) return end('error', t('paymentLink.invalidAmount'))
    if (!to) return end('error', t('paymentLink.emailRequired'))
    begin('send')
    const token = link?.amount === parsed ? tokenOfLink(link.url) : undefined
    const outcome = await call(
      parsed,
      { email: to, sendEmail: true, token },
      { failed: t('paymentLink.sendFailed'), exception: t('paymentLink.sendError') },
    )
    if (outcome.ok) end('success', outcome.response.message || t('paymentLink.sent'))
    else end(outcome.message ? 'error' : 'open', outcome.message ?? '')
  }

  const copy = async (input: HTMLInputElement | null) => {
    if (!link) {
      notifications.show({ color: 'yellow', message: t('paymentLink.createFirst') })
      return
    }
    try {
      await navigator.clipboard.writeText(link.url)
      notifications.show({ color: 'green', message: t('paymentLink.copied') })
    } catch {
      // No clipboard (an insecure origin, or refused): the link is selected for the user to copy.
      input?.select()
      notifications.show({ color: 'red', message: t('paymentLink.copyFailed') })
    }
  }

  /**
   * Shares the link on WhatsApp, making one first when there is none (spec/2 §7); errors are alerts
   * (§8). The new tab is opened in the click itself, before the call, so no pop-up blocker stops it.
   */
  const shareOnWhatsApp = async () => {
    if (busy.current) return
    const share = (url: string) => whatsappShareUrl(t('paymentLink.whatsappText', { link: url }))
    if (link) {
      window.open(share(link.url), '_blank', 'noopener,noreferrer')
      return
    }
    const parsed = checkedAmount()
    if (!parsed) {
      showAlert(t, t('paymentLink.invalidAmount'), { testId: 'payment-link-alert' })
      return end('error', '')
    }
    const tab = window.open('', '_blank')
    if (tab) tab.opener = null
    begin('whatsapp')
    const outcome = await call(parsed, { email: '', sendEmail: false }, createTexts)
    if (!outcome.ok) {
      tab?.close()
      if (outcome.message) showAlert(t, outcome.message, { testId: 'payment-link-alert' })
      return end(outcome.message ? 'error' : 'open', '')
    }
    end('success', outcome.response.message || t('paymentLink.created'))
    if (tab) {
      tab.location.href = share(outcome.response.link)
    } else {
      window.open(share(outcome.response.link), '_blank', 'noopener,noreferrer')
    }
  }

  return {
    amount,
    setAmount,
    email,
    setEmail,
    status,
    action,
    message,
    link: link?.url ?? '',
    errors,
    create,
    send,
    copy,
    shareOnWhatsApp,
  }
}
