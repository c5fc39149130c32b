import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  INTEGRATION_FILES,
  PGLITE_ONLY_FILES,
  POSTGRES_PASS_FILES,
  postgresPassIncludes,
} from './test-passes'

/** The files INTEGRATION_FILES matches: every `*.int.test.ts` under the folders its patterns start at. */
const allIntegrationFiles = () =>
  INTEGRATION_FILES.map((pattern) => pattern.split('/**')[0]!)
    .flatMap((dir) =>
      readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => path.join(dir, file)),
    )
    .filter((file) => file.endsWith('.int.test.ts'))

describe('the PostgreSQL pass', () => {
  it('names files that exist, once each, none of them PGlite-only', () => {
    expect(PGLITE_ONLY_FILES.filter((file) => !existsSync(file))).toEqual([])
    expect(POSTGRES_PASS_FILES.filter((file) => !existsSync(file))).toEqual([])
    expect(POSTGRES_PASS_FILES.length).toBe(new Set(POSTGRES_PASS_FILES).size)
    expect(POSTGRES_PASS_FILES.filter((file) => PGLITE_ONLY_FILES.includes(file))).toEqual([])
  })

  it('takes every file with a test of its own for PostgreSQL, which would otherwise never run', () => {
    const branching = allIntegrationFiles().filter(
      (file) =>
        !PGLITE_ONLY_FILES.includes(file) &&
        /TEST_DB [!=]== 'postgres'|onPostgres/.test(readFileSync(file, 'utf8')),
    )
    expect(branching.length).toBeGreaterThan(5)
    expect(branching).toContain('src/server/fault/crash.int.test.ts')
    expect(branching.filter((file) => !POSTGRES_PASS_FILES.includes(file))).toEqual([])
  })

  it('runs every integration file under TEST_POSTGRES_PASS=all', () => {
    expect(postgresPassIncludes({ TEST_POSTGRES_PASS: 'all' })).toEqual(INTEGRATION_FILES)
    expect(postgresPassIncludes({})).toEqual(POSTGRES_PASS_FILES)
  })
})
