import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

const load = (env: Record<string, string>) =>
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'toptan-config-')),
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    ...env,
  })

describe('METRICS_TOKEN: the bearer token GET /metrics asks for', () => {
  it('is unset by default: private addresses only', () => {
    expect(load({}).metricsToken).toBeNull()
  })

  it('takes 16 to 200 printable characters', () => {
    const token = 'a3f9c0d2e1b4a5f6c7d8e9f0a1b2c3d4'
    expect(load({ METRICS_TOKEN: token }).metricsToken).toBe(token)
  })

  it.each(['', 'short-token', 'has a space in it!', 'x'.repeat(201), 'çok-uzun-ama-türkçe-harf'])(
    'refuses %j',
    (value) => {
      expect(() => load({ METRICS_TOKEN: value })).toThrow(ConfigError)
    },
  )
})
