import {
  MAIL_OUTBOX_PAGE_SIZE,
  type MailOutboxItem,
  type MailOutboxList,
  type MailStatus,
} from '../../../contracts/mail-outbox'
import { pageBounds } from '../../../domain/paging'
import type { Db } from '../../db/client'
import { AppError, notFound } from '../../http/errors'
import type { StaffActor } from '../../identity'
import type { MailSignal } from '../../integrations/mail/mail-signal'
import { recordAudit } from '../audit/audit.service'
import { countMail, findMail, findMailPage, type MailRow, resetForRetry } from './mail-outbox.repository'

function mailView(row: MailRow): MailOutboxItem {
  const document =
    row.orderId !== null && row.orderNo !== null
      ? { type: 'order' as const, id: row.orderId, no: row.orderNo }
      : row.offerId !== null && row.offerNo !== null
        ? { type: 'offer' as const, id: row.offerId, no: row.offerNo }
        : null
  return {
    id: row.id,
    kind: row.kind,
    recipient: row.recipient,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    document,
  }
}

/** GET /yonetim/mail-outbox: the queued, sent or failed mails, newest first, a bounded page at a time. */
export async function listMailOutbox(
  db: Db,
  status: MailStatus | undefined,
  pageInput: number,
): Promise<MailOutboxList> {
  const total = await countMail(db, status)
  const { page, pages, offset } = pageBounds(total, pageInput, MAIL_OUTBOX_PAGE_SIZE)
  const rows = await findMailPage(db, status, offset, MAIL_OUTBOX_PAGE_SIZE)
  return { items: rows.map(mailView), page, pages, limit: MAIL_OUTBOX_PAGE_SIZE, total }
}

/** The metrics' backlog: mails waiting to be sent, and mails given up (status_idx counts them). */
export async function mailBacklog(db: Db): Promise<{ pending: number; failed: number }> {
  const [pending, failed] = await Promise.all([countMail(db, 'pending'), countMail(db, 'failed')])
  return { pending, failed }
}

/**
 * POST /yonetim/mail-outbox/{id}/retry: a failed (or still pending) mail is due now again with the
 * full retry schedule ahead of it, and the worker is woken to send it. A sent mail is not sent twice.
 */
export async function retryMail(
  { db, mailSignal }: { db: Db; mailSignal: MailSignal },
  staff: StaffActor,
  id: number,
  now: Date,
): Promise<MailOutboxItem> {
  const reset = await db.transaction(async (tx) => {
    const before = await findMail(tx, id)
    if (!before || !(await resetForRetry(tx, id, now))) return false
    await recordAudit(
      tx,
      staff,
      {
        entity: 'mail',
        entityId: id,
        action: 'retry',
        before: { status: before.status, attempts: before.attempts },
        after: { status: 'pending', attempts: 0 },
      },
      now,
    )
    return true
  })
  if (!reset) {
    const row = await findMail(db, id)
    if (!row) throw notFound()
    throw new AppError('conflict', 'mailOutbox.alreadySent', undefined, 'already_sent')
  }
  // Read before waking the worker, so the answer is the reset row, not a send half done.
  const row = await findMail(db, id)
  mailSignal.notify()
  if (!row) throw notFound()
  return mailView(row)
}
