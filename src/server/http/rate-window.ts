/**
 * At most `max` events per key within a sliding window, in process memory (with several app processes
 * each counts its own, which still bounds what one user can do).
 */
export class RateWindow {
  private events = new Map<string, number[]>()

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Records an event and answers 0, or answers how many ms until one is allowed (recording nothing). */
  take(key: string, now: number): number {
    const recent = (this.events.get(key) ?? []).filter((t) => now - t < this.windowMs)
    if (recent.length >= this.max) {
      this.events.set(key, recent)
      return recent[recent.length - this.max]! + this.windowMs - now
    }
    recent.push(now)
    this.events.set(key, recent)
    if (this.events.size > 10_000) this.prune(now)
    return 0
  }

  private prune(now: number) {
    for (const [key, list] of this.events) {
      if (list.every((t) => now - t >= this.windowMs)) this.events.delete(key)
    }
  }
}
