import path from 'node:path'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { Database } from './client'

export function migrationsFolder(rootDir: string): string {
  return path.join(rootDir, 'src', 'server', 'db', 'migrations')
}

/** Applies the committed SQL migrations; safe to run at every start (already applied ones are skipped). */
export async function runMigrations(database: Database, rootDir: string): Promise<void> {
  // Both databases go through node-postgres (db/client.ts), so one migrator serves them.
  await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: migrationsFolder(rootDir) })
}
