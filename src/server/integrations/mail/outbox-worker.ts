import { nextMailAttempt } from '../../../domain/mail-retry'
import type { Db } from '../../db/client'
import type { MailSignal } from './mail-signal'
import type { Mailer } from './mailer'
import { type ClaimedMail, claimDueMail, markMailAttemptFailed, markMailSent } from './outbox.repository'

type WorkerLog = {
  info: (obj: object, msg: string) => void
  warn: (obj: object, msg: string) => void
  error: (obj: object, msg: string) => void
}

export type OutboxWorkerOptions = {
  /** How often the table is looked at when nobody kicks the worker (mails queued by other processes, retries). */
  pollMs: number
  /** How long a claimed mail is this worker's before another may try it; longer than any send can take. */
  leaseMs?: number
}

/**
 * Sends the mail outbox: each due mail is claimed (FOR UPDATE SKIP LOCKED, so several processes never
 * send one mail twice), sent through the mailer, and marked sent, or scheduled again with the retry
 * schedule's wait, or failed after the last attempt. No transaction stays open while a mail is sent.
 */
export class MailOutboxWorker {
  private timer: NodeJS.Timeout | null = null
  private pass: Promise<void> | null = null
  private again = false
  private started = false
  private unlisten: (() => void) | null = null
  private readonly leaseMs: number

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly now: () => Date,
    private readonly log: WorkerLog,
    private readonly options: OutboxWorkerOptions,
    private readonly signal: MailSignal,
  ) {
    this.leaseMs = options.leaseMs ?? 10 * 60_000
  }

  start(): void {
    if (this.started) return
    this.started = true
    this.unlisten = this.signal.listen(this.kick)
    this.kick()
  }

  /** Stops polling and waits for the mail being sent, so the database can close behind it. */
  async stop(): Promise<void> {
    this.started = false
    this.unlisten?.()
    this.unlisten = null
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    while (this.pass) await this.pass
  }

  /** Starts a pass now, or right after the one under way (which may have missed the new mail). */
  readonly kick = (): void => {
    if (!this.started) return
    if (this.pass) {
      this.again = true
      return
    }
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.pass = this.sendDue()
      .catch((err) => this.log.error({ err }, 'mail outbox pass failed'))
      .finally(() => {
        this.pass = null
        if (!this.started) return
        if (this.again) {
          this.again = false
          this.kick()
        } else {
          // unref: a waiting poll never keeps the process (or a test run) alive.
          this.timer = setTimeout(this.kick, this.options.pollMs)
          this.timer.unref()
        }
      })
  }

  /** Runs a pass to its end (after the one under way); for tests and tools that must know it is done. */
  async runNow(): Promise<void> {
    while (this.pass) await this.pass
    this.kick()
    while (this.pass) await this.pass
  }

  /** Every mail due now, one at a time, until none is left or the worker stops. */
  private async sendDue(): Promise<void> {
    while (this.started) {
      const now = this.now()
      const mail = await claimDueMail(this.db, now, new Date(now.getTime() + this.leaseMs))
      if (!mail) return
      await this.deliver(mail)
    }
  }

  private async deliver(mail: ClaimedMail): Promise<void> {
    try {
      await this.mailer.send({ to: mail.to, subject: mail.subject, html: mail.html, text: mail.text })
    } catch (err) {
      const now = this.now()
      const next = nextMailAttempt(mail.attempts, now)
      const error = shortMailError(err)
      await markMailAttemptFailed(this.db, mail, error, next, now)
      this.log.warn(
        {
          mailId: mail.id,
          kind: mail.kind,
          attempts: mail.attempts,
          error,
          next: next?.toISOString() ?? null,
        },
        next ? 'mail not sent, will retry' : 'mail not sent, given up',
      )
      return
    }
    await markMailSent(this.db, mail, this.now())
    this.log.info({ mailId: mail.id, kind: mail.kind }, 'mail sent')
  }
}

/**
 * The mail server's answer in one short line for staff: the error code and the first line of the
 * reply (e.g. "EENVELOPE: 550 Mailbox unavailable"), user:password of any URL removed.
 */
export function shortMailError(error: unknown): string {
  const e = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown
    response?: unknown
    message?: unknown
  }
  const reply =
    typeof e.response === 'string' ? e.response : typeof e.message === 'string' ? e.message : String(error)
  const line = (reply.split(/\r?\n/)[0] ?? '').replace(/\/\/[^/\s@]*@/g, '//')
  const code = typeof e.code === 'string' ? e.code : null
  return (code ? `${code}: ${line}` : line).slice(0, 300)
}
