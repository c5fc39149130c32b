import { BaseSequencer, type TestSpecification } from 'vitest/node'
import { createRng } from '../src/server/db/seed/random'

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

/** The files in an order drawn from the seed, the slow ones first (in their drawn order too). */
export function slowFirstShuffle<T>(files: T[], pathOf: (file: T) => string, seed: number): T[] {
  const order = createRng(seed).sample(files, files.length)
  const slow = (file: T) => SLOW_FILES.some((name) => pathOf(file).endsWith(name))
  return [...order.filter(slow), ...order.filter((file) => !slow(file))]
}

/** Vitest's file order: shuffled by the run's seed (`--sequence.seed`), the slow files first. */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return slowFirstShuffle(files, (file) => file.moduleId, this.ctx.config.sequence.seed)
  }
}
