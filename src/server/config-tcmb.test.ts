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

describe('TCMB_URL and TCMB_TIMEOUT_SECONDS: where the exchange-rate bulletin comes from', () => {
  it("defaults to the Central Bank's today.xml, 10 s", () => {
    expect(load({}).tcmb).toEqual({ url: 'https://www.tcmb.gov.tr/kurlar/today.xml', timeoutMs: 10_000 })
  })

  it('takes an http(s) URL and a whole number of seconds', () => {
    expect(
      load({ TCMB_URL: 'http://127.0.0.1:8080/kurlar/today.xml', TCMB_TIMEOUT_SECONDS: '3' }).tcmb,
    ).toEqual({
      url: 'http://127.0.0.1:8080/kurlar/today.xml',
      timeoutMs: 3000,
    })
  })

  it.each<Record<string, string>>([
    { TCMB_URL: 'www.tcmb.gov.tr/kurlar/today.xml' },
    { TCMB_URL: 'ftp://tcmb.example/today.xml' },
    { TCMB_URL: 'file:///etc/passwd' },
    { TCMB_URL: '' },
    { TCMB_TIMEOUT_SECONDS: '0' },
    { TCMB_TIMEOUT_SECONDS: '121' },
    { TCMB_TIMEOUT_SECONDS: '2.5' },
  ])('refuses %o', (env) => {
    expect(() => load(env)).toThrow(ConfigError)
  })
})
