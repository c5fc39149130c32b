import path from 'node:path'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type { Database } from './client'

export function migrationsFolder(rootDir: string): string {
  return path.join(rootDir, 'src', 'server', 'db', 'migrations')
}

/** Applies the committed SQL migrations; safe to run at every start (already applied ones are skipped). */
export async function runMigrations(database: Database, rootDir: string): Promise<void> {
  const folder = migrationsFolder(rootDir)
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder })
  } else {
    await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: folder })
  }
}
