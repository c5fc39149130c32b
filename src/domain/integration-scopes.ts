/**
 * What an integration key (the distributor's ERP) may do, one scope per resource and direction. The
 * server's door, the staff screen's checkboxes and the OpenAPI document's enum all read this list.
 * `write` means the bulk upserts of that resource; `read` the cursor feeds and the exports (files).
 * `catalogue:read` and `ledger:read` open only the exports of the catalogue and of a dealer's
 * statement: the ERP is the source of both, but a report tool, or an ERP checking what the portal
 * shows, reads them back as a file. There is no stock read.
 */
export const INTEGRATION_SCOPES = [
  'catalogue:write',
  'catalogue:read',
  'stock:write',
  'customers:write',
  'customers:read',
  'ledger:write',
  'ledger:read',
  'invoices:write',
  'serials:write',
  'campaigns:write',
  'orders:read',
  'offers:read',
  'payments:read',
  'jobs:write',
] as const
export type IntegrationScope = (typeof INTEGRATION_SCOPES)[number]

export type ScopeResource = IntegrationScope extends `${infer R}:${string}` ? R : never

/** The resource a scope is about (the screen groups its checkboxes by it). */
export const scopeResource = (scope: IntegrationScope): ScopeResource => scope.split(':')[0] as ScopeResource

/** The scopes grouped by resource, in the list's order (resources by their first scope). */
export function scopesByResource(): { resource: ScopeResource; scopes: IntegrationScope[] }[] {
  const groups: { resource: ScopeResource; scopes: IntegrationScope[] }[] = []
  for (const scope of INTEGRATION_SCOPES) {
    const resource = scopeResource(scope)
    const group = groups.find((g) => g.resource === resource)
    if (group) group.scopes.push(scope)
    else groups.push({ resource, scopes: [scope] })
  }
  return groups
}

/** A key's state at `now`: revoked by staff, retired after a rotation's grace period, or usable. */
export type ApiKeyState = 'active' | 'retiring' | 'expired' | 'revoked'

export function apiKeyState(key: { revokedAt: Date | null; expiresAt: Date | null }, now: Date): ApiKeyState {
  if (key.revokedAt) return 'revoked'
  if (!key.expiresAt) return 'active'
  return key.expiresAt.getTime() > now.getTime() ? 'retiring' : 'expired'
}

/** How long a rotated key keeps working beside its successor, so the ERP can switch without a gap. */
export const ROTATION_GRACE_MS = 60 * 60 * 1000

/** Last use is written at most this often per key: a call within it changes nothing in the database. */
export const LAST_USE_WRITE_MS = 60 * 1000
