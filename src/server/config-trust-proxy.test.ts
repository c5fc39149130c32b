import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig, trustHops } from './config'

const load = (env: Record<string, string>) =>
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'toptan-config-')),
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    ...env,
  })

describe('TRUST_PROXY: a number of proxy hops', () => {
  it.each([
    [undefined, 0, false],
    ['0', 0, false],
    ['1', 1, true],
    ['2', 2, true],
  ])('%s → %i hops (behind HTTPS: %s)', (value, hops, https) => {
    const config = load(value === undefined ? {} : { TRUST_PROXY: value })
    expect(config.trustProxyHops).toBe(hops)
    expect(config.trustProxy).toBe(https)
  })

  it.each(['true', 'yes', '-1', '1.5', '11', ''])('refuses %j', (value) => {
    expect(() => load({ TRUST_PROXY: value })).toThrow(ConfigError)
  })
})

describe('trustHops: which address is the client', () => {
  async function ipSeen(hops: number, xff: string | undefined) {
    const app = Fastify({ trustProxy: trustHops(hops) })
    app.get('/', async (request) => ({ ip: request.ip }))
    const res = await app.inject({
      method: 'GET',
      url: '/',
      remoteAddress: '192.0.2.1',
      headers: xff === undefined ? {} : { 'x-forwarded-for': xff },
    })
    await app.close()
    return res.json().ip
  }

  it.each([
    [0, 'forged, 203.0.113.7', '192.0.2.1'],
    [1, undefined, '192.0.2.1'],
    [1, '203.0.113.7', '203.0.113.7'],
    [1, 'forged, 10.0.0.1, 203.0.113.7', '203.0.113.7'],
    [2, 'forged, 198.51.100.5, 203.0.113.7', '198.51.100.5'],
    [2, '203.0.113.7', '203.0.113.7'],
  ])('%i hops, X-Forwarded-For %j: %s', async (hops, xff, ip) => {
    expect(await ipSeen(hops, xff)).toBe(ip)
  })
})
