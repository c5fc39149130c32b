import { createHash } from 'node:crypto'
import { RateWindow } from '../../http/rate-window'
import type { ThrottleStore } from '../../http/throttle-store'

const MINUTE = 60_000

/**
 * How many payment starts are allowed (docs/payments.md, "Card-testing defence"). Every start is a
 * 3-D Secure initialisation at the bank, and a logged-out link holder could otherwise try cards as fast
 * as a script sends them. Counted in the store every process shares, before anything is asked.
 */
export type StartLimitRules = Record<'link' | 'user' | 'ip' | 'bin', { max: number; windowMs: number }>

export const START_LIMITS: StartLimitRules = {
  /** Per payment link (its token): a payer retrying a few times, not a card list. */
  link: { max: 5, windowMs: 10 * MINUTE },
  /** Per logged-in dealer user. */
  user: { max: 10, windowMs: 10 * MINUTE },
  /** Per client address (IPv6 by its /64). */
  ip: { max: 20, windowMs: 60 * MINUTE },
  /** Per card BIN (first 8 digits), store-wide: card testers walk the numbers of one BIN. */
  bin: { max: 30, windowMs: 60 * MINUTE },
}
export type StartRule = keyof StartLimitRules | 'link_paused'

export type StartAttempt = { linkToken: string | null; userId: number | null; ip: string; bin: string }

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32)

/** The start limits of one app, over its shared counter store. */
export class StartLimits {
  private readonly windows: Record<keyof StartLimitRules, RateWindow>

  constructor(store: ThrottleStore, rules: StartLimitRules = START_LIMITS) {
    const window = (rule: keyof StartLimitRules) =>
      new RateWindow(store, `pay-${rule}`, rules[rule].max, rules[rule].windowMs)
    this.windows = { link: window('link'), user: window('user'), ip: window('ip'), bin: window('bin') }
  }

  /**
   * Counts this start under every rule it falls under (a refused start counts too: a tester that keeps
   * trying stays refused) and answers the rule that refuses it with the wait, or null to go ahead.
   */
  async take(attempt: StartAttempt, now: number): Promise<{ rule: StartRule; waitMs: number } | null> {
    const keys: Array<[keyof StartLimitRules, string]> = [
      ['ip', attempt.ip],
      ['bin', attempt.bin],
    ]
    if (attempt.linkToken) keys.push(['link', digest(attempt.linkToken)])
    if (attempt.userId !== null) keys.push(['user', String(attempt.userId)])
    const waits = await Promise.all(keys.map(([rule, key]) => this.windows[rule].take(key, now)))
    let refusal: { rule: StartRule; waitMs: number } | null = null
    for (const [i, waitMs] of waits.entries()) {
      if (waitMs > (refusal?.waitMs ?? 0)) refusal = { rule: keys[i]![0], waitMs }
    }
    return refusal
  }
}
