/**
 * npm run db:backup [-- --out FILE|DIR]
 *
 * A backup of the embedded database (DATA_DIR/pgdata) as a gzipped tarball, consistent while the
 * server runs: the running server takes it (db/backup.ts) and hands it over DATA_DIR's socket; with
 * no server running this takes it itself, holding the socket so no server starts meanwhile. Written
 * to FILE, or into DIR (default DATA_DIR/backups) as toptan-<UTC time>.tar.gz, whole or not at all.
 * PostgreSQL (DATABASE_URL) has pg_dump instead: docs/operations.md, "Backup and restore".
 * It runs the built tool (`npm run build` made it) and never rebuilds: a backup taken from cron must
 * not replace the files of the server it asks.
 */
import { existsSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { loadConfig } from '../config'
import { backupFileName, DataDirLock, requestBackup, writeFileDurably } from '../db/backup'
import { openDatabase } from '../db/client'
import { runWhenStarted } from './run-cli'

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..')

export const USAGE = 'Usage: npm run db:backup [-- --out FILE.tar.gz | --out DIRECTORY]'

export async function main(argv = process.argv.slice(2), env = process.env): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { out: { type: 'string' }, help: { type: 'boolean' } },
  })
  if (values.help) {
    console.log(USAGE)
    return 0
  }
  const config = loadConfig(env, rootDir, { takesPayments: false })
  if (config.databaseUrl) {
    console.error(
      'DATABASE_URL is set: back PostgreSQL up with pg_dump (docs/operations.md, "Backup and restore"); db:backup is for the embedded database.',
    )
    return 2
  }
  const started = performance.now()
  const at = new Date()
  const out = values.out ?? path.join(config.dataDir, 'backups')
  const isDir = !out.endsWith('.tar.gz') || (existsSync(out) && statSync(out).isDirectory())
  const file = path.resolve(isDir ? path.join(out, backupFileName(at)) : out)

  let bytes = await requestBackup(config.dataDir)
  let how = 'taken by the running server'
  if (!bytes) {
    const pgdata = path.join(config.dataDir, 'pgdata')
    if (!existsSync(pgdata)) {
      console.error(`No embedded database in ${pgdata} (DATA_DIR) and no server running on it.`)
      return 1
    }
    // No server: this process opens the directory, holding its socket so none starts meanwhile.
    const lock = await DataDirLock.claim(config.dataDir)
    try {
      const database = await openDatabase({ kind: 'pglite', dataDir: pgdata })
      try {
        bytes = await database.backup!()
      } finally {
        await database.close()
      }
    } finally {
      await lock.close()
    }
    how = 'no server was running'
  }
  writeFileDurably(file, bytes)
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.log(
    `Backup written: ${file} (${(bytes.byteLength / 1024 / 1024).toFixed(1)} MiB, ${seconds} s; ${how}).`,
  )
  console.log(
    'Keep a copy off this machine. Restore it with: DATA_DIR=<fresh dir> npm run db:restore -- <file>',
  )
  return 0
}

runWhenStarted(import.meta.url, main)
