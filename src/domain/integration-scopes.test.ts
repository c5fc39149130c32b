import { describe, expect, it } from 'vitest'
import { apiKeyState, INTEGRATION_SCOPES, scopesByResource } from './integration-scopes'

describe('integration scopes', () => {
  it('groups every scope once, by resource, in the list order', () => {
    const groups = scopesByResource()
    expect(groups.flatMap((g) => g.scopes).sort()).toEqual([...INTEGRATION_SCOPES].sort())
    expect(groups.find((g) => g.resource === 'customers')?.scopes).toEqual([
      'customers:write',
      'customers:read',
    ])
    expect(groups[0]).toEqual({ resource: 'catalogue', scopes: ['catalogue:write', 'catalogue:read'] })
    expect(groups.find((g) => g.resource === 'ledger')?.scopes).toEqual(['ledger:write', 'ledger:read'])
  })

  const now = new Date('2026-11-30T12:00:00Z')
  it.each([
    [{ revokedAt: null, expiresAt: null }, 'active'],
    [{ revokedAt: now, expiresAt: null }, 'revoked'],
    [{ revokedAt: now, expiresAt: new Date(now.getTime() + 1000) }, 'revoked'],
    [{ revokedAt: null, expiresAt: new Date(now.getTime() + 1000) }, 'retiring'],
    [{ revokedAt: null, expiresAt: now }, 'expired'],
  ] as const)('a key %o is %s', (key, state) => {
    expect(apiKeyState(key, now)).toBe(state)
  })
})
