import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * Test files that take a minute or close to it (processes killed and restarted, a slow bank waited
 * for, clusters made with initdb). Started last by a shuffle, such a file ran alone on one core at
 * the end of the run while the other idled; started first, it runs beside the short ones.
 */
export const SLOW_FILES = [
  'src/server/fault/crash.int.test.ts',
  'src/server/modules/payments/payment-slow-bank.int.test.ts',
  'src/server/db/pglite-connection.int.test.ts',
  'src/server/modules/account/throttle-concurrency.int.test.ts',
  'src/server/db/backup-under-load.int.test.ts',
  'src/server/db/seed/demo.int.test.ts',
  'src/server/multi-process/two-processes.int.test.ts',
  'src/server/db/backup.int.test.ts',
  'src/server/start-up.int.test.ts',
]

/** A seeded random number generator (mulberry32): one seed, one order. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** The files in an order drawn from the seed, the slow ones first (in their drawn order too). */
export function slowFirstShuffle<T>(files: T[], pathOf: (file: T) => string, seed: number): T[] {
  const random = seededRandom(seed)
  const order = [...files]
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[order[i], order[j]] = [order[j] as T, order[i] as T]
  }
  const slow = (file: T) => SLOW_FILES.some((name) => pathOf(file).endsWith(name))
  return [...order.filter(slow), ...order.filter((file) => !slow(file))]
}

/** Vitest's file order: shuffled by the run's seed (`--sequence.seed`), the slow files first. */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return slowFirstShuffle(files, (file) => file.moduleId, this.ctx.config.sequence.seed)
  }
}
