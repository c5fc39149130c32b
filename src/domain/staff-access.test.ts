import { describe, expect, it } from 'vitest'
import {
  isStaffRole,
  permissionFor,
  STAFF_AREAS,
  STAFF_ROLES,
  type StaffPermission,
  type StaffRole,
  staffCan,
} from './staff-access'

// The whole table, area by area: r = read only, w = read and write, - = nothing.
const EXPECTED: Record<StaffRole, string> = {
  //         cockpit sales customers catalogue payments system
  owner: 'w w w w w w',
  sales: 'w w w - r -',
  catalogue: '- - - w - -',
  accounting: '- r r - w -',
  readonly: 'r r r r r r',
}

describe('staffCan', () => {
  const cases = STAFF_ROLES.flatMap((role) =>
    STAFF_AREAS.map((area, i) => [role, area, EXPECTED[role].split(' ')[i]] as const),
  )

  it.each(cases)('%s on %s: %s', (role, area, grant) => {
    expect(staffCan(role, `${area}:read`)).toBe(grant === 'r' || grant === 'w')
    expect(staffCan(role, `${area}:write`)).toBe(grant === 'w')
  })

  it.each([null, undefined, 'admin', 'dealer', 'OWNER', ''])('gives %j nothing', (role) => {
    for (const area of STAFF_AREAS) {
      expect(staffCan(role as StaffRole | null, `${area}:read`)).toBe(false)
    }
  })

  it('lets the owner alone manage the system and the catalogue team nothing of sales', () => {
    const writers = (permission: StaffPermission) => STAFF_ROLES.filter((role) => staffCan(role, permission))
    expect(writers('system:write')).toEqual(['owner'])
    expect(writers('sales:write')).toEqual(['owner', 'sales'])
    expect(writers('payments:write')).toEqual(['owner', 'accounting'])
    expect(writers('catalogue:write')).toEqual(['owner', 'catalogue'])
  })
})

describe('permissionFor', () => {
  it.each([
    ['GET', 'sales:read'],
    ['HEAD', 'sales:read'],
    ['POST', 'sales:write'],
    ['PATCH', 'sales:write'],
    ['PUT', 'sales:write'],
    ['DELETE', 'sales:write'],
  ])('%s is %s', (method, permission) => {
    expect(permissionFor('sales', method)).toBe(permission)
  })
})

describe('isStaffRole', () => {
  it.each([
    ['owner', true],
    ['readonly', true],
    ['admin', false],
    ['dealer', false],
    [3, false],
  ])('%j → %s', (value, expected) => {
    expect(isStaffRole(value)).toBe(expected)
  })
})
