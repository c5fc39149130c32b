import type { TFunction } from 'i18next'
import type { Locale } from '../../../contracts/common'
import type { MailOutboxItem, MailStatus } from '../../../contracts/mail-outbox'

const dateFormats = new Map<string, Intl.DateTimeFormat>()

function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let format = dateFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'tr-TR', options)
    dateFormats.set(key, format)
  }
  return format
}

/** '14.03.2026 12:30' (tr), '14/03/2026, 12:30' (en), in the browser's time zone. */
export function formatMailDate(iso: string, locale: Locale): string {
  return dateFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso))
}

/** The same moment as its date and its time apart ('14.03.2026', '12:30'), for a narrow table column. */
export function mailDateParts(iso: string, locale: Locale): { date: string; time: string } {
  const moment = new Date(iso)
  return {
    date: dateFormat(locale, { dateStyle: 'short' }).format(moment),
    time: dateFormat(locale, { timeStyle: 'short' }).format(moment),
  }
}

export function mailKindText(mail: MailOutboxItem, t: TFunction): string {
  if (mail.kind === 'order_confirmation') return t('staff.mail.kind.orderConfirmation')
  if (mail.kind === 'payment_link') return t('staff.mail.kind.paymentLink')
  if (mail.kind === 'fault_report') return t('faultReport.mailKind')
  return t('staff.mail.kind.offer')
}

/** 'Sipariş S2026-000077' / 'Teklif T2026-000012', or null when the document is gone. */
export function mailDocumentText(mail: MailOutboxItem, t: TFunction): string | null {
  if (!mail.document) return null
  return mail.document.type === 'order'
    ? t('staff.mail.document.order', { no: mail.document.no })
    : t('staff.mail.document.offer', { no: mail.document.no })
}

/**
 * The time that matters for a status, with its column name: when a pending mail is tried next, when a
 * failed one was tried last (its last due time), when a sent one left.
 */
export function mailTime(
  status: MailStatus,
  t: TFunction,
): { label: string; of: (mail: MailOutboxItem) => string | null } {
  if (status === 'sent') return { label: t('staff.mail.columns.sentAt'), of: (mail) => mail.sentAt }
  if (status === 'failed') {
    return { label: t('staff.mail.columns.lastAttemptAt'), of: (mail) => mail.nextAttemptAt }
  }
  return { label: t('staff.mail.columns.nextAttemptAt'), of: (mail) => mail.nextAttemptAt }
}

/** A sent mail is never sent again; a failed or pending one can be made due now. */
export function canRetry(mail: MailOutboxItem): boolean {
  return mail.status !== 'sent'
}
