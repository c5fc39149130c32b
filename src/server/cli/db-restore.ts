/**
 * DATA_DIR=<fresh dir> npm run db:restore -- FILE.tar.gz
 *
 * Puts a backup made by `npm run db:backup` into DATA_DIR/pgdata, which must not exist yet (or be
 * empty): a restore never overwrites a database. No server may run on DATA_DIR meanwhile (its socket
 * is held while the files are written). Then the server is started on DATA_DIR as usual; it applies
 * any migration newer than the backup. PostgreSQL has pg_restore: docs/operations.md.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { loadConfig } from '../config'
import { DataDirLock, isEmptyDir, restoreInto } from '../db/backup'
import { openDatabase } from '../db/client'
import { runWhenStarted } from './run-cli'

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..')

export const USAGE = 'Usage: DATA_DIR=<fresh directory> npm run db:restore -- BACKUP.tar.gz'

export async function main(argv = process.argv.slice(2), env = process.env): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { help: { type: 'boolean' } },
  })
  if (values.help) {
    console.log(USAGE)
    return 0
  }
  const [file] = positionals
  if (!file || positionals.length > 1) {
    console.error(USAGE)
    return 2
  }
  if (!existsSync(file)) {
    console.error(`No such backup: ${file}`)
    return 2
  }
  const config = loadConfig(env, rootDir, { takesPayments: false })
  if (config.databaseUrl) {
    console.error(
      'DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/operations.md, "Backup and restore"); db:restore is for the embedded database.',
    )
    return 2
  }
  const pgdata = path.join(config.dataDir, 'pgdata')
  if (!isEmptyDir(pgdata)) {
    console.error(
      `${pgdata} already holds a database: restore into a fresh DATA_DIR, or move that one aside first (stop the server, mv ${pgdata} ${pgdata}.old).`,
    )
    return 1
  }
  const started = performance.now()
  const lock = await DataDirLock.claim(config.dataDir)
  try {
    await restoreInto(pgdata, readFileSync(file))
    const database = await openDatabase({ kind: 'pglite', dataDir: pgdata })
    try {
      const result = await database.db.execute(
        sql`select (select count(*) from orders)::int as orders, (select count(*) from products)::int as products,
              (select count(*) from users)::int as users`,
      )
      const counts = (result as unknown as { rows: Array<Record<string, number>> }).rows[0] ?? {}
      const seconds = ((performance.now() - started) / 1000).toFixed(1)
      console.log(
        `Restored ${file} into ${pgdata} in ${seconds} s: ${counts.orders} orders, ${counts.products} products, ${counts.users} users.`,
      )
      console.log('Start the server on this DATA_DIR; it applies any newer migrations itself.')
    } finally {
      await database.close()
    }
  } finally {
    await lock.close()
  }
  return 0
}

runWhenStarted(import.meta.url, main)
