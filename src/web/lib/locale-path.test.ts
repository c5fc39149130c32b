import { describe, expect, it } from 'vitest'
import { localePath, loginPath, safeNextPath, stripLocalePrefix, switchLocalePath } from './locale-path'

describe('localePath', () => {
  it.each([
    ['/', 'tr', '/'],
    ['/sepet', 'tr', '/sepet'],
    ['/', 'en', '/en'],
    ['/sepet', 'en', '/en/sepet'],
    ['/?q=x', 'en', '/en?q=x'],
    ['/en/sepet', 'en', '/en/sepet'],
    ['/english-tea-p-4', 'en', '/en/english-tea-p-4'],
  ] as const)('%s in %s → %s', (path, locale, expected) => {
    expect(localePath(path, locale)).toBe(expected)
  })
})

describe('switchLocalePath', () => {
  it.each([
    ['/', 'en', '/en'],
    ['/en', 'tr', '/'],
    ['/en/', 'tr', '/'],
    ['/fren-p-1?adet=2', 'en', '/en/fren-p-1?adet=2'],
    ['/en/fren-p-1?adet=2', 'tr', '/fren-p-1?adet=2'],
    ['/en?q=x', 'tr', '/?q=x'],
    ['/english-tea-p-4', 'tr', '/english-tea-p-4'],
  ] as const)('%s → %s: %s', (path, target, expected) => {
    expect(switchLocalePath(path, target)).toBe(expected)
  })

  it('strips only a whole /en segment', () => {
    expect(stripLocalePrefix('/enerji-p-3')).toBe('/enerji-p-3')
  })
})

describe('safeNextPath', () => {
  it.each([
    [null, '/'],
    ['', '/'],
    ['/sepet', '/sepet'],
    ['/en/teklif/liste?page=2', '/en/teklif/liste?page=2'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example/', '/'],
    ['javascript:alert(1)', '/'],
    ['sepet', '/'],
    ['/\t/evil.example', '/'],
  ])('%j → %s', (next, expected) => {
    expect(safeNextPath(next, '/')).toBe(expected)
  })
})

describe('loginPath', () => {
  it.each([
    ['tr', undefined, '/account/login'],
    ['en', undefined, '/en/account/login'],
    ['tr', '/sepet', '/account/login?next=%2Fsepet'],
    ['tr', '/account/login?next=%2F', '/account/login'],
  ] as const)('%s, next %s → %s', (locale, next, expected) => {
    expect(loginPath(locale, next)).toBe(expected)
  })
})
