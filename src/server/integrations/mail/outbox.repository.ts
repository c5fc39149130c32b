import { and, asc, eq, lte, sql } from 'drizzle-orm'
import type { MailKind } from '../../../contracts/mail-outbox'
import type { Db } from '../../db/client'
import { mailOutbox } from '../../db/schema/mail'
import type { MailMessage } from './mailer'

export type QueuedMail = MailMessage & { kind: MailKind; orderId?: number; offerId?: number }

/** Queues a mail; called with the transaction that writes its document, so both commit or neither. */
export async function enqueueMail(db: Db, mail: QueuedMail, now: Date): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    .values({
      kind: mail.kind,
      recipient: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      orderId: mail.orderId ?? null,
      offerId: mail.offerId ?? null,
      nextAttemptAt: now,
      createdAt: now,
    })
    .returning({ id: mailOutbox.id })
  return row!.id
}

export type ClaimedMail = { id: number; attempts: number; kind: MailKind } & MailMessage

/**
 * Takes the pending mail that fell due first, counts the attempt and moves its due time to the end of
 * the lease, in one statement: SKIP LOCKED lets another worker take the next mail instead of waiting,
 * and once this commits no other worker picks the row until the lease ends. A worker that dies while
 * sending leaves the mail to be tried again after the lease.
 */
export async function claimDueMail(db: Db, now: Date, leaseUntil: Date): Promise<ClaimedMail | null> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
    .limit(1)
    .for('update', { skipLocked: true })
  const [row] = await db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: leaseUntil })
    // `= (subquery)` runs the pick once; `IN (subquery)` may rerun it for each row scanned and, with
    // SKIP LOCKED passing over the rows it has just locked, claim several mails at once.
    .where(and(sql`${mailOutbox.id} = (${due})`, eq(mailOutbox.status, 'pending')))
    .returning({
      id: mailOutbox.id,
      attempts: mailOutbox.attempts,
      kind: mailOutbox.kind,
      to: mailOutbox.recipient,
      subject: mailOutbox.subject,
      html: mailOutbox.html,
      text: mailOutbox.text,
    })
  return row ?? null
}

/** The claim this worker holds: the row still pending at the attempt it counted (staff may have reset it). */
const stillClaimed = (mail: ClaimedMail) =>
  and(eq(mailOutbox.id, mail.id), eq(mailOutbox.attempts, mail.attempts), eq(mailOutbox.status, 'pending'))

export async function markMailSent(db: Db, mail: ClaimedMail, now: Date): Promise<void> {
  await db.update(mailOutbox).set({ status: 'sent', sentAt: now, lastError: null }).where(stillClaimed(mail))
}

/** A failed attempt: due again at `nextAttemptAt`, or failed for good when there is none. */
export async function markMailAttemptFailed(
  db: Db,
  mail: ClaimedMail,
  error: string,
  nextAttemptAt: Date | null,
  now: Date,
): Promise<void> {
  await db
    .update(mailOutbox)
    .set(
      nextAttemptAt
        ? { lastError: error, nextAttemptAt }
        : { lastError: error, status: 'failed', nextAttemptAt: now },
    )
    .where(stillClaimed(mail))
}
