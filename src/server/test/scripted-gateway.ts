import type { Db } from '../db/client'
import type { CompleteResult, PaymentGateway, RefundResult } from '../integrations/payments/gateway'
import { SandboxGateway } from '../integrations/payments/sandbox/sandbox-gateway'

/** How the next completion behaves, as a test scripts it. */
export type CompleteScript =
  /** As the sandbox bank does (its books decide). */
  | 'normal'
  /** The bank takes the money, but its answer never arrives (a timeout). */
  | 'charged-then-lost'
  /** The request never reaches the bank, and no answer comes either. */
  | 'lost-before-bank'
  /** The bank takes the money only once the test says so (`release`), then answers. */
  | 'held'

/** How the next refund behaves, as a test scripts it. */
export type RefundScript =
  /** As the sandbox bank does (its books decide). */
  | 'normal'
  /** The bank refuses: nothing is given back. */
  | 'refused'
  /** The process dies before the request reaches the bank (the call throws; the bank's books unchanged). */
  | 'died-before-bank'
  /** The bank refunds, then the process dies before it reads the answer (the call throws). */
  | 'died-after-bank'
  /** The bank refunds only once the test says so (`release`), then answers. */
  | 'held'

/**
 * The sandbox with its completion scripted per test: a bank that answers late, loses its answer, or
 * never got the request. Its books are the sandbox's own, so retrieve and refund answer as the
 * sandbox does (the reconciler's view of the bank).
 */
export class ScriptedGateway extends SandboxGateway {
  script: CompleteScript = 'normal'
  completions = 0
  refundScript: RefundScript = 'normal'
  refunds = 0
  private waiting: Array<() => void> = []

  constructor(secret: string, now: () => Date, books: Db) {
    super(secret, now, books)
  }

  override async refund(input: Parameters<PaymentGateway['refund']>[0]): Promise<RefundResult> {
    this.refunds++
    const script = this.refundScript
    if (script === 'refused') return { outcome: 'failed', message: 'İade reddedildi (test)' }
    if (script === 'died-before-bank') throw new Error('the process died (test)')
    if (script === 'held') await new Promise<void>((go) => this.waiting.push(go))
    const answer = await super.refund(input)
    if (script === 'died-after-bank') throw new Error('the process died (test)')
    return answer
  }

  /** Lets the held completions and refunds go on to the bank. */
  release() {
    for (const go of this.waiting.splice(0)) go()
  }

  /** Resolves once a completion or a refund is waiting on `release`. */
  async held(): Promise<void> {
    while (this.waiting.length === 0) await new Promise((r) => setTimeout(r, 5))
  }

  override async complete(input: Parameters<PaymentGateway['complete']>[0]): Promise<CompleteResult> {
    this.completions++
    const script = this.script
    if (script === 'lost-before-bank') return { outcome: 'unknown', message: 'no answer (test)' }
    if (script === 'held') await new Promise<void>((go) => this.waiting.push(go))
    const answer = await super.complete(input)
    return script === 'charged-then-lost' ? { outcome: 'unknown', message: 'no answer (test)' } : answer
  }
}
