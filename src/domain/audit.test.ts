import { describe, expect, it } from 'vitest'
import { type AuditValue, fieldChanges, isAuditEntity } from './audit'

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
    ['orders', false],
    ['', false],
    [null, false],
    [3, false],
  ])('%s → %s', (value, expected) => {
    expect(isAuditEntity(value)).toBe(expected)
  })
})
