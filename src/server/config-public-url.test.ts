import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

const load = (env: Record<string, string>) =>
  loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'toptan-config-')),
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    // Outside development the gateway must be named; this file is about the address.
    PAYMENT_GATEWAY: 'sandbox',
    ...env,
  })
const production = { NODE_ENV: 'production', PAYMENT_GATEWAY: 'sandbox' }

describe('PUBLIC_URL: the base of every absolute URL the server writes', () => {
  it('is required when NODE_ENV=production, with a message that says what to set', () => {
    expect(() => load(production)).toThrow(ConfigError)
    expect(() => load(production)).toThrow(/PUBLIC_URL is required when NODE_ENV=production/)
    expect(load({ ...production, PUBLIC_URL: 'https://bayi.example.com' }).publicUrl).toBe(
      'https://bayi.example.com',
    )
  })

  it.each([
    [{}, 'http://localhost:3000'],
    [{ NODE_ENV: 'test' }, 'http://localhost:3000'],
    [{ HOST: '127.0.0.1', PORT: '4202' }, 'http://127.0.0.1:4202'],
    [{ HOST: '0.0.0.0', PORT: '8080' }, 'http://localhost:8080'],
    [{ HOST: '::' }, 'http://localhost:3000'],
    [{ HOST: '::1' }, 'http://[::1]:3000'],
    [{ HOST: 'localhost', PORT: '80' }, 'http://localhost'],
  ])('defaults outside production to the listening address: %j → %s', (env, url) => {
    expect(load(env).publicUrl).toBe(url)
  })

  it.each([
    ['https://bayi.example.com/', 'https://bayi.example.com'],
    ['https://Bayi.Example.COM', 'https://bayi.example.com'],
    ['https://bayi.example.com:443/', 'https://bayi.example.com'],
    ['http://10.0.0.5:8080', 'http://10.0.0.5:8080'],
  ])('keeps %s as %s', (value, url) => {
    expect(load({ PUBLIC_URL: value }).publicUrl).toBe(url)
    expect(load({ ...production, PUBLIC_URL: value }).publicUrl).toBe(url)
  })

  it.each([
    'bayi.example.com',
    '/odeme',
    'ftp://bayi.example.com',
    'javascript:alert(1)',
    'https://bayi.example.com/magaza',
    'https://bayi.example.com/?a=1',
    'https://bayi.example.com?',
    'https://bayi.example.com/#top',
    'https://user:secret@bayi.example.com',
  ])('refuses %s', (value) => {
    expect(() => load({ PUBLIC_URL: value })).toThrow(ConfigError)
  })
})

describe('TRUST_FORWARDED_HOST', () => {
  it('is off by default, even behind a proxy', () => {
    expect(load({}).trustForwardedHost).toBe(false)
    expect(load({ TRUST_PROXY: '1' }).trustForwardedHost).toBe(false)
  })

  it('is on with 1 behind a proxy, and refused without one or with another value', () => {
    expect(load({ TRUST_PROXY: '1', TRUST_FORWARDED_HOST: '1' }).trustForwardedHost).toBe(true)
    expect(() => load({ TRUST_FORWARDED_HOST: '1' })).toThrow(/needs TRUST_PROXY/)
    expect(() => load({ TRUST_PROXY: '1', TRUST_FORWARDED_HOST: 'yes' })).toThrow(ConfigError)
  })
})
