// The matrix mode's report (npm run bench -- --matrix --postgres URL): each scenario on the embedded
// database and on PostgreSQL, with the server's default cache and with CACHE_SECONDS=0, side by side
// per catalogue size, with the embedded/PostgreSQL p99 ratio. Pure functions of the runs run.mjs
// measured; see docs/operations.md, "Benchmarks".
import { ms, ratio, sizeLabel } from './report.mjs'

/**
 * What the matrix reads of a run (a size's run of bench/run.mjs with its cache) and of its scenarios.
 * @typedef {Pick<import('./types.ts').ScenarioResult, 'id' | 'label' | 'rps' | 'p99' | 'non2xx' | 'errors' | 'timeouts'>} ScenarioResult
 * @typedef {Pick<import('./types.ts').SizeRun, 'size' | 'database' | 'cache' | 'memory'> & { scenarios: ScenarioResult[] }} SizeRun
 * @typedef {{ database: SizeRun['database'], cache: NonNullable<SizeRun['cache']> }} Cell
 */

/** The four runs of a size, in column order: `cache` is 'warm' (server default) or 'cold' (CACHE_SECONDS=0). */
/** @type {Array<Cell & { title: string }>} */
export const MATRIX_CELLS = [
  { database: 'embedded', cache: 'warm', title: 'embedded, caches on' },
  { database: 'embedded', cache: 'cold', title: 'embedded, CACHE_SECONDS=0' },
  { database: 'postgres', cache: 'warm', title: 'PostgreSQL, caches on' },
  { database: 'postgres', cache: 'cold', title: 'PostgreSQL, CACHE_SECONDS=0' },
]

/**
 * @param {SizeRun[]} runs
 * @param {Cell} cell
 */
const runOf = (runs, cell) => runs.find((r) => r.database === cell.database && r.cache === cell.cache)
/** @param {ScenarioResult} s */
const failed = (s) => (s.non2xx ?? 0) + (s.errors ?? 0) + (s.timeouts ?? 0)

/** "req/s / p99": '–' when the run or the scenario is missing, ' ‼' after a cell with failed requests. */
/** @param {ScenarioResult | undefined} s */
function cell(s) {
  if (!s) return '–'
  return `${s.rps} / ${ms(s.p99)}${failed(s) > 0 ? ' ‼' : ''}`
}

/** The ids of every run's scenarios, in the order they first appear, with a label for each. */
/** @param {SizeRun[]} runs */
function scenarioRows(runs) {
  /** @type {Map<string, string>} */
  const rows = new Map()
  for (const run of runs) for (const s of run.scenarios) if (!rows.has(s.id)) rows.set(s.id, s.label)
  return [...rows].map(([id, label]) => ({ id, label }))
}

/**
 * One catalogue size as a Markdown table: a row per scenario, the four cells "req/s / p99 ms", then
 * the embedded p99 over the PostgreSQL p99, cold and warm. `runs` are that size's runs, each
 * `{database, cache, scenarios: [{id, label, rps, p99, non2xx, errors, timeouts}]}`.
 * @param {SizeRun[]} runs
 */
export function matrixTable(runs) {
  const headers = [
    'scenario',
    ...MATRIX_CELLS.map((c) => c.title),
    'embedded/PG p99 cold',
    'embedded/PG p99 warm',
  ]
  const byCell = MATRIX_CELLS.map((c) => runOf(runs, c))
  /**
   * @param {string} id
   * @param {Cell['cache']} cache
   */
  const p99Ratio = (id, cache) => {
    /** @param {Cell['database']} database */
    const find = (database) =>
      runOf(runs, { database, cache })?.scenarios.find((s) => s.id === id)?.p99 ?? Number.NaN
    return ratio(find('embedded') / find('postgres'))
  }
  const rows = scenarioRows(runs).map(({ id, label }) => [
    label,
    ...byCell.map((run) => cell(run?.scenarios.find((s) => s.id === id))),
    p99Ratio(id, 'cold'),
    p99Ratio(id, 'warm'),
  ])
  const align = headers.map((_, i) => (i === 0 ? '---' : '---:'))
  return [headers, align, ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n')
}

/** The server's RSS per run of one size: when ready and its peak under the load, in column order. */
/** @param {SizeRun[]} runs */
export function matrixMemoryLines(runs) {
  return MATRIX_CELLS.map((c) => {
    const memory = runOf(runs, c)?.memory
    /** @param {number | null | undefined} x */
    const mib = (x) => (x === null || x === undefined ? '–' : `${x} MiB`)
    return `${c.title}: RSS peak ${mib(memory?.peakMiB)} (${mib(memory?.readyMiB)} when ready)`
  })
}

/** The sizes of the runs, smallest first, each with its runs. */
/** @param {SizeRun[]} runs */
export function bySize(runs) {
  const sizes = [...new Set(runs.map((r) => r.size))].sort((a, b) => a - b)
  return sizes.map((size) => ({ size, runs: runs.filter((r) => r.size === size) }))
}

/** One size's section: a heading, the table and the memory lines. */
/**
 * @param {number} size
 * @param {SizeRun[]} runs
 */
export function matrixSection(size, runs) {
  return [
    `### ${sizeLabel(size)} listed products (req/s / p99 ms per cell)`,
    '',
    matrixTable(runs),
    '',
    ...matrixMemoryLines(runs).map((line) => `- ${line}`),
  ].join('\n')
}

/** The whole matrix as Markdown (bench/results/matrix.md): what was run, then a section per size. */
/** @param {{ meta: import('./types.ts').RunMeta, runs: SizeRun[] }} results */
export function matrixMarkdown({ meta, runs }) {
  const load = meta.loadAverage
  const busy = load && load.max > load.cpus + 2
  const anyFailed = runs.some((r) => r.scenarios.some((s) => failed(s) > 0))
  return [
    '# Benchmark matrix: embedded database vs PostgreSQL, caches on and off',
    '',
    `${meta.date}, ${meta.commit}; ${meta.connections} connections, ${meta.duration} s per scenario after ` +
      `${meta.warmup} s warm-up; ${meta.cpu}, Node ${meta.node}.` +
      (load
        ? ` Load average ${load.min}–${load.max} on ${load.cpus} CPUs${busy ? ' (busy machine: figures inflated)' : ''}.`
        : ''),
    '"caches on": the server\'s default cache; "CACHE_SECONDS=0": the same database, the server restarted ' +
      'without the short-lived caches. A ratio above 1× means the embedded database is slower.' +
      (anyFailed ? ' ‼ marks a cell with failed requests.' : ''),
    ...bySize(runs).flatMap(({ size, runs: mine }) => ['', matrixSection(size, mine)]),
  ].join('\n')
}
