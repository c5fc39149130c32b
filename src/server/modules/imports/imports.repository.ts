import { and, eq, gte, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { importMappings, importUploads } from '../../db/schema/imports'

export async function findMapping(
  db: Db,
  resource: string,
  layoutHash: string,
): Promise<(string | null)[] | null> {
  const [row] = await db
    .select({ mapping: importMappings.mapping })
    .from(importMappings)
    .where(and(eq(importMappings.resource, resource), eq(importMappings.layoutHash, layoutHash)))
  return row?.mapping ?? null
}

export async function saveMapping(
  db: Db,
  row: {
    resource: string
    layoutHash: string
    mapping: (string | null)[]
    updatedBy: number
    updatedAt: Date
  },
) {
  await db
    .insert(importMappings)
    .values(row)
    .onConflictDoUpdate({
      target: [importMappings.resource, importMappings.layoutHash],
      set: {
        mapping: sql`excluded.mapping`,
        updatedBy: sql`excluded.updated_by`,
        updatedAt: sql`excluded.updated_at`,
      },
    })
}

export type StoredUpload = {
  id: string
  userId: number
  resource: string
  fileName: string
  file: Buffer
  createdAt: Date
}

/** Keeps an uploaded file, after removing every one older than `expiredBefore`. */
export async function insertUpload(db: Db, upload: StoredUpload, expiredBefore: Date) {
  await db.delete(importUploads).where(lt(importUploads.createdAt, expiredBefore))
  await db.insert(importUploads).values(upload)
}

/** The user's upload made at or after `notBefore`, or null; its bytes only when asked for. */
export async function findUpload(
  db: Db,
  id: string,
  userId: number,
  notBefore: Date,
  { withFile }: { withFile: boolean },
): Promise<(Omit<StoredUpload, 'file'> & { file: Buffer | null }) | null> {
  const [row] = await db
    .select({
      id: importUploads.id,
      userId: importUploads.userId,
      resource: importUploads.resource,
      fileName: importUploads.fileName,
      file: withFile ? importUploads.file : sql<null>`null`,
      createdAt: importUploads.createdAt,
    })
    .from(importUploads)
    .where(
      and(
        eq(importUploads.id, id),
        eq(importUploads.userId, userId),
        gte(importUploads.createdAt, notBefore),
      ),
    )
  return row ?? null
}

/** Deletes the upload; true when this call did (no other had taken it first). */
export async function claimUpload(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(importUploads)
    .where(eq(importUploads.id, id))
    .returning({ id: importUploads.id })
  return rows.length === 1
}
