import Big from 'big.js'

/**
 * The ERP's bulk upserts (docs/integration.md "Bulk upserts"): rows keyed by the ERP's own codes, each
 * answered on its own. Shared by the API, the import jobs and the spreadsheet import.
 */

/** The most rows one call takes; larger loads go through a job. */
export const BULK_MAX_ROWS = 5000

export const SYNC_RESOURCES = ['categories', 'brands', 'warehouses', 'products', 'prices', 'stock'] as const
export type SyncResource = (typeof SYNC_RESOURCES)[number]

/**
 * `rejectFailedRows`: the good rows are written, each bad one answered `rejected`.
 * `rejectEverything`: one transaction; if any row fails, nothing is written.
 */
export const ERROR_POLICIES = ['rejectFailedRows', 'rejectEverything'] as const
export type ErrorPolicy = (typeof ERROR_POLICIES)[number]

export const WRITTEN_STATUSES = ['created', 'updated', 'unchanged'] as const
export type WrittenStatus = (typeof WRITTEN_STATUSES)[number]
export type RowStatus = WrittenStatus | 'rejected'

/**
 * Why a row was rejected, for programs: `invalid` (the field's value breaks its rule), `required`,
 * `unknown_reference` (no such code: category, brand, warehouse…), `duplicate_in_batch` (the same code
 * earlier in the call), `conflict` (the value belongs to another record), `cycle` (a category under its
 * own descendant).
 */
export const ROW_ERROR_CODES = [
  'invalid',
  'required',
  'unknown_reference',
  'duplicate_in_batch',
  'conflict',
  'cycle',
] as const
export type RowErrorCode = (typeof ROW_ERROR_CODES)[number]

export type RowError = { field: string; code: RowErrorCode; value?: string }

export type RowOutcome = { status: WrittenStatus } | { status: 'rejected'; errors: RowError[] }

export const rejected = (field: string, code: RowErrorCode, value?: string): RowOutcome => ({
  status: 'rejected',
  errors: [value === undefined ? { field, code } : { field, code, value }],
})

export type OutcomeCounts = Record<RowStatus, number>

export function countOutcomes(outcomes: readonly RowOutcome[]): OutcomeCounts {
  const counts: OutcomeCounts = { created: 0, updated: 0, unchanged: 0, rejected: 0 }
  for (const o of outcomes) counts[o.status]++
  return counts
}

/**
 * Positions whose key already came earlier in the call: the first row of a code is written, the later
 * ones are rejected (two rows of one code in one call are an ERP's mistake, not an order of updates).
 */
export function repeatedKeys(keys: readonly (string | null)[]): Set<number> {
  const seen = new Set<string>()
  const repeated = new Set<number>()
  keys.forEach((key, i) => {
    if (key === null) return
    if (seen.has(key)) repeated.add(i)
    else seen.add(key)
  })
  return repeated
}

/** Two decimals as the database keeps them ('12.5000' and '12.5' are the same price); null only equals null. */
export function sameDecimal(a: string | null | undefined, b: string | null | undefined): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null)
  return new Big(a).eq(new Big(b))
}

/** A decimal as sent (a JSON number or a dot-decimal string), written with at most `scale` decimals. */
export const decimalText = (value: string | number, scale = 4) =>
  new Big(value).round(scale, Big.roundHalfUp).toFixed()

/** Two text lists equal element by element (null and [] differ: "no variants" versus "none sent"). */
export function sameList(a: readonly string[] | null, b: readonly string[] | null): boolean {
  if (a === null || b === null) return a === b
  return a.length === b.length && a.every((x, i) => x === b[i])
}

/**
 * Rows of a tree (categories) in an order where each row's parent, when it is in the same call, comes
 * first; rows in a cycle among themselves come back in `cyclic` (a row naming itself included).
 */
export function parentsFirst<T>(
  rows: readonly T[],
  keyOf: (row: T) => string,
  parentOf: (row: T) => string | null,
): { ordered: T[]; cyclic: T[] } {
  const byKey = new Map(rows.map((r) => [keyOf(r), r]))
  const state = new Map<string, 'visiting' | 'done' | 'cyclic'>()
  const ordered: T[] = []
  const cyclic: T[] = []
  const visit = (row: T): boolean => {
    const key = keyOf(row)
    const seen = state.get(key)
    if (seen === 'done') return true
    if (seen === 'visiting' || seen === 'cyclic') return false
    state.set(key, 'visiting')
    const parentKey = parentOf(row)
    const parent = parentKey === null ? undefined : byKey.get(parentKey)
    const ok = parent === undefined ? parentKey !== key : visit(parent)
    state.set(key, ok ? 'done' : 'cyclic')
    if (ok) ordered.push(row)
    else cyclic.push(row)
    return ok
  }
  for (const row of rows) visit(row)
  return { ordered, cyclic }
}

/** How long an Idempotency-Key's answer is kept and replayed. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000
/** A call holding a key without an answer this long has died (a crash): another call may take the key. */
export const IDEMPOTENCY_STALE_MS = 5 * 60 * 1000

/**
 * What a call with an Idempotency-Key does, given what is stored under the key: run (nothing stored,
 * or stored past its 24 hours, or held by a call that died), replay the stored answer, or refuse (the
 * key came with another request; or its first call still runs).
 */
export type IdempotencyVerdict = 'run' | 'replay' | 'mismatch' | 'in_progress'

export function idempotencyVerdict(
  stored: { requestHash: string; answered: boolean; createdAt: Date },
  requestHash: string,
  now: Date,
): IdempotencyVerdict {
  const age = now.getTime() - stored.createdAt.getTime()
  if (age >= IDEMPOTENCY_TTL_MS) return 'run'
  if (stored.requestHash !== requestHash) return 'mismatch'
  if (stored.answered) return 'replay'
  return age >= IDEMPOTENCY_STALE_MS ? 'run' : 'in_progress'
}
