import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, launchEnvironment, loadConfig } from './config'

const IYZICO = {
  IYZICO_API_KEY: 'sandbox-key',
  IYZICO_SECRET_KEY: 'sandbox-secret',
  IYZICO_BASE_URL: 'https://sandbox-api.iyzipay.com',
}

const load = (env: Record<string, string | undefined>, options?: { takesPayments: boolean }) =>
  loadConfig(
    {
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'toptan-config-')),
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
      // Production also needs its public address; this file is about the gateway.
      PUBLIC_URL: 'https://bayi.example.com',
      ...IYZICO,
      ...env,
    },
    process.cwd(),
    options,
  )

describe('the sandbox POS only where it cannot be mistaken for the real one', () => {
  // NODE_ENV × PAYMENT_GATEWAY → the gateway and whether every page shows the TEST MODE ribbon,
  // or a refusal to start. Only development and test take the sandbox without being told.
  it.each([
    [undefined, undefined, 'refused'],
    ['production', undefined, 'refused'],
    ['development', undefined, 'sandbox'],
    ['test', undefined, 'sandbox'],
    [undefined, 'sandbox', 'sandbox, ribbon'],
    ['production', 'sandbox', 'sandbox, ribbon'],
    ['development', 'sandbox', 'sandbox'],
    ['test', 'sandbox', 'sandbox'],
    [undefined, 'iyzico', 'iyzico'],
    ['production', 'iyzico', 'iyzico'],
    ['development', 'iyzico', 'iyzico'],
    ['test', 'iyzico', 'iyzico'],
  ])('NODE_ENV=%s PAYMENT_GATEWAY=%s: %s', (nodeEnv, gateway, outcome) => {
    const env = { NODE_ENV: nodeEnv, PAYMENT_GATEWAY: gateway }
    if (outcome === 'refused') {
      expect(() => load(env)).toThrow(ConfigError)
      return
    }
    const config = load(env)
    expect(config.paymentGateway).toBe(outcome.startsWith('iyzico') ? 'iyzico' : 'sandbox')
    expect(config.testMode).toBe(outcome.endsWith('ribbon'))
  })

  it('says what to set when it refuses', () => {
    expect(() => load({})).toThrow(
      /PAYMENT_GATEWAY is required unless NODE_ENV is development or test \(it is not set\).*iyzico.*PAYMENT_GATEWAY=sandbox/s,
    )
    expect(() => load({ NODE_ENV: 'production' })).toThrow(/\(it is production\)/)
  })

  it('lets a command-line tool that takes no payment run without a gateway named', () => {
    const config = load({}, { takesPayments: false })
    expect(config.paymentGateway).toBe('sandbox')
    expect(config.testMode).toBe(true)
  })
})

describe('launchEnvironment: how package.json starts the server', () => {
  it('`--demo` (npm start) names the sandbox on purpose only when nothing else is said', () => {
    expect(launchEnvironment({}, ['--demo'])).toEqual({ PAYMENT_GATEWAY: 'sandbox' })
    expect(launchEnvironment({ PAYMENT_GATEWAY: 'iyzico' }, ['--demo'])).toEqual({
      PAYMENT_GATEWAY: 'iyzico',
    })
    // A production environment keeps its own refusal: the demo default is not for it.
    expect(launchEnvironment({ NODE_ENV: 'production' }, ['--demo'])).toEqual({ NODE_ENV: 'production' })
    expect(launchEnvironment({ NODE_ENV: 'development' }, ['--demo'])).toEqual({ NODE_ENV: 'development' })
  })

  it('`--dev` (npm run dev) runs as development unless NODE_ENV says otherwise', () => {
    expect(launchEnvironment({}, ['--dev'])).toEqual({ NODE_ENV: 'development' })
    expect(launchEnvironment({ NODE_ENV: 'production' }, ['--dev'])).toEqual({ NODE_ENV: 'production' })
  })

  it('changes nothing without a flag (a deployment starting dist/server/main.js)', () => {
    const env = { PATH: '/usr/bin' }
    expect(launchEnvironment(env, [])).toEqual(env)
  })

  it('starts npm start and npm run dev with their flags', async () => {
    const { readFile } = await import('node:fs/promises')
    const pkg = JSON.parse(await readFile(path.join(process.cwd(), 'package.json'), 'utf8'))
    expect(pkg.scripts.start).toMatch(/node dist\/server\/main\.js --demo$/)
    expect(pkg.scripts.dev).toMatch(/node dist\/server\/main\.js --dev$/)
  })
})
