import type { TFunction } from 'i18next'
import type { MailOutboxItem, MailStatus } from '../../../contracts/mail-outbox'

export function mailKindText(mail: MailOutboxItem, t: TFunction): string {
  if (mail.kind === 'order_confirmation') return t('staff.mail.kind.orderConfirmation')
  if (mail.kind === 'payment_link') return t('staff.mail.kind.paymentLink')
  if (mail.kind === 'fault_report') return t('faultReport.mailKind')
  if (mail.kind === 'store_order') return t('staff.mail.kind.storeOrder')
  if (mail.kind === 'store_offer') return t('staff.mail.kind.storeOffer')
  if (mail.kind === 'user_invite') return t('staff.mail.kind.userInvite')
  if (mail.kind === 'password_reset') return t('staff.mail.kind.passwordReset')
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
