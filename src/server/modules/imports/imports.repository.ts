import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { importMappings } from '../../db/schema/imports'

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
