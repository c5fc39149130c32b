/**
 * Deterministic pseudo-random numbers for seed data: the same seed gives the same catalogue on every
 * machine and every run, so tests, screenshots and benchmarks can rely on it.
 */

export type Rng = {
  /** Uniform in [0, 1). */
  next: () => number
  /** Integer in [min, max], both inclusive. */
  int: (min: number, max: number) => number
  /** True with probability p. */
  chance: (p: number) => boolean
  pick: <T>(items: readonly T[]) => T
  /** n distinct items (or all of them when n exceeds the list), in random order. */
  sample: <T>(items: readonly T[], n: number) => T[]
  /** Uniform on a log scale: prices spread the way real price lists do. */
  logUniform: (min: number, max: number) => number
}

/** Mixes two integers into a well-spread 32-bit seed (a MurmurHash3 finaliser). */
export function mixSeed(a: number, b = 0): number {
  let h = (Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35)) >>> 0
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b) >>> 0
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35) >>> 0
  h ^= h >>> 16
  return h >>> 0
}

/** mulberry32: tiny, fast and good enough for made-up catalogues (not for anything secret). */
export function createRng(seed: number): Rng {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list')
    return items[int(0, items.length - 1)] as T
  }
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick,
    sample: <T>(items: readonly T[], n: number): T[] => {
      const copy = [...items]
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(0, i)
        ;[copy[i], copy[j]] = [copy[j] as T, copy[i] as T]
      }
      return copy.slice(0, Math.min(n, copy.length))
    },
    logUniform: (min, max) => Math.exp(Math.log(min) + next() * (Math.log(max) - Math.log(min))),
  }
}

/** Every product gets its own stream, so product n is the same whatever was generated before it. */
export function productRng(seed: number, seq: number): Rng {
  return createRng(mixSeed(seed, seq))
}
