/**
 * Counts failed logins per account and per IP in a sliding window. In-process memory: with several
 * app processes each keeps its own count (docs/operations.md); the limits still bound guessing.
 */
export type ThrottleOptions = { maxPerAccount: number; maxPerIp: number; windowMs: number }

export const defaultThrottle: ThrottleOptions = { maxPerAccount: 5, maxPerIp: 30, windowMs: 15 * 60 * 1000 }

export class LoginThrottle {
  private failures = new Map<string, number[]>()

  constructor(private readonly options: ThrottleOptions = defaultThrottle) {}

  private recent(key: string, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => now - t < this.options.windowMs)
    if (list.length) this.failures.set(key, list)
    else this.failures.delete(key)
    return list
  }

  /** Milliseconds until another attempt is allowed, or 0 when allowed now. */
  retryAfter(email: string, ip: string, now: number): number {
    const checks: Array<[string, number]> = [
      [`a:${email.toLowerCase()}`, this.options.maxPerAccount],
      [`i:${ip}`, this.options.maxPerIp],
    ]
    let wait = 0
    for (const [key, max] of checks) {
      const list = this.recent(key, now)
      if (list.length >= max)
        wait = Math.max(wait, (list[list.length - max] ?? now) + this.options.windowMs - now)
    }
    return wait
  }

  recordFailure(email: string, ip: string, now: number) {
    for (const key of [`a:${email.toLowerCase()}`, `i:${ip}`]) {
      this.failures.set(key, [...this.recent(key, now), now])
    }
    if (this.failures.size > 50_000) this.prune(now)
  }

  recordSuccess(email: string) {
    this.failures.delete(`a:${email.toLowerCase()}`)
  }

  private prune(now: number) {
    for (const key of this.failures.keys()) this.recent(key, now)
  }
}
