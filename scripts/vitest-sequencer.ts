import { BaseSequencer, type TestSpecification } from 'vitest/node'
import { createRng } from '../src/server/db/seed/random'

/**
 * Test files that take a minute or close to it (processes killed and restarted, a slow bank waited
 * for, clusters made with initdb). Started last by a shuffle, such a file ran alone on one core at
 * the end of the run while the other idled; started first, it runs beside the short ones.
 */
export const SLOW_FILES = [
  'src/server/fault/crash.int.test.ts',
  'src/server/fault/jobs-restart.int.test.ts',
  'src/server/modules/payments/payment-slow-bank.int.test.ts',
  'src/server/db/pglite-connection.int.test.ts',
  'src/server/modules/account/throttle-concurrency.int.test.ts',
  'src/server/db/backup-under-load.int.test.ts',
  'src/server/db/seed/demo.int.test.ts',
  'src/server/multi-process/two-processes.int.test.ts',
  'src/server/db/backup.int.test.ts',
  'src/server/start-up.int.test.ts',
]

/**
 * Projects in the order they run. Vitest hands a finished worker the next file only when that file is
 * of the same project; a file of another project costs a new worker and a new import of Fastify,
 * Drizzle and every module (or React and Mantine). Shuffled across projects, nearly every file paid
 * that. The longest projects go first so the short unit files fill the end of the run.
 */
export const PROJECT_ORDER = ['integration-postgres', 'integration', 'web', 'unit']

/** The files in an order drawn from the seed, the slow ones first (in their drawn order too). */
export function slowFirstShuffle<T>(files: T[], pathOf: (file: T) => string, seed: number): T[] {
  const order = createRng(seed).sample(files, files.length)
  const slow = (file: T) => SLOW_FILES.some((name) => pathOf(file).endsWith(name))
  return [...order.filter(slow), ...order.filter((file) => !slow(file))]
}

/**
 * Files grouped by project in PROJECT_ORDER (an unknown project last), each group in the seed's
 * order with its slow files first.
 */
export function projectGroupedShuffle<T>(
  files: T[],
  pathOf: (file: T) => string,
  projectOf: (file: T) => string,
  seed: number,
): T[] {
  const rank = (file: T) => {
    const index = PROJECT_ORDER.indexOf(projectOf(file))
    return index === -1 ? PROJECT_ORDER.length : index
  }
  const ranks = [...new Set(files.map(rank))].sort((a, b) => a - b)
  return ranks.flatMap((r) =>
    slowFirstShuffle(
      files.filter((file) => rank(file) === r),
      pathOf,
      seed + r,
    ),
  )
}

/** Vitest's file order: by project, each shuffled by the run's seed (`--sequence.seed`), slow files first. */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return projectGroupedShuffle(
      files,
      (file) => file.moduleId,
      (file) => file.project.name,
      this.ctx.config.sequence.seed,
    )
  }
}
