import { isDelivered, nextWebhookAttempt, webhookSignatureHeader } from '../../../domain/webhook-delivery'
import type { Db } from '../../db/client'
import { assertOutsideTransaction } from '../../db/transaction-context'
import { integrationEntity } from './integration-feeds.service'
import {
  type ClaimedDelivery,
  claimDueDelivery,
  deleteSettledDeliveriesBefore,
  findEndpointTarget,
  markAttemptFailed,
  markDelivered,
  storeDeliveryBody,
} from './webhooks.repository'

type WorkerLog = {
  info: (obj: object, msg: string) => void
  warn: (obj: object, msg: string) => void
  error: (obj: object, msg: string) => void
}

export type WebhookWorkerOptions = {
  /** How often the table is looked at (deliveries queued by any process, retries falling due). */
  pollMs: number
  /** How long one attempt may take before it counts as failed. */
  timeoutMs?: number
  /** How long a claimed delivery is this worker's before another may try it; longer than any attempt. */
  leaseMs?: number
}

export const WEBHOOK_TIMEOUT_MS = 10_000
/** How long a sent or given-up delivery stays in the log (and on the sync health screen). */
export const WEBHOOK_LOG_DAYS = 30
/** How often a worker looks for deliveries past WEBHOOK_LOG_DAYS. */
const PRUNE_EVERY_MS = 60 * 60 * 1000

/**
 * Sends the webhook outbox: each due delivery is claimed (FOR UPDATE SKIP LOCKED), its body built at
 * the first attempt and kept, signed with the endpoint's secret, POSTed with a timeout, and marked
 * sent on a 2xx or scheduled again by the backoff table (domain/webhook-delivery.ts), failed after the
 * last attempt. No transaction is open while the receiver is called. The same shape as the mail
 * outbox worker; it polls rather than being woken, so a new event leaves within `pollMs`. Once an
 * hour it also drops the deliveries settled more than WEBHOOK_LOG_DAYS ago, so the log stays bounded.
 */
export class WebhookWorker {
  private timer: NodeJS.Timeout | null = null
  private pass: Promise<void> | null = null
  private again = false
  private started = false
  private prunedAt = Number.NEGATIVE_INFINITY
  private readonly timeoutMs: number
  private readonly leaseMs: number

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly log: WorkerLog,
    private readonly options: WebhookWorkerOptions,
  ) {
    this.timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS
    this.leaseMs = options.leaseMs ?? Math.max(60_000, this.timeoutMs * 3)
  }

  start(): void {
    if (this.started) return
    this.started = true
    this.kick()
  }

  /** Stops polling and waits for the delivery under way, so the database can close behind it. */
  async stop(): Promise<void> {
    this.started = false
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    while (this.pass) await this.pass
  }

  readonly kick = (): void => {
    if (!this.started) return
    if (this.pass) {
      this.again = true
      return
    }
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.pass = this.sendDue()
      .then(() => this.pruneIfDue())
      .catch((err) => this.log.error({ err }, 'webhook pass failed'))
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

  /** Runs a pass to its end (after the one under way); for tests that must know it is done. */
  async runNow(): Promise<void> {
    while (this.pass) await this.pass
    this.kick()
    while (this.pass) await this.pass
  }

  private async sendDue(): Promise<void> {
    while (this.started) {
      const now = this.now()
      const delivery = await claimDueDelivery(this.db, now, new Date(now.getTime() + this.leaseMs))
      if (!delivery) return
      await this.deliver(delivery)
    }
  }

  /** Once an hour, the deliveries settled more than WEBHOOK_LOG_DAYS ago leave the log. */
  private async pruneIfDue(): Promise<void> {
    const now = this.now()
    if (now.getTime() - this.prunedAt < PRUNE_EVERY_MS) return
    this.prunedAt = now.getTime()
    const removed = await deleteSettledDeliveriesBefore(
      this.db,
      new Date(now.getTime() - WEBHOOK_LOG_DAYS * 24 * 60 * 60 * 1000),
    )
    if (removed > 0) this.log.info({ removed }, 'old webhook deliveries removed from the log')
  }

  private async fail(
    d: ClaimedDelivery,
    failure: { statusCode: number | null; error: string },
    last = false,
  ) {
    const now = this.now()
    const next = last ? null : nextWebhookAttempt(d.attempts, now)
    await markAttemptFailed(this.db, d, failure, next, now)
    this.log.warn(
      {
        deliveryId: d.id,
        event: d.event,
        attempts: d.attempts,
        ...failure,
        next: next?.toISOString() ?? null,
      },
      next ? 'webhook not delivered, will retry' : 'webhook not delivered, given up',
    )
  }

  private async deliver(d: ClaimedDelivery): Promise<void> {
    const target = await findEndpointTarget(this.db, d.endpointId)
    if (!target || target.disabledAt)
      return this.fail(d, { statusCode: null, error: 'endpoint removed' }, true)
    const body = d.body ?? (await this.buildBody(d))
    if (body === null)
      return this.fail(d, { statusCode: null, error: `${d.kind} ${d.entityId} no longer exists` }, true)

    assertOutsideTransaction('webhook delivery')
    const seconds = Math.floor(this.now().getTime() / 1000)
    let status: number
    try {
      const res = await fetch(target.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Toptan-Webhooks/1',
          'x-toptan-event': d.event,
          'x-toptan-delivery': String(d.id),
          'x-toptan-signature': await webhookSignatureHeader(target.secret, seconds, body),
        },
        body,
        // A redirect is an answer, not a 2xx: the receiver's address should be the final one.
        redirect: 'manual',
        signal: AbortSignal.timeout(this.timeoutMs),
      })
      status = res.status
      // The answer's body is not read: drop it so the connection is freed.
      await res.body?.cancel().catch(() => undefined)
    } catch (err) {
      return this.fail(d, { statusCode: null, error: this.shortError(err) })
    }
    if (!isDelivered(status)) return this.fail(d, { statusCode: status, error: `HTTP ${status}` })
    await markDelivered(this.db, d, status, this.now())
    this.log.info({ deliveryId: d.id, event: d.event, status }, 'webhook delivered')
  }

  /** `{id, event, createdAt, data}`: the entity as the feed shows it at the first attempt, kept from then. */
  private async buildBody(d: ClaimedDelivery): Promise<string | null> {
    const data = await integrationEntity(this.db, d.kind, d.entityId)
    if (!data) return null
    const body = JSON.stringify({
      id: String(d.id),
      event: d.event,
      createdAt: d.createdAt.toISOString(),
      data,
    })
    await storeDeliveryBody(this.db, d.id, body)
    return body
  }

  /** One short line: a timeout, or the connection's error code (never the body or a URL's credentials). */
  private shortError(err: unknown): string {
    const e = err as { name?: string; cause?: { code?: string; message?: string }; message?: string }
    if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return `timeout after ${this.timeoutMs} ms`
    const cause = e?.cause?.code ?? e?.cause?.message ?? e?.message ?? String(err)
    return String(cause).split('\n')[0]!.slice(0, 300)
  }
}
