import type { Db } from '../db/client'
import type { CompleteResult, PaymentGateway } from '../integrations/payments/gateway'
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

/**
 * The sandbox with its completion scripted per test: a bank that answers late, loses its answer, or
 * never got the request. Its books are the sandbox's own, so retrieve and refund answer as the
 * sandbox does (the reconciler's view of the bank).
 */
export class ScriptedGateway extends SandboxGateway {
  script: CompleteScript = 'normal'
  completions = 0
  private waiting: Array<() => void> = []

  constructor(secret: string, now: () => Date, books: Db) {
    super(secret, now, books)
  }

  /** Lets the held completions go on to the bank. */
  release() {
    for (const go of this.waiting.splice(0)) go()
  }

  /** Resolves once a completion is waiting on `release`. */
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
