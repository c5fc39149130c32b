import { and, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { users } from '../../db/schema/accounts'
import { apiKeys, integrationCalls } from '../../db/schema/integration'

const listColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  scopes: apiKeys.scopes,
  createdAt: apiKeys.createdAt,
  createdBy: users.name,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
  expiresAt: apiKeys.expiresAt,
  rotatedFromId: apiKeys.rotatedFromId,
}
export type ApiKeyRow = Awaited<ReturnType<typeof findApiKeys>>[number]

/** Every key, newest first, with its creator's name (never the hash). */
export function findApiKeys(db: Db) {
  return db
    .select(listColumns)
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .orderBy(desc(apiKeys.id))
}

export async function findApiKey(db: Db, id: number, lock = false): Promise<ApiKeyRow | null> {
  const query = db
    .select(listColumns)
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.id, id))
  const rows = lock ? await query.for('update', { of: apiKeys }) : await query
  return rows[0] ?? null
}

/** What the integration door needs of a key, found by its public prefix (hash included). */
export async function findKeyByPrefix(db: Db, prefix: string) {
  const rows = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      scopes: apiKeys.scopes,
      secretHash: apiKeys.secretHash,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
      expiresAt: apiKeys.expiresAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.prefix, prefix))
    .limit(1)
  return rows[0] ?? null
}

export async function insertApiKey(
  db: Db,
  values: {
    prefix: string
    name: string
    scopes: string[]
    secretHash: string
    createdBy: number
    createdAt: Date
    rotatedFromId?: number
  },
): Promise<number> {
  const [row] = await db.insert(apiKeys).values(values).returning({ id: apiKeys.id })
  if (!row) throw new Error('api key not inserted')
  return row.id
}

export async function updateApiKey(
  db: Db,
  id: number,
  values: Partial<{ name: string; scopes: string[]; revokedAt: Date; expiresAt: Date }>,
): Promise<void> {
  await db.update(apiKeys).set(values).where(eq(apiKeys.id, id))
}

/**
 * Sets the key's last use to `now` only if it is unset or older than `staleBefore`: two processes
 * seeing the same stale value write once between them, and a fresh one is not written at all.
 */
export async function touchLastUsed(db: Db, id: number, now: Date, staleBefore: Date): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore))))
}

export async function insertCall(
  db: Db,
  call: {
    keyId: number
    method: string
    route: string
    status: number
    rows: number | null
    durationMs: number
    at: Date
  },
): Promise<void> {
  await db.insert(integrationCalls).values(call)
}

export async function deleteCallsBefore(db: Db, before: Date): Promise<void> {
  await db.delete(integrationCalls).where(lt(integrationCalls.at, before))
}

/** The latest calls of a key, newest first (tests; the sync health screen counts them instead). */
export function findCalls(db: Db, keyId: number, limit = 50) {
  return db
    .select()
    .from(integrationCalls)
    .where(eq(integrationCalls.keyId, keyId))
    .orderBy(desc(integrationCalls.id))
    .limit(limit)
}

/**
 * The keys still usable at `now`, and any other that called since `since`, newest first, each with its
 * calls since then and those answered 400 or above: one pass over the window's range of the `at` index.
 */
export function findKeysWithCalls(db: Db, since: Date, now: Date, limit: number) {
  const calls = db
    .select({
      keyId: integrationCalls.keyId,
      calls: sql<number>`count(*)::int`.as('calls'),
      errorCalls: sql<number>`(count(*) filter (where ${integrationCalls.status} >= 400))::int`.as(
        'error_calls',
      ),
    })
    .from(integrationCalls)
    .where(gte(integrationCalls.at, since))
    .groupBy(integrationCalls.keyId)
    .as('c')
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      scopes: apiKeys.scopes,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
      expiresAt: apiKeys.expiresAt,
      calls: sql<number>`coalesce(${calls.calls}, 0)`,
      errorCalls: sql<number>`coalesce(${calls.errorCalls}, 0)`,
    })
    .from(apiKeys)
    .leftJoin(calls, eq(calls.keyId, apiKeys.id))
    .where(
      or(
        and(isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now))),
        isNotNull(calls.keyId),
      ),
    )
    .orderBy(desc(apiKeys.id))
    .limit(limit)
}

/** The names of these keys (revoked and expired ones too). */
export function findKeyNames(db: Db, ids: readonly number[]) {
  return db
    .select({ id: apiKeys.id, name: apiKeys.name })
    .from(apiKeys)
    .where(inArray(apiKeys.id, [...ids]))
}
