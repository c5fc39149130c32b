import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { main as backupMain } from '../cli/db-backup'
import { main as restoreMain } from '../cli/db-restore'
import { bundle } from '../test/app-process'
import { queryRows } from '../test/db-helpers'
import { backupSocketPath, DataDirInUse, DataDirLock, requestBackup, restoreInto } from './backup'
import { type Database, openDatabase } from './client'

/**
 * The embedded database's backup (Database.backup and db/backup.ts): taken between transactions, so a
 * transaction under way is either wholly in it (committed before) or not at all, and statements sent
 * meanwhile wait for it; restored only into an empty directory; handed out over DATA_DIR's socket,
 * which also keeps a second process off a directory in use. On PostgreSQL pg_dump does this
 * (backup-under-load.int.test.ts), so these run in the embedded pass only.
 */
const embedded = process.env.TEST_DB !== 'postgres'
const work = mkdtempSync(path.join(tmpdir(), 'toptan-backup-'))
// The worker thread's script, built as `npm run build` builds it, beside node_modules (its imports).
const built = path.join(process.cwd(), '.tmp', `backup-worker-${randomBytes(4).toString('hex')}`)
const workerFile = path.join(built, 'pglite-worker.js')
afterAll(() => {
  rmSync(work, { recursive: true, force: true })
  rmSync(built, { recursive: true, force: true })
})

const fresh = (name: string) => path.join(work, `${name}-${randomBytes(3).toString('hex')}`)

async function withTable(dataDir: string, workerFile?: string): Promise<Database> {
  const database = await openDatabase({ kind: 'pglite', dataDir, workerFile })
  await database.db.execute(sql`create table t (id int primary key, note text not null)`)
  await database.db.execute(sql`insert into t values (1, 'önce')`)
  return database
}

const ids = async (database: Database) =>
  (await queryRows<{ id: number }>(database.db, sql`select id from t order by id`)).map((r) => r.id)

/** The names of a tar archive's entries (ustar headers: the name in the first 100 bytes, the size in octal). */
function tarNames(tar: Buffer): string[] {
  const names: string[] = []
  for (let at = 0; at + 512 <= tar.length; ) {
    const field = (from: number, length: number) =>
      tar
        .subarray(at + from, at + from + length)
        .toString('latin1')
        .replace(/\0.*$/s, '')
    const name = field(0, 100)
    if (!name) break
    names.push(name)
    at += 512 + Math.ceil(Number.parseInt(field(124, 12).trim() || '0', 8) / 512) * 512
  }
  return names
}

async function restored(backup: Uint8Array): Promise<Database> {
  const pgdata = fresh('restored')
  await restoreInto(pgdata, backup)
  return openDatabase({ kind: 'pglite', dataDir: pgdata })
}

describe.skipIf(!embedded)('a backup of the embedded database', () => {
  beforeAll(async () => {
    await bundle(path.join(process.cwd(), 'src/server/db/pglite-worker.ts'), workerFile)
  }, 60_000)

  for (const thread of ['this thread', 'a worker thread'] as const) {
    it(`waits for the transaction under way, holds later statements, and restores exactly what was committed (PGlite in ${thread})`, async () => {
      const database = await withTable(fresh('pgdata'), thread === 'this thread' ? undefined : workerFile)
      try {
        let release!: () => void
        const held = new Promise<void>((resolve) => {
          release = resolve
        })
        const order: string[] = []
        const transaction = database.db.transaction(async (tx) => {
          await tx.execute(sql`insert into t values (2, 'işlem')`)
          await held
          await tx.execute(sql`insert into t values (3, 'işlem')`)
          order.push('committed')
        })
        await new Promise((resolve) => setTimeout(resolve, 50))
        const backup = database.backup!().then((bytes) => {
          order.push('backup')
          return bytes
        })
        // Sent after the backup was asked for: it runs after it, so it is not in it.
        const later = database.db
          .execute(sql`insert into t values (4, 'sonra')`)
          .then(() => order.push('later'))
        await new Promise((resolve) => setTimeout(resolve, 100))
        expect(order).toEqual([])
        release()
        const bytes = await backup
        await Promise.all([transaction, later])
        expect(order).toEqual(['committed', 'backup', 'later'])
        expect(bytes.byteLength).toBeGreaterThan(1000)
        expect([...bytes.subarray(0, 2)]).toEqual([0x1f, 0x8b])

        const copy = await restored(bytes)
        try {
          expect(await ids(copy)).toEqual([1, 2, 3])
        } finally {
          await copy.close()
        }
        expect(await ids(database)).toEqual([1, 2, 3, 4])
      } finally {
        await database.close()
      }
    })
  }

  it('is restored only into an empty directory, and a failed restore leaves nothing behind', async () => {
    // The directory is looked at before the backup is read: any bytes show the refusal.
    const taken = fresh('taken')
    mkdirSync(taken)
    writeFileSync(path.join(taken, 'PG_VERSION'), '17')
    await expect(restoreInto(taken, new Uint8Array([0x1f, 0x8b]))).rejects.toThrow(/not empty/)
    expect(existsSync(path.join(taken, 'PG_VERSION'))).toBe(true)

    const broken = fresh('broken')
    await expect(restoreInto(broken, new Uint8Array([0x1f, 0x8b, 1, 2, 3]))).rejects.toThrow()
    expect(existsSync(broken)).toBe(false)
  })
})

describe.skipIf(!embedded)("DATA_DIR's backup socket", () => {
  it('hands a backup of the database to whoever may open it, and nothing when no process holds the directory', async () => {
    const dataDir = fresh('data')
    expect(await requestBackup(dataDir)).toBeNull()
    const lock = await DataDirLock.claim(dataDir)
    const database = await withTable(path.join(dataDir, 'pgdata'))
    try {
      await expect(requestBackup(dataDir)).rejects.toThrow(/503/)
      lock.serve(database, { info: () => {}, error: () => {} })
      expect(statSync(backupSocketPath(dataDir)).mode & 0o777).toBe(0o600)
      // The database's tarball (restoring one is proven above): gzip, with the data directory's files.
      const names = tarNames(gunzipSync((await requestBackup(dataDir))!))
      expect(names).toContain('/PG_VERSION')
      expect(names).toContain('/global/pg_control')
    } finally {
      await database.close()
      await lock.close()
    }
    expect(existsSync(backupSocketPath(dataDir))).toBe(false)
  })

  it('keeps a second process off a directory in use, and takes over a socket left by one that died', async () => {
    const dataDir = fresh('data')
    const first = await DataDirLock.claim(dataDir)
    await expect(DataDirLock.claim(dataDir)).rejects.toBeInstanceOf(DataDirInUse)
    await first.close()
    // What a killed process leaves: the socket file, with nobody listening.
    writeFileSync(backupSocketPath(dataDir), '')
    const second = await DataDirLock.claim(dataDir)
    await second.close()
  })
})

describe.skipIf(!embedded)('npm run db:backup and db:restore', () => {
  const quiet = () => {
    vi.spyOn(console, 'log').mockImplementation(() => {})
    vi.spyOn(console, 'error').mockImplementation(() => {})
  }

  it('takes a backup with no server running, and restores it only into a fresh DATA_DIR', async () => {
    quiet()
    const dataDir = fresh('data')
    const database = await withTable(path.join(dataDir, 'pgdata'))
    await database.db.execute(
      sql`create table orders (id int); create table products (id int); create table users (id int)`,
    )
    await database.close()
    const file = path.join(work, `${randomBytes(3).toString('hex')}.tar.gz`)
    expect(await backupMain(['--out', file], { NODE_ENV: 'test', DATA_DIR: dataDir })).toBe(0)
    expect(existsSync(backupSocketPath(dataDir))).toBe(false)

    // Never over a database: the original's DATA_DIR is refused.
    expect(await restoreMain([file], { NODE_ENV: 'test', DATA_DIR: dataDir })).toBe(1)
    const target = fresh('target')
    expect(await restoreMain([file], { NODE_ENV: 'test', DATA_DIR: target })).toBe(0)
    const copy = await openDatabase({ kind: 'pglite', dataDir: path.join(target, 'pgdata') })
    try {
      expect(await ids(copy)).toEqual([1])
    } finally {
      await copy.close()
    }
    vi.restoreAllMocks()
  })

  it('sends PostgreSQL to pg_dump and pg_restore', async () => {
    quiet()
    const env = { NODE_ENV: 'test', DATA_DIR: fresh('data'), DATABASE_URL: 'postgres://u@127.0.0.1:5432/db' }
    expect(await backupMain([], env)).toBe(2)
    expect(await restoreMain([path.join(work, 'any.tar.gz')], env)).toBe(2)
    vi.restoreAllMocks()
  })
})
