/**
 * At most `max` events per key within a sliding window, in process memory (with several app processes
 * each counts its own, which still bounds what one user can do). LoginThrottle counts failed logins
 * with it, per account and per IP (a count of failures, which a request limiter does not keep).
 */
export class RateWindow {
  private events = new Map<string, number[]>()

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  private recent(key: string, now: number): number[] {
    const list = (this.events.get(key) ?? []).filter((t) => now - t < this.windowMs)
    if (list.length) this.events.set(key, list)
    else this.events.delete(key)
    return list
  }

  /** Milliseconds until another event is allowed, or 0 when one is allowed now. */
  retryAfter(key: string, now: number): number {
    const list = this.recent(key, now)
    return list.length >= this.max ? list[list.length - this.max]! + this.windowMs - now : 0
  }

  record(key: string, now: number) {
    this.events.set(key, [...this.recent(key, now), now])
    if (this.events.size > 10_000) this.prune(now)
  }

  /** Records an event and answers 0, or answers how many ms until one is allowed (recording nothing). */
  take(key: string, now: number): number {
    const wait = this.retryAfter(key, now)
    if (wait === 0) this.record(key, now)
    return wait
  }

  forget(key: string) {
    this.events.delete(key)
  }

  private prune(now: number) {
    for (const key of [...this.events.keys()]) this.recent(key, now)
  }
}
