import type { BinListRow } from './bin-list'

/** A row of the BIN table as a diff compares it: the list's fields and the bank the row points at. */
export type BinTableRow = BinListRow & { bankId: number | null }

export type BinChange =
  | { kind: 'added'; row: BinTableRow }
  | { kind: 'changed'; row: BinTableRow; before: BinTableRow }
  | { kind: 'removed'; row: BinTableRow }

export type BinDiff = {
  added: number
  changed: number
  unchanged: number
  /** Prefixes of the table the file does not list: removed when the file replaces the table, else kept. */
  missing: number
  /** Every change in the file's order (removals last, by prefix). */
  changes: BinChange[]
}

const same = (a: BinTableRow, b: BinTableRow) =>
  a.network === b.network &&
  a.cardType === b.cardType &&
  a.category === b.category &&
  a.issuer === b.issuer &&
  a.bankId === b.bankId

/**
 * What importing `incoming` (one row per prefix, its bank resolved) does to the table `current`: rows
 * added, changed (a field or the bank differs), unchanged, and the table's prefixes it does not list.
 * The import writes exactly this (bin.repository.ts upsertBinRanges skips unchanged rows), so the
 * preview and the write agree.
 */
export function diffBinTable(
  current: ReadonlyMap<string, BinTableRow>,
  incoming: readonly BinTableRow[],
  replace: boolean,
): BinDiff {
  const changes: BinChange[] = []
  let unchanged = 0
  const listed = new Set<string>()
  for (const row of incoming) {
    listed.add(row.prefix)
    const before = current.get(row.prefix)
    if (!before) changes.push({ kind: 'added', row })
    else if (!same(before, row)) changes.push({ kind: 'changed', row, before })
    else unchanged++
  }
  const missing = [...current.keys()].filter((prefix) => !listed.has(prefix)).sort()
  if (replace) for (const prefix of missing) changes.push({ kind: 'removed', row: current.get(prefix)! })
  return {
    added: changes.filter((c) => c.kind === 'added').length,
    changed: changes.filter((c) => c.kind === 'changed').length,
    unchanged,
    missing: missing.length,
    changes,
  }
}
