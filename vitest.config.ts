import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { INTEGRATION_FILES, PGLITE_ONLY_FILES, postgresPassIncludes } from './scripts/test-passes'
import { SlowFirstSequencer } from './scripts/vitest-sequencer'

// Migrates one database per run and project; each test file starts from a copy of it.
const templateDatabase = 'src/server/test/template-database.ts'

// On CI the PostgreSQL pass is part of the run: a missing server URL must fail it, not shrink it.
const onCi = Boolean(process.env.CI) && !['0', 'false'].includes(process.env.CI ?? '')
if (onCi && !process.env.TEST_DATABASE_URL) {
  throw new Error(
    'CI=true but TEST_DATABASE_URL is not set: the integration tests must also run on PostgreSQL ' +
      '(TEST_DATABASE_URL=postgres://user@host:5432/db; each test file creates and drops its own database there).',
  )
}

/**
 * unit: pure rules and services; web: components under jsdom; integration: the HTTP API through
 * app.inject() on a fresh database per file — in-memory PGlite, and the files about what a server
 * adds again on a real PostgreSQL server when TEST_DATABASE_URL is set — each a copy of the one the run migrated (template-database.ts).
 */
export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default is one worker fewer than the cores: one on the 2-core CI machine, which left a
    // core to waiting on databases and timers (2,200 s). Two workers: 1,327 s, every test passing.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    // Files in the seed's random order, the minute-long ones first (scripts/vitest-sequencer.ts).
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'src/domain/**/*.test.ts',
            'src/server/**/*.test.ts',
            'src/contracts/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          exclude: INTEGRATION_FILES,
          environment: 'node',
          // One module graph per worker, as for the other projects: the files' own tests took 17 s of
          // this project's 45 s, the rest was loading the modules again for each of ~130 files.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Well above the 10 s that findBy…/waitFor wait (src/web/test/setup.ts): at Vitest's default
          // 5 s a list page's first render on two busy workers ran the whole test out while its findBy
          // still had time left.
          testTimeout: 30_000,
          setupFiles: ['src/web/test/setup.ts'],
          // One module graph per worker, as for the integration files: importing React, Mantine and
          // the pages again for each of ~80 files was half of this project's time. A file never
          // vi.mock()s a module (another file may have loaded it already); seams such as
          // interceptFullNavigate take the place of mocks.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: INTEGRATION_FILES,
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          globalSetup: [templateDatabase],
          // One module graph per worker, not per file: every file opens its own database and app, so
          // re-importing Fastify, Drizzle and the modules for each of ~200 files only cost time.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: 'integration-postgres',
                // What a server adds over the embedded engine (scripts/test-passes.ts says which).
                include: postgresPassIncludes(),
                exclude: PGLITE_ONLY_FILES,
                environment: 'node' as const,
                env: { TEST_DB: 'postgres' },
                globalSetup: [templateDatabase],
                isolate: false,
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
})
