import { createHash } from 'node:crypto'
import type { z } from 'zod'
import type { Locale } from '../../../contracts/common'
import type { BulkAnswer } from '../../../contracts/integration-sync'
import {
  countOutcomes,
  type ErrorPolicy,
  IDEMPOTENCY_TTL_MS,
  idempotencyVerdict,
  type RowError,
  type RowOutcome,
  repeatedKeys,
  type SyncResource,
} from '../../../domain/bulk-upsert'
import type { Db } from '../../db/client'
import { type MessageKey, translate } from '../../http/messages'
import type { SessionCache } from '../../http/session-cache'
import type { MailSignal } from '../../integrations/mail/mail-signal'
import { type AuditActor, recordAudit } from '../audit/audit.service'
import { allWriters, type SyncContext, type SyncWriter, writerOf } from './sync-writers'
import {
  claimIdempotencyKey,
  findIdempotencyRecord,
  insertWriteLog,
  lockResource,
  pruneIdempotency,
  pruneWriteLog,
  releaseIdempotencyKey,
  retakeIdempotencyKey,
  storeIdempotentAnswer,
} from './sync-writes.repository'

export type { SyncContext, SyncWriter }
export { allWriters }

/** Rejected rows kept in the write log per batch, for the sync health screen. */
const LOGGED_ERRORS = 20
/** Changed codes named in a batch's audit record. */
const AUDITED_CODES = 100
const WRITE_LOG_DAYS = 30

type Checked = { raw: unknown; code: string; row: unknown | null; outcome: RowOutcome | null }

/** The row's own code as the ERP sent it, for the answer (even when the row is rejected). */
function codeOf(writer: SyncWriter, raw: unknown): string {
  if (raw === null || typeof raw !== 'object') return ''
  return writer.codeOfSent(raw as Record<string, unknown>)
}

/** The value at `path` in the row as sent (zod's issues do not carry the input unless asked to). */
function sentAt(raw: unknown, path: readonly PropertyKey[]): unknown {
  let at = raw
  for (const part of path) {
    if (at === null || typeof at !== 'object') return undefined
    at = (at as Record<PropertyKey, unknown>)[part]
  }
  return at
}

/** `required` for a field the row leaves out (or sends as null where null is not allowed); else `invalid`. */
function zodErrors(error: z.ZodError, raw: unknown): RowError[] {
  return error.issues.map((issue) => {
    const field = issue.path.map(String).join('.') || '(row)'
    const sent = sentAt(raw, issue.path)
    const missing = issue.code === 'invalid_type' && (sent === undefined || sent === null)
    return { field, code: missing ? 'required' : 'invalid' }
  })
}

const ROW_MESSAGES: Record<RowError['code'], MessageKey> = {
  invalid: 'sync.row.invalid',
  required: 'sync.row.required',
  unknown_reference: 'sync.row.unknownReference',
  duplicate_in_batch: 'sync.row.duplicate',
  conflict: 'sync.row.conflict',
  cycle: 'sync.row.cycle',
}

export type BulkInput = {
  resource: SyncResource
  items: readonly unknown[]
  policy: ErrorPolicy
  /** Who writes: the API key, or the staff user of a spreadsheet import. */
  actor: AuditActor
  jobId?: number | null
  locale: Locale
  now: Date
  /**
   * A preview: the rows are written and rolled back, so the answer says row by row what a real call
   * would do (created, updated, unchanged, rejected) and nothing is kept, not even the write log.
   */
  dryRun?: boolean
  /** Runs inside the write's transaction after the rows (a job marks its chunk done there). */
  alsoInTransaction?: (tx: Db, answer: BulkAnswer) => Promise<void>
  /**
   * The app's parts some writers need: the portal's address for an invitation's link, and after the
   * commit the mail worker's signal and the session cache (dealer users). Without them mail waits for
   * the worker's next poll and a disabled user's cached session for its few seconds.
   */
  app?: { publicUrl: string; mailSignal?: MailSignal; sessions?: SessionCache }
}

class RolledBack extends Error {}

/**
 * One bulk upsert: every row checked against its schema (a bad row is rejected alone), a code sent
 * twice rejected after its first row, then the resource's writer inside one transaction that holds
 * the resource's lock. Under rejectEverything a rejected row rolls the whole call back. The call's
 * counts and first rejections go to the write log (sync health) and, when something changed, one
 * audit record names the key and the codes.
 */
export async function runBulk(db: Db, input: BulkInput): Promise<BulkAnswer> {
  const writer = writerOf(input.resource)
  const checked: Checked[] = input.items.map((raw) => {
    const code = codeOf(writer, raw)
    const parsed = writer.row.safeParse(raw)
    if (!parsed.success)
      return { raw, code, row: null, outcome: { status: 'rejected', errors: zodErrors(parsed.error, raw) } }
    return { raw, code, row: parsed.data, outcome: null }
  })
  const repeated = repeatedKeys(checked.map((c) => (c.row === null ? null : writer.keyOf(c.row))))
  for (const i of repeated) {
    checked[i]!.outcome = {
      status: 'rejected',
      errors: [{ field: writer.keyField, code: 'duplicate_in_batch' }],
    }
  }
  const valid = checked.filter((c) => c.outcome === null)
  const failedEarly = valid.length < checked.length
  let committed = true
  let mailQueued = false
  const shut: number[] = []
  const ctx: SyncContext = {
    actor: input.actor,
    publicUrl: input.app?.publicUrl ?? null,
    mailQueued: () => {
      mailQueued = true
    },
    loginShut: (userId) => shut.push(userId),
  }

  if (input.policy === 'rejectEverything' && failedEarly && !input.dryRun) {
    committed = false
    for (const c of valid) c.outcome = { status: 'unchanged' }
  } else {
    try {
      await db.transaction(async (tx) => {
        await lockResource(tx, input.resource)
        const outcomes = await writer.write(
          tx,
          valid.map((c) => c.row),
          input.now,
          ctx,
        )
        valid.forEach((c, i) => {
          c.outcome = outcomes[i]!
        })
        if (input.dryRun) throw new RolledBack()
        if (input.policy === 'rejectEverything' && outcomes.some((o) => o.status === 'rejected'))
          throw new RolledBack()
        await recordBatch(tx, input, checked)
        await input.alsoInTransaction?.(tx, answerOf(checked, true, input.locale))
      })
    } catch (err) {
      if (!(err instanceof RolledBack)) throw err
      committed = false
      if (!input.dryRun)
        for (const c of valid) if (c.outcome?.status !== 'rejected') c.outcome = { status: 'unchanged' }
    }
  }
  if (input.dryRun) return answerOf(checked, false, input.locale)
  if (!committed) await recordBatch(db, input, checked, false)
  else {
    if (mailQueued) input.app?.mailSignal?.notify()
    for (const userId of shut) input.app?.sessions?.forgetUser(userId)
  }
  return answerOf(checked, committed, input.locale)
}

async function recordBatch(db: Db, input: BulkInput, checked: Checked[], committed = true) {
  const outcomes = checked.map((c) => c.outcome!)
  const counts = countOutcomes(outcomes)
  if (!committed) Object.assign(counts, { created: 0, updated: 0, unchanged: 0 })
  const errors = checked
    .filter((c) => c.outcome?.status === 'rejected')
    .slice(0, LOGGED_ERRORS)
    .map((c) => ({ code: c.code, errors: c.outcome!.status === 'rejected' ? c.outcome!.errors : [] }))
  await insertWriteLog(db, {
    at: input.now,
    resource: input.resource,
    keyId: 'apiKeyId' in input.actor ? input.actor.apiKeyId : null,
    jobId: input.jobId ?? null,
    ...counts,
    errors,
  })
  if (counts.created + counts.updated === 0) return
  const changed = checked.filter((c) => c.outcome?.status === 'created' || c.outcome?.status === 'updated')
  await recordAudit(
    db,
    input.actor,
    {
      entity: 'sync',
      entityId: input.resource,
      action: 'upsert',
      before: null,
      after: {
        created: counts.created,
        updated: counts.updated,
        rejected: counts.rejected,
        codes: changed.slice(0, AUDITED_CODES).map((c) => c.code),
      },
    },
    input.now,
  )
}

export const rowErrorMessage = (locale: Locale, e: RowError) =>
  translate(locale, ROW_MESSAGES[e.code], { field: e.field, value: e.value ?? '' })

function answerOf(checked: Checked[], committed: boolean, locale: Locale): BulkAnswer {
  const results = checked.map((c) => {
    const o = c.outcome!
    if (o.status !== 'rejected') return { code: c.code, status: o.status }
    return {
      code: c.code,
      status: o.status,
      errors: o.errors.map((e) => ({
        field: e.field,
        code: e.code,
        message: rowErrorMessage(locale, e),
      })),
    }
  })
  const counts = countOutcomes(checked.map((c) => c.outcome!))
  return { committed, counts, results }
}

/** Keeps the write log and the idempotency answers bounded (called now and then by the routes). */
export async function pruneSyncRecords(db: Db, now: Date) {
  await pruneWriteLog(db, new Date(now.getTime() - WRITE_LOG_DAYS * 86_400_000))
  await pruneIdempotency(db, new Date(now.getTime() - IDEMPOTENCY_TTL_MS))
}

export const requestHash = (parts: readonly string[]) =>
  createHash('sha256').update(parts.join('\n')).digest('hex')

export type Answer = { status: number; body: unknown }

/**
 * A call under an Idempotency-Key: the first runs and its answer is stored; the same key with the same
 * request within 24 hours gets that answer again (`replayed`), with another request a 422, while the
 * first still runs a 409. Holding the key is a committed row of its own, so the call itself (with its
 * own transaction) runs outside any transaction of this function; a call that fails without an answer
 * gives the key back.
 */
export async function withIdempotency(
  db: Db,
  key: { keyId: number; idempotencyKey: string; requestHash: string; now: Date },
  run: () => Promise<Answer>,
): Promise<(Answer & { replayed: boolean }) | { refused: 'mismatch' | 'in_progress' }> {
  const row = {
    keyId: key.keyId,
    idempotencyKey: key.idempotencyKey,
    requestHash: key.requestHash,
    createdAt: key.now,
  }
  let held = await claimIdempotencyKey(db, row)
  if (!held) {
    const stored = await findIdempotencyRecord(db, key.keyId, key.idempotencyKey)
    if (!stored) held = await claimIdempotencyKey(db, row)
    else {
      const verdict = idempotencyVerdict(
        { requestHash: stored.requestHash, answered: stored.status !== null, createdAt: stored.createdAt },
        key.requestHash,
        key.now,
      )
      if (verdict === 'replay') return { status: stored.status!, body: stored.response, replayed: true }
      if (verdict === 'mismatch' || verdict === 'in_progress') return { refused: verdict }
      held = await retakeIdempotencyKey(db, row, stored.createdAt)
    }
    if (!held) return { refused: 'in_progress' }
  }
  let answer: Answer
  try {
    answer = await run()
  } catch (err) {
    await releaseIdempotencyKey(db, key.keyId, key.idempotencyKey)
    throw err
  }
  await storeIdempotentAnswer(db, key.keyId, key.idempotencyKey, answer.status, answer.body)
  return { ...answer, replayed: false }
}
