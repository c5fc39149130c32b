import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

const integrationFiles = ['src/server/**/*.int.test.ts']

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
 * app.inject() on a fresh database per file — in-memory PGlite, and again on a real PostgreSQL
 * server when TEST_DATABASE_URL is set.
 */
export default defineConfig({
  plugins: [react()],
  test: {
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
          exclude: integrationFiles,
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/web/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: integrationFiles,
          environment: 'node',
          env: { TEST_DB: 'pglite' },
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
                include: integrationFiles,
                environment: 'node' as const,
                env: { TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
})
