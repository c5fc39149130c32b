import { describe, expect, it } from 'vitest'
import { isPrivateAddress, mayReadMetrics } from './metrics'

const request = (remoteAddress: string, headers: Record<string, string> = {}) => ({
  headers,
  socket: { remoteAddress },
})

describe('isPrivateAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.16.0.9', true],
    ['172.31.255.1', true],
    ['192.168.1.20', true],
    ['::ffff:192.168.1.20', true],
    ['fd12:3456::1', true],
    ['fe80::1', true],
    ['169.254.10.10', true],
    ['172.32.0.1', false],
    ['203.0.113.5', false],
    ['8.8.8.8', false],
    ['::ffff:8.8.8.8', false],
    ['2001:db8::1', false],
    ['', false],
    ['unknown', false],
  ])('%s → %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected)
  })
})

describe('mayReadMetrics', () => {
  it.each([
    ['loopback, nothing forwarded', request('127.0.0.1'), true],
    ['a private network', request('10.0.0.7'), true],
    ['the internet', request('203.0.113.5'), false],
    [
      'through a proxy on this machine (X-Forwarded-For)',
      request('127.0.0.1', { 'x-forwarded-for': '203.0.113.5' }),
      false,
    ],
    ['through a proxy (X-Real-IP)', request('127.0.0.1', { 'x-real-ip': '10.0.0.1' }), false],
    ['through a proxy (Forwarded)', request('127.0.0.1', { forwarded: 'for=10.0.0.1' }), false],
    ['through a proxy (X-Forwarded-Host)', request('127.0.0.1', { 'x-forwarded-host': 'a' }), false],
  ])('without a token: %s → %s', (_what, req, expected) => {
    expect(mayReadMetrics(req, null)).toBe(expected)
  })

  const token = 'a-long-enough-metrics-token-0123'
  it.each([
    ['no Authorization, from loopback', request('127.0.0.1'), false],
    ['a wrong token', request('127.0.0.1', { authorization: 'Bearer wrong-token-wrong-token' }), false],
    ['the token as Basic', request('127.0.0.1', { authorization: `Basic ${token}` }), false],
    ['a prefix of the token', request('127.0.0.1', { authorization: `Bearer ${token.slice(0, -1)}` }), false],
    ['the token, from the internet', request('203.0.113.5', { authorization: `Bearer ${token}` }), true],
    [
      'the token, through a proxy',
      request('127.0.0.1', { authorization: `bearer ${token}`, 'x-forwarded-for': '1.2.3.4' }),
      true,
    ],
  ])('with METRICS_TOKEN: %s → %s', (_what, req, expected) => {
    expect(mayReadMetrics(req, token)).toBe(expected)
  })
})
