import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../config'
import type { Db } from '../../db/client'
import { createPaymentGateway } from './index'

const SECRET = 'test-secret-test-secret-test-secret-0123'
const dataDir = () => mkdtempSync(path.join(tmpdir(), 'toptan-config-'))
// PUBLIC_URL as production needs it (config-public-url.test.ts tests it).
const load = (env: Record<string, string>) =>
  loadConfig({
    NODE_ENV: 'development',
    DATA_DIR: dataDir(),
    SESSION_SECRET: SECRET,
    PUBLIC_URL: 'https://bayi.example.com',
    ...env,
  })
const IYZICO = {
  PAYMENT_GATEWAY: 'iyzico',
  IYZICO_API_KEY: 'sandbox-key',
  IYZICO_SECRET_KEY: 'sandbox-secret',
  IYZICO_BASE_URL: 'https://sandbox-api.iyzipay.com',
}

describe('payment configuration', () => {
  it('uses the sandbox by default in development, and links last 7 days', () => {
    const config = load({})
    expect(config).toMatchObject({ paymentGateway: 'sandbox', iyzico: null, paymentLinkDays: 7 })
    expect(createPaymentGateway(config, () => new Date(), {} as Db).name).toBe('sandbox')
  })

  it('refuses production without PAYMENT_GATEWAY, and takes the sandbox there only when named', () => {
    expect(() => load({ NODE_ENV: 'production' })).toThrow(ConfigError)
    expect(load({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'sandbox' }).paymentGateway).toBe('sandbox')
  })

  it('needs the three iyzico settings for iyzico', () => {
    expect(() => load({ PAYMENT_GATEWAY: 'iyzico' })).toThrow(/IYZICO_API_KEY/)
    expect(() => load({ ...IYZICO, IYZICO_BASE_URL: 'not a url' })).toThrow(ConfigError)
    const config = load({ ...IYZICO, NODE_ENV: 'production' })
    expect(config.iyzico).toEqual({
      apiKey: 'sandbox-key',
      secretKey: 'sandbox-secret',
      baseUrl: 'https://sandbox-api.iyzipay.com',
    })
    expect(createPaymentGateway(config, () => new Date(), {} as Db).name).toBe('iyzico')
  })

  it('reads PAYMENT_LINK_DAYS and refuses nonsense', () => {
    expect(load({ PAYMENT_LINK_DAYS: '14' }).paymentLinkDays).toBe(14)
    expect(() => load({ PAYMENT_LINK_DAYS: '0' })).toThrow(ConfigError)
  })
})
