import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

const load = (env: Record<string, string | undefined>) =>
  loadConfig(
    {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'toptan-config-')),
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
      PUBLIC_URL: 'https://bayi.example.com',
      ...env,
    },
    process.cwd(),
  )

describe('who chooses the virtual POS, and the key that seals its stored keys', () => {
  it.each([
    ['test', undefined, 'stored'],
    ['development', undefined, 'stored'],
    ['test', 'sandbox', 'environment'],
    ['production', 'stored', 'stored'],
    [undefined, 'stored', 'stored'],
    ['production', 'sandbox', 'environment'],
  ])('NODE_ENV=%s PAYMENT_GATEWAY=%s: %s', (nodeEnv, gateway, source) => {
    const config = load({ NODE_ENV: nodeEnv, PAYMENT_GATEWAY: gateway })
    expect(config.paymentGatewaySource).toBe(source)
    // The app is built with the sandbox when the back office chooses: never with a TEST MODE ribbon.
    if (gateway === 'stored') expect([config.paymentGateway, config.testMode]).toEqual(['sandbox', false])
  })

  it('still refuses to start outside development and test when nothing is said', () => {
    expect(() => load({ NODE_ENV: 'production' })).toThrow(/PAYMENT_GATEWAY=stored/)
  })

  it('derives a key outside production, takes GATEWAY_SECRETS_KEY when given, and has none in production without it', () => {
    expect(load({ NODE_ENV: 'test' }).gatewaySecrets?.source).toBe('derived')
    expect(load({ PAYMENT_GATEWAY: 'stored' }).gatewaySecrets?.source).toBe('derived')
    const key = randomBytes(32)
    const given = load({
      NODE_ENV: 'production',
      PAYMENT_GATEWAY: 'stored',
      GATEWAY_SECRETS_KEY: key.toString('hex'),
    })
    expect(given.gatewaySecrets?.source).toBe('environment')
    expect(given.gatewaySecrets?.key.equals(key)).toBe(true)
    expect(load({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'stored' }).gatewaySecrets).toBeNull()
    expect(() => load({ NODE_ENV: 'test', GATEWAY_SECRETS_KEY: 'short' })).toThrow(ConfigError)
  })
})
