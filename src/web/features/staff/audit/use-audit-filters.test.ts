import { describe, expect, it } from 'vitest'
import { auditFiltersOf, auditSearchOf } from './use-audit-filters'

const read = (query: string) => auditFiltersOf(new URLSearchParams(query))

describe('the audit trail filters in the address', () => {
  it.each([
    ['', { entity: null, entityId: null, userId: null, from: null, to: null, page: 1 }],
    [
      'entity=order&entityId=300&userId=14&from=2026-03-01&to=2026-03-18&page=3',
      { entity: 'order', entityId: '300', userId: 14, from: '2026-03-01', to: '2026-03-18', page: 3 },
    ],
    // Each value that is not one reads as not given.
    [
      'entity=orders&entityId=a%20b&userId=-1&from=01.03.2026&to=x&page=0',
      { entity: null, entityId: null, userId: null, from: null, to: null, page: 1 },
    ],
    ['entityId=storeMailRecipients', { entityId: 'storeMailRecipients' }],
  ])('%s', (query, expected) => {
    expect(read(query)).toMatchObject(expected)
  })

  it('writes only what differs from the defaults, and reads back the same', () => {
    const filters = read('entity=bank_transfer&userId=7&page=2')
    expect(auditSearchOf(filters).toString()).toBe('entity=bank_transfer&userId=7&page=2')
    expect(auditSearchOf(read('')).toString()).toBe('')
  })
})
