import { RateWindow } from '../../http/rate-window'

/**
 * Counts failed logins per account and per IP in a sliding window. In-process memory: with several
 * app processes each keeps its own count (docs/operations.md); the limits still bound guessing.
 */
export type ThrottleOptions = { maxPerAccount: number; maxPerIp: number; windowMs: number }

export const defaultThrottle: ThrottleOptions = { maxPerAccount: 5, maxPerIp: 30, windowMs: 15 * 60 * 1000 }

export class LoginThrottle {
  private accounts: RateWindow
  private ips: RateWindow

  constructor(options: ThrottleOptions = defaultThrottle) {
    this.accounts = new RateWindow(options.maxPerAccount, options.windowMs)
    this.ips = new RateWindow(options.maxPerIp, options.windowMs)
  }

  /** Milliseconds until another attempt is allowed, or 0 when allowed now. */
  retryAfter(email: string, ip: string, now: number): number {
    return Math.max(this.accounts.retryAfter(email.toLowerCase(), now), this.ips.retryAfter(ip, now))
  }

  recordFailure(email: string, ip: string, now: number) {
    this.accounts.record(email.toLowerCase(), now)
    this.ips.record(ip, now)
  }

  recordSuccess(email: string) {
    this.accounts.forget(email.toLowerCase())
  }
}
