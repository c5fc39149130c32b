import { describe, expect, it } from 'vitest'
import { type BinTableRow, diffBinTable } from './bin-diff'

const row = (prefix: string, issuer = 'AKBANK T.A.S.', bankId: number | null = 1): BinTableRow => ({
  prefix,
  network: 'VISA',
  cardType: 'CREDIT',
  category: '',
  issuer,
  bankId,
})

describe('diffBinTable', () => {
  const table = new Map([
    ['413252', row('413252')],
    ['474853', row('474853')],
    ['557113', row('557113')],
  ])

  it('counts added, changed, unchanged and missing rows; keeps what the file does not list', () => {
    const diff = diffBinTable(
      table,
      [row('413252'), row('474853', 'AKBANK'), row('99999901', 'X', null)],
      false,
    )
    expect(diff).toMatchObject({ added: 1, changed: 1, unchanged: 1, missing: 1 })
    expect(diff.changes.map((c) => `${c.kind} ${c.row.prefix}`)).toEqual(['changed 474853', 'added 99999901'])
    const changed = diff.changes[0]
    expect(changed?.kind === 'changed' && changed.before.issuer).toBe('AKBANK T.A.S.')
  })

  it('removes the missing rows when the file replaces the table', () => {
    const diff = diffBinTable(table, [row('413252')], true)
    expect(diff.missing).toBe(2)
    expect(diff.changes.map((c) => `${c.kind} ${c.row.prefix}`)).toEqual(['removed 474853', 'removed 557113'])
  })

  it('takes a row pointing at another bank as changed', () => {
    expect(diffBinTable(table, [row('413252', 'AKBANK T.A.S.', 2)], false).changed).toBe(1)
  })
})
