import type { ApiKey, ApiKeyCreate, ApiKeyIssued, ApiKeyList, ApiKeyPatch } from '../../../contracts/api-keys'
import type { KeyHealth } from '../../../contracts/integration-health'
import {
  type ApiKeyState,
  apiKeyState,
  INTEGRATION_SCOPES,
  type IntegrationScope,
  LAST_USE_WRITE_MS,
  ROTATION_GRACE_MS,
} from '../../../domain/integration-scopes'
import type { Db } from '../../db/client'
import { AppError, notFound } from '../../http/errors'
import type { IntegrationCaller } from '../../http/integration-path'
import type { StaffActor } from '../../identity'
import { recordAudit } from '../audit/audit.service'
import { newApiKey, newKeyPrefix, parseApiKey, secretMatches } from './api-key-secret'
import {
  type ApiKeyRow,
  deleteCallsBefore,
  findApiKey,
  findApiKeys,
  findKeyByPrefix,
  findKeyNames,
  findKeysWithCalls,
  insertApiKey,
  insertCall,
  touchLastUsed,
  updateApiKey,
} from './integration-keys.repository'

const iso = (d: Date | null) => d?.toISOString() ?? null

// A scope the list no longer has (a later release dropped it) is not shown or honoured.
const knownScopes = (scopes: readonly string[]): IntegrationScope[] =>
  scopes.filter((s): s is IntegrationScope => (INTEGRATION_SCOPES as readonly string[]).includes(s))

const view = (row: ApiKeyRow, now: Date): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: `tpk_${row.prefix}`,
  scopes: knownScopes(row.scopes),
  state: apiKeyState(row, now),
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdBy,
  lastUsedAt: iso(row.lastUsedAt),
  revokedAt: iso(row.revokedAt),
  expiresAt: iso(row.expiresAt),
  rotatedFromId: row.rotatedFromId,
})

const inactive = () => new AppError('conflict', 'apiKeys.inactive', undefined, 'key_inactive')

async function keyOr404(db: Db, id: number, lock = false) {
  const row = await findApiKey(db, id, lock)
  if (!row) throw notFound()
  return row
}

/** GET /yonetim/api-keys: every key with its state and last use, newest first. */
export async function listApiKeys(db: Db, now: Date): Promise<ApiKeyList> {
  return { items: (await findApiKeys(db)).map((row) => view(row, now)) }
}

async function issue(
  tx: Db,
  actor: StaffActor,
  input: { name: string; scopes: string[]; rotatedFromId?: number },
  now: Date,
): Promise<ApiKeyIssued> {
  const prefix = newKeyPrefix()
  const { key, secretHash } = newApiKey(prefix)
  const id = await insertApiKey(tx, { ...input, prefix, secretHash, createdBy: actor.id, createdAt: now })
  await recordAudit(
    tx,
    actor,
    {
      entity: 'api_key',
      entityId: id,
      action: input.rotatedFromId ? 'rotate' : 'create',
      before: null,
      after: {
        name: input.name,
        scopes: input.scopes,
        prefix: `tpk_${prefix}`,
        rotatedFromId: input.rotatedFromId ?? null,
      },
    },
    now,
  )
  return { ...view(await keyOr404(tx, id), now), key }
}

/** POST /yonetim/api-keys: a new key; the answer carries the key this once (only its hash is kept). */
export async function createApiKey(
  db: Db,
  actor: StaffActor,
  input: ApiKeyCreate,
  now: Date,
): Promise<ApiKeyIssued> {
  return db.transaction((tx) => issue(tx, actor, { name: input.name, scopes: [...input.scopes] }, now))
}

/**
 * POST /yonetim/api-keys/{id}/rotate: a new key with the same name and scopes; the old one keeps
 * working for ROTATION_GRACE_MS (the ERP's configuration can be switched without a failed sync), then
 * stops. Only an active key rotates: 409 key_inactive for one revoked or already rotated.
 */
export async function rotateApiKey(
  db: Db,
  actor: StaffActor,
  id: number,
  now: Date,
  /** What else moves to the successor in the same transaction (the key's webhook endpoints). */
  onRotate?: (tx: Db, fromKeyId: number, toKeyId: number) => Promise<void>,
): Promise<ApiKeyIssued> {
  return db.transaction(async (tx) => {
    const old = await keyOr404(tx, id, true)
    if (apiKeyState(old, now) !== 'active') throw inactive()
    const expiresAt = new Date(now.getTime() + ROTATION_GRACE_MS)
    await updateApiKey(tx, id, { expiresAt })
    await recordAudit(
      tx,
      actor,
      {
        entity: 'api_key',
        entityId: id,
        action: 'retire',
        before: { expiresAt: null },
        after: { expiresAt: expiresAt.toISOString() },
      },
      now,
    )
    const issued = await issue(tx, actor, { name: old.name, scopes: old.scopes, rotatedFromId: id }, now)
    await onRotate?.(tx, id, issued.id)
    return issued
  })
}

/** PATCH /yonetim/api-keys/{id}: rename or change scopes (at once for every call after); active keys only. */
export async function changeApiKey(
  db: Db,
  actor: StaffActor,
  id: number,
  patch: ApiKeyPatch,
  now: Date,
): Promise<ApiKey> {
  return db.transaction(async (tx) => {
    const old = await keyOr404(tx, id, true)
    if (apiKeyState(old, now) === 'revoked' || apiKeyState(old, now) === 'expired') throw inactive()
    const next = { name: patch.name ?? old.name, scopes: patch.scopes ? [...patch.scopes] : old.scopes }
    await updateApiKey(tx, id, next)
    await recordAudit(
      tx,
      actor,
      {
        entity: 'api_key',
        entityId: id,
        action: 'update',
        before: { name: old.name, scopes: old.scopes },
        after: next,
      },
      now,
    )
    return view(await keyOr404(tx, id), now)
  })
}

/** POST /yonetim/api-keys/{id}/revoke: the key stops working at once; revoking a revoked key changes nothing. */
export async function revokeApiKey(db: Db, actor: StaffActor, id: number, now: Date): Promise<ApiKey> {
  return db.transaction(async (tx) => {
    const old = await keyOr404(tx, id, true)
    if (old.revokedAt) return view(old, now)
    await updateApiKey(tx, id, { revokedAt: now })
    await recordAudit(
      tx,
      actor,
      {
        entity: 'api_key',
        entityId: id,
        action: 'revoke',
        before: { revokedAt: null },
        after: { revokedAt: now.toISOString() },
      },
      now,
    )
    return view(await keyOr404(tx, id), now)
  })
}

/** A key's state now, or null when there is no such key (what hangs on a key, e.g. its webhooks, asks). */
export async function apiKeyStateOf(
  db: Db,
  id: number,
  now: Date,
  lock = false,
): Promise<ApiKeyState | null> {
  const row = await findApiKey(db, id, lock)
  return row ? apiKeyState(row, now) : null
}

/**
 * The usable key `presented` names, or null (malformed, unknown, wrong secret, revoked, retired).
 * Its last use is written when older than LAST_USE_WRITE_MS, so a busy key costs one read a call.
 */
export async function authenticateKey(
  db: Db,
  presented: string,
  now: Date,
): Promise<IntegrationCaller | null> {
  const parsed = parseApiKey(presented)
  if (!parsed) return null
  const row = await findKeyByPrefix(db, parsed.prefix)
  if (!row || !secretMatches(parsed.secret, row.secretHash)) return null
  const state = apiKeyState(row, now)
  if (state !== 'active' && state !== 'retiring') return null
  const staleBefore = new Date(now.getTime() - LAST_USE_WRITE_MS)
  if (!row.lastUsedAt || row.lastUsedAt < staleBefore) await touchLastUsed(db, row.id, now, staleBefore)
  return { id: row.id, name: row.name, prefix: `tpk_${parsed.prefix}`, scopes: knownScopes(row.scopes) }
}

/**
 * The keys as the sync health screen shows them: every usable key and any other that called since
 * `since`, with its last use and its calls since then (all, and those answered 400 or above).
 */
export async function keyCallFigures(db: Db, since: Date, now: Date, limit: number): Promise<KeyHealth[]> {
  return (await findKeysWithCalls(db, since, now, limit)).map((row) => ({
    id: row.id,
    name: row.name,
    prefix: `tpk_${row.prefix}`,
    scopes: knownScopes(row.scopes),
    state: apiKeyState(row, now),
    lastUsedAt: iso(row.lastUsedAt),
    calls: Number(row.calls),
    errorCalls: Number(row.errorCalls),
  }))
}

/** Keys' names by id (what else names a key, such as a write log row, asks). */
export async function apiKeyNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map()
  return new Map((await findKeyNames(db, ids)).map((row) => [row.id, row.name]))
}

/** How long a call's row is kept. */
export const CALL_LOG_DAYS = 30

export async function recordIntegrationCall(db: Db, call: Parameters<typeof insertCall>[1]): Promise<void> {
  await insertCall(db, call)
}

export async function pruneIntegrationCalls(db: Db, now: Date): Promise<void> {
  await deleteCallsBefore(db, new Date(now.getTime() - CALL_LOG_DAYS * 24 * 60 * 60 * 1000))
}
