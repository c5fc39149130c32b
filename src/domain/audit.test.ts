import { describe, expect, it } from 'vitest'
import { AUDIT_ENTITY_AREAS, type AuditValue, fieldChanges, isAuditEntity } from './audit'
import { staffCan } from './staff-access'

type Fields = Record<string, AuditValue>

describe('fieldChanges', () => {
  it.each<[string, Fields | null, Fields, ReturnType<typeof fieldChanges>]>([
    [
      'created: every field from null',
      null,
      { status: 'new', amount: '10.00' },
      [
        { field: 'status', old: null, new: 'new' },
        { field: 'amount', old: null, new: '10.00' },
      ],
    ],
    ['created: a null field is no change', null, { note: null }, []],
    [
      'one field changed',
      { status: 'new', note: null },
      { status: 'processing', note: null },
      [{ field: 'status', old: 'new', new: 'processing' }],
    ],
    ['nothing changed', { status: 'new' }, { status: 'new' }, []],
    [
      'a field missing before reads as null',
      { status: 'new' },
      { status: 'new', note: 'Kargo' },
      [{ field: 'note', old: null, new: 'Kargo' }],
    ],
    ['a field only before is not recorded', { status: 'new', extra: 1 }, { status: 'new' }, []],
    ['lists compared by value', { to: ['a@x.test'] }, { to: ['a@x.test'] }, []],
    [
      'a list changed',
      { to: ['a@x.test'] },
      { to: ['a@x.test', 'b@x.test'] },
      [{ field: 'to', old: ['a@x.test'], new: ['a@x.test', 'b@x.test'] }],
    ],
    [
      'booleans and numbers',
      { reversed: false, count: 0 },
      { reversed: true, count: 0 },
      [{ field: 'reversed', old: false, new: true }],
    ],
    ['"0" and 0 differ', { amount: '0' }, { amount: 0 }, [{ field: 'amount', old: '0', new: 0 }]],
  ])('%s', (_name, before, after, expected) => {
    expect(fieldChanges(before, after)).toEqual(expected)
  })
})

describe('isAuditEntity', () => {
  it.each([
    ['order', true],
    ['bank_transfer', true],
    ['webhook_endpoint', true],
    ['webhook_delivery', true],
    ['orders', false],
    ['', false],
    [null, false],
    [3, false],
  ])('%s → %s', (value, expected) => {
    expect(isAuditEntity(value)).toBe(expected)
  })
})

describe('AUDIT_ENTITY_AREAS', () => {
  it('gives a record the area of the screen that shows it', () => {
    expect(AUDIT_ENTITY_AREAS).toEqual({
      order: 'sales',
      offer: 'sales',
      fault_report: 'sales',
      customer: 'customers',
      branch: 'customers',
      user: 'customers',
      bank_transfer: 'payments',
      payment: 'payments',
      mail: 'system',
      store_setting: 'system',
      api_key: 'system',
      sync: 'system',
      webhook_endpoint: 'system',
      webhook_delivery: 'system',
      invoice: 'customers',
      product: 'catalogue',
      category: 'catalogue',
      brand: 'catalogue',
      warehouse: 'catalogue',
      campaign: 'catalogue',
      payment_plan: 'payments',
      bank: 'payments',
      bin_list: 'payments',
      payment_gateway: 'payments',
    })
  })

  it("lets a sales user read an order's history but not a mail's", () => {
    expect(staffCan('sales', `${AUDIT_ENTITY_AREAS.order}:read`)).toBe(true)
    expect(staffCan('sales', `${AUDIT_ENTITY_AREAS.mail}:read`)).toBe(false)
    expect(staffCan('catalogue', `${AUDIT_ENTITY_AREAS.customer}:read`)).toBe(false)
  })
})
