// Budget checks and the tables: plain text per size, a comparison, and Markdown for a closing note.

/**
 * @typedef {import('./types.ts').SizeRun} SizeRun
 * @typedef {import('./types.ts').ScenarioResult} ScenarioResult
 * @typedef {import('./types.ts').Check} Check
 * @typedef {import('./types.ts').Budgets} Budgets
 * @typedef {import('./types.ts').RunMeta} RunMeta
 * @typedef {string | number} Cell
 */

/** @param {number} n */
export const sizeLabel = (n) => (n % 1000 === 0 ? `${n / 1000}k` : String(n))
/** @param {number | undefined} x */
export const ms = (x) => (x !== undefined && Number.isFinite(x) ? x.toFixed(x < 10 ? 2 : 1) : '–')
/** @param {number | undefined} x */
export const ratio = (x) => (x !== undefined && Number.isFinite(x) ? `${x.toFixed(2)}×` : '–')
/** @param {number} bytes */
const kib = (bytes) => Math.round((bytes / 1024) * 10) / 10
/** @param {string} text */
const short = (text, max = 40) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

/**
 * @param {string[]} headers
 * @param {Cell[][]} rows
 */
function textTable(headers, rows) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)))
  /** @param {Cell[]} cells */
  const line = (cells) =>
    cells
      .map((c, i) => (i === 0 ? String(c).padEnd(widths[i] ?? 0) : String(c).padStart(widths[i] ?? 0)))
      .join('  ')
  return [line(headers), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(line)].join('\n')
}

/**
 * @param {string[]} headers
 * @param {Cell[][]} rows
 */
function mdTable(headers, rows) {
  const align = headers.map((_, i) => (i === 0 ? '---' : '---:'))
  return [headers, align, ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n')
}

/** A scenario's labelled requests (e.g. add to cart, place order) as rows under it. */
/**
 * @param {ScenarioResult} s
 * @returns {Cell[][]}
 */
const partRows = (s) =>
  (s.parts ?? []).map((p) => [
    `  · ${p.label}`,
    s.throughput && p.label === s.throughput.label ? `${s.throughput.value} ${s.throughput.name}` : '',
    ms(p.p50),
    ms(p.p99),
    p.rps,
    p.requests - p.ok,
  ])

/** @param {number | null | undefined} x */
const rssCell = (x) => (x === null || x === undefined ? '–' : String(x))

/** @param {SizeRun} run */
export function sizeTable(run) {
  return textTable(
    ['scenario', 'detail', 'p50 ms', 'p99 ms', 'req/s', 'non-2xx', 'RSS MiB'],
    run.scenarios.flatMap((s) => [
      [
        s.label,
        short(s.detail),
        ms(s.p50),
        ms(s.p99),
        s.rps,
        s.non2xx + s.errors + s.timeouts,
        rssCell(s.rssPeakMiB),
      ],
      ...partRows(s).map((r) => [...r, '']),
    ]),
  )
}

/**
 * The memory check of one run, or null when the catalogue is below the budget's size or RSS is unknown.
 * @param {SizeRun} run
 * @param {Budgets['rssMiB']} budget
 * @returns {Check | null}
 */
function memoryCheck(run, budget) {
  const peak = run.memory?.peakMiB
  const step = (budget ?? []).filter((s) => run.size >= s.atSize).sort((a, b) => b.atSize - a.atSize)[0]
  const limit = step?.[run.database]
  if (peak === null || peak === undefined || !limit) return null
  return {
    kind: 'memory',
    size: run.size,
    label: `Server peak RSS at ${sizeLabel(run.size)} on ${run.database === 'postgres' ? 'PostgreSQL' : 'the embedded database'} (MiB)`,
    value: peak,
    limit,
    pass: peak <= limit,
  }
}

/**
 * Every budget check as { kind, label, value, limit, pass }.
 * @param {SizeRun[]} runs
 * @param {Budgets} budgets
 * @returns {Check[]}
 */
export function evaluate(runs, budgets) {
  /** @type {Check[]} */
  const checks = []
  const wire = runs.find((r) => r.wire)?.wire
  if (wire) {
    checks.push({
      kind: 'wire',
      label: `Initial page ${wire.path}: JS+CSS on the wire (KiB)`,
      value: kib(wire.jsCss.wire),
      limit: budgets.initialPageKiB,
      pass: kib(wire.jsCss.wire) <= budgets.initialPageKiB,
    })
  }
  for (const run of runs) {
    for (const s of run.scenarios) {
      const bad = s.non2xx + s.errors + s.timeouts
      if (bad > 0) {
        checks.push({
          kind: 'errors',
          label: `${s.label} at ${sizeLabel(run.size)}: non-2xx/errors`,
          value: bad,
          limit: 0,
          pass: false,
        })
      }
    }
  }
  for (const run of runs) {
    const memory = memoryCheck(run, budgets.rssMiB)
    if (memory) checks.push(memory)
  }
  const small = /** @type {SizeRun} */ (runs[0])
  const large = /** @type {SizeRun} */ (runs[runs.length - 1])
  // Scenarios with p99Budget false are reported only (placing orders: docs/design.md §6 sets no
  // latency budget).
  /** @param {ScenarioResult} s */
  const budgeted = (s) => s.p99Budget !== false
  for (const s of large.scenarios.filter(budgeted)) {
    const limit = budgets.p99MsById?.[s.id] ?? budgets.p99Ms
    checks.push({
      kind: 'p99',
      scenario: s.id,
      label: `${s.label}: p99 at ${sizeLabel(large.size)} (ms)`,
      value: s.p99,
      limit,
      pass: s.p99 < limit,
    })
  }
  if (runs.length > 1) {
    for (const s of large.scenarios.filter(budgeted)) {
      const base = small.scenarios.find((b) => b.id === s.id)
      if (!base) continue
      for (const q of /** @type {const} */ (['p50', 'p99'])) {
        const value = s[q] / base[q]
        checks.push({
          kind: 'size',
          scenario: s.id,
          quantile: q,
          label: `${s.label}: ${q} ${sizeLabel(large.size)} / ${sizeLabel(small.size)}`,
          value,
          limit: budgets.sizeRatio,
          pass: value <= budgets.sizeRatio,
        })
      }
    }
  }
  for (const pair of budgets.pairs) {
    for (const run of runs) {
      const subject = run.scenarios.find((s) => s.id === pair.subject)
      const base = run.scenarios.find((s) => s.id === pair.base)
      if (!subject || !base) continue
      for (const q of /** @type {const} */ (['p50', 'p99'])) {
        const value = subject[q] / base[q]
        checks.push({
          kind: 'pair',
          size: run.size,
          quantile: q,
          label: `${pair.label} at ${sizeLabel(run.size)}: ${q}`,
          value,
          limit: pair.max,
          pass: value <= pair.max,
        })
      }
    }
  }
  return checks
}

/** @param {Check[]} checks */
const verdict = (checks) => (checks.length === 0 ? '–' : checks.every((c) => c.pass) ? 'PASS' : 'FAIL')

/**
 * The wire check as a line of text, or null when it was not run.
 * @param {SizeRun[]} runs
 * @param {Check[]} checks
 */
function wireSummary(runs, checks) {
  const wire = runs.find((r) => r.wire)?.wire
  const check = checks.find((c) => c.kind === 'wire')
  if (!wire || !check) return null
  return (
    `${check.label.replace(/ \(KiB\)$/, '')}: ${check.value} KiB (${kib(wire.jsCss.raw)} KiB uncompressed), ` +
    `HTML ${kib(wire.html.wire)} KiB (${kib(wire.html.raw)} KiB uncompressed); budget ≤ ${check.limit} KiB — ` +
    verdict([check])
  )
}

/**
 * Each run's server memory as a line of text: when ready, the peak, and the budget where one applies.
 * @param {SizeRun[]} runs
 * @param {Check[]} checks
 */
function memoryLines(runs, checks) {
  return runs.flatMap((r) => {
    const memory = r.memory
    if (!memory || memory.peakMiB === null) return []
    const check = checks.find((c) => c.kind === 'memory' && c.size === r.size)
    return [
      `Server RSS at ${sizeLabel(r.size)}: ${rssCell(memory.readyMiB)} MiB when ready, peak ${memory.peakMiB} MiB` +
        (check ? `; budget ≤ ${check.limit} MiB — ${verdict([check])}` : ''),
    ]
  })
}

/**
 * @param {SizeRun[]} runs
 * @param {Check[]} checks
 */
export function comparisonTable(runs, checks) {
  const wire = wireSummary(runs, checks)
  if ((runs.at(-1)?.scenarios.length ?? 0) === 0) return wire ?? ''
  return [loadTables(runs, checks), memoryLines(runs, checks).join('\n'), wire].filter(Boolean).join('\n\n')
}

/**
 * @param {SizeRun[]} runs
 * @param {Check[]} checks
 */
function loadTables(runs, checks) {
  const small = /** @type {SizeRun} */ (runs[0])
  const large = /** @type {SizeRun} */ (runs[runs.length - 1])
  const two = runs.length > 1
  const rows = large.scenarios.map((s) => {
    const base = small.scenarios.find((b) => b.id === s.id)
    const mine = checks.filter((c) => c.scenario === s.id)
    return [
      s.label,
      two ? ms(base?.p99) : '',
      ms(s.p99),
      two && base ? ratio(s.p99 / base.p99) : '',
      two && base ? ratio(s.p50 / base.p50) : '',
      verdict(mine.filter((c) => c.kind === 'p99')),
      two ? verdict(mine.filter((c) => c.kind === 'size')) : '–',
    ]
  })
  const s = sizeLabel(small.size)
  const l = sizeLabel(large.size)
  const main = two
    ? textTable(
        ['scenario', `p99 ${s}`, `p99 ${l}`, `p99 ${l}/${s}`, `p50 ${l}/${s}`, 'p99 < 50 ms', '≤ 3× size'],
        rows,
      )
    : textTable(
        ['scenario', `p99 ${l}`, 'p99 < 50 ms'],
        rows.map((r) => [r[0] ?? '', r[2] ?? '', r[5] ?? '']),
      )
  const pairRows = runs.flatMap((run) => {
    const mine = checks.filter((c) => c.kind === 'pair' && c.size === run.size)
    const [first] = mine
    if (!first) return []
    const label = first.label.replace(/: p\d+$/, '')
    /** @param {'p50' | 'p99'} q */
    const get = (q) => mine.find((c) => c.quantile === q)?.value
    return [[label, ratio(get('p50')), ratio(get('p99')), `≤ ${first.limit}×`, verdict(mine)]]
  })
  if (pairRows.length === 0) return main
  const pairs = textTable(['comparison', 'p50 ratio', 'p99 ratio', 'budget', 'verdict'], pairRows)
  return `${main}\n\n${pairs}`
}

/**
 * @param {{ runs: SizeRun[], checks: Check[], meta: RunMeta }} results
 */
export function markdown(results) {
  const { runs, checks, meta } = results
  const small = /** @type {SizeRun} */ (runs[0])
  const large = /** @type {SizeRun} */ (runs[runs.length - 1])
  const two = runs.length > 1
  const headers = ['Scenario']
  for (const run of runs) {
    const l = sizeLabel(run.size)
    headers.push(`${l} p50 ms`, `${l} p99 ms`, `${l} req/s`)
  }
  if (two) headers.push(`p99 ${sizeLabel(large.size)}/${sizeLabel(small.size)}`)
  headers.push('Budget')
  const rows = large.scenarios.map((s) => {
    const row = [s.detail && !s.id.startsWith('autocomplete') ? `${s.label} (${s.detail})` : s.label]
    for (const run of runs) {
      const r = run.scenarios.find((x) => x.id === s.id)
      row.push(ms(r?.p50), ms(r?.p99), String(r?.rps ?? '–'))
    }
    const base = small.scenarios.find((b) => b.id === s.id)
    if (two) row.push(base ? ratio(s.p99 / base.p99) : '–')
    row.push(verdict(checks.filter((c) => c.scenario === s.id)))
    return row
  })
  const partLines = large.scenarios
    .filter((s) => s.parts?.length)
    .map(
      (s) =>
        `- ${s.label}${two ? ` at ${sizeLabel(large.size)}` : ''}: ` +
        (s.throughput ? `**${s.throughput.value} ${s.throughput.name}**; ` : '') +
        (s.parts ?? [])
          .map((p) => `${p.label} p50 ${ms(p.p50)} ms, p99 ${ms(p.p99)} ms, ${p.rps}/s`)
          .join('; ') +
        ` (${s.sessions} sessions, ${s.connections} ${s.flows ? 'workers' : 'connections'}; no latency budget)` +
        (s.flows?.failed ? `; **${s.flows.failed} of ${s.flows.completed + s.flows.failed} failed**` : ''),
    )
  const pairLines = checks
    .filter((c) => c.kind === 'pair' && c.quantile === 'p99')
    .map((c) => {
      const p50 = checks.find((x) => x.kind === 'pair' && x.size === c.size && x.quantile === 'p50')
      return `- ${c.label.replace(/: p99$/, '')}: p50 ${ratio(p50?.value)}, p99 ${ratio(c.value)} (budget ≤ ${c.limit}×) — ${verdict(p50 ? [c, p50] : [c])}`
    })
  const failed = checks.filter((c) => !c.pass)
  const load = meta.loadAverage
  const busy = load && load.max > load.cpus + 2
  const wire = wireSummary(runs, checks)
  if (large.scenarios.length === 0) {
    return [
      `Benchmark (${meta.date}, ${meta.commit}; ${meta.cpu}, Node ${meta.node}): the first page only.`,
      '',
      `- ${wire}`,
    ].join('\n')
  }
  return [
    `Benchmark (${meta.date}, ${meta.commit}; ${meta.connections} connections, ${meta.duration} s per scenario after ${meta.warmup} s warm-up; ` +
      `${meta.cache}; ${meta.cpu}, Node ${meta.node}). Budgets: p99 < ${meta.budgets?.p99Ms} ms at ${sizeLabel(large.size)}` +
      (two
        ? `, p50/p99 at ${sizeLabel(large.size)} ≤ ${meta.budgets?.sizeRatio}× ${sizeLabel(small.size)}.`
        : '.') +
      (load
        ? ` Load average ${load.min}–${load.max} on ${load.cpus} CPUs${busy ? ' (busy machine: figures inflated)' : ''}.`
        : ''),
    '',
    mdTable(headers, rows),
    '',
    ...large.scenarios
      .filter((s) => s.id.startsWith('autocomplete'))
      .map((s) => `- ${s.label}: prefixes in turn ${s.detail}`),
    ...partLines,
    ...pairLines,
    ...memoryLines(runs, checks).map((line) => `- ${line}`),
    ...(wire ? [`- ${wire}`] : []),
    `- Overall: **${failed.length === 0 ? 'PASS' : `FAIL (${failed.length} check${failed.length > 1 ? 's' : ''})`}**`,
    ...failed.map(
      (c) => `  - ${c.label}: ${Number.isInteger(c.value) ? c.value : c.value.toFixed(2)} (limit ${c.limit})`,
    ),
  ].join('\n')
}
