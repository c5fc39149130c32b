// The search relevance set's pass rate: runs its test file (bench/relevance.int.test.ts: the demo
// catalogue on an in-memory database, every query of bench/relevance-set.ts through the list API) with Vitest's JSON report
// and counts the queries whose expected products were in the first five and whose excluded ones were
// off page 1.
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export const RELEVANCE_CHECK = { id: 'relevance', label: 'search relevance set' }
const TEST_FILE = 'bench/relevance.int.test.ts'

/**
 * @typedef {{ title: string, status: string, ancestorTitles: string[], failureMessages: string[] }} AssertionResult
 * @typedef {{ passed: number, total: number, rate: number, failures: Array<{ q: string, message: string }> }} RelevanceResult
 */

/**
 * Answers { passed, total, rate, failures: [{ q, message }] }.
 * @param {string} root
 * @returns {Promise<RelevanceResult>}
 */
export async function runRelevance(root) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toptan-relevance-'))
  const out = path.join(dir, 'report.json')
  try {
    await new Promise((/** @type {(value?: unknown) => void} */ resolve) => {
      // A failing query makes Vitest exit 1: the report is read either way.
      execFile(
        process.execPath,
        [
          path.join(root, 'node_modules', 'vitest', 'vitest.mjs'),
          'run',
          TEST_FILE,
          '--reporter=json',
          `--outputFile=${out}`,
        ],
        { cwd: root, env: { ...process.env, TEST_DB: '' }, maxBuffer: 64 * 1024 * 1024 },
        () => resolve(),
      )
    })
    /** @type {{ testResults: Array<{ assertionResults: AssertionResult[] }> }} */
    const report = JSON.parse(readFileSync(out, 'utf8'))
    const cases = report.testResults
      .flatMap((file) => file.assertionResults)
      .filter((t) => t.ancestorTitles.at(-1) === 'the search relevance set' && t.title.includes(' ('))
    const failures = cases
      .filter((t) => t.status !== 'passed')
      .map((t) => ({ q: t.title, message: (t.failureMessages[0] ?? '').split('\n')[0]?.slice(0, 300) ?? '' }))
    const passed = cases.length - failures.length
    return { passed, total: cases.length, rate: cases.length ? passed / cases.length : 0, failures }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * The lines the bench prints.
 * @param {RelevanceResult} result
 */
export function relevanceLines(result) {
  return [
    `${RELEVANCE_CHECK.label}: ${result.passed}/${result.total} queries pass (${(result.rate * 100).toFixed(1)} %)`,
    ...result.failures.map((f) => `  ‼ ${f.q}: ${f.message}`),
  ]
}
