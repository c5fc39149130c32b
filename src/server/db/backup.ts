import {
  chmodSync,
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs'
import http from 'node:http'
import { createConnection } from 'node:net'
import path from 'node:path'
import { ConfigError } from '../config'
import type { Database } from './client'
import { createPglite } from './pglite-connection'

/**
 * Backups of the embedded database while the server runs (docs/operations.md, "Backup and restore";
 * docs/decisions.md "Backups of the embedded database"). Only the server process may open PGlite's
 * data directory, so the server takes the backup itself (Database.backup: between transactions,
 * after a checkpoint) and hands the bytes over a Unix socket in DATA_DIR that only the data's owner
 * may open. `npm run db:backup` asks it there, or, with no server running, takes it alone while it
 * holds the socket, so no server can start on the directory meanwhile. The same socket keeps a second
 * process from opening a DATA_DIR a running server has open.
 */
export const BACKUP_SOCKET = 'backup.sock'

export const backupSocketPath = (dataDir: string) => path.join(dataDir, BACKUP_SOCKET)

/** toptan-20261128T041500Z.tar.gz: sorts by time, says UTC. */
export function backupFileName(at: Date): string {
  return `toptan-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.tar.gz`
}

/** Another process answers on DATA_DIR's socket: a server (or a backup or restore) has the directory. */
export class DataDirInUse extends ConfigError {
  constructor(dataDir: string) {
    super(
      `Another Toptan process has ${dataDir} open (it answers on ${BACKUP_SOCKET}): the embedded database serves one process at a time.`,
    )
  }
}

type Log = { info: (msg: string) => void; error: (msg: string) => void }

/** A Unix socket's path must fit in sockaddr_un (108 bytes on Linux, with its final zero). */
const SOCKET_PATH_MAX = 107

/**
 * The data directory's socket, held by this process: refused with DataDirInUse when another process
 * answers on it; a socket file left by a process that died is replaced. Until `serve` names the
 * database, a backup request is answered 503. Every process that opens the embedded database through
 * db/open.ts holds it (the server, and the command-line tools while they run).
 */
export class DataDirLock {
  #database: Database | null = null
  #log: Log | null = null

  private constructor(
    readonly socketPath: string,
    private readonly server: http.Server | null,
  ) {
    server?.on('request', (req, res) => void this.#answer(req, res))
  }

  static async claim(dataDir: string, log: Pick<Log, 'error'> = console): Promise<DataDirLock> {
    mkdirSync(dataDir, { recursive: true })
    const socketPath = backupSocketPath(dataDir)
    if (Buffer.byteLength(socketPath) > SOCKET_PATH_MAX) {
      log.error(
        `DATA_DIR's path is too long for its ${BACKUP_SOCKET} (${Buffer.byteLength(socketPath)} bytes, at most ${SOCKET_PATH_MAX}): ` +
          'no backups while this process runs, and nothing keeps a second process off the directory. Use a shorter DATA_DIR.',
      )
      return new DataDirLock(socketPath, null)
    }
    const server = http.createServer()
    const lock = new DataDirLock(socketPath, server)
    try {
      await listen(server, socketPath)
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err
      if (await answers(socketPath)) throw new DataDirInUse(dataDir)
      rmSync(socketPath, { force: true })
      await listen(server, socketPath)
    }
    // Only the directory's owner (the service's user) and root may connect: the socket hands out the data.
    chmodSync(socketPath, 0o600)
    return lock
  }

  /** Backups are taken from `database` from now on. */
  serve(database: Database, log: Log): void {
    this.#database = database
    this.#log = log
  }

  async close(): Promise<void> {
    const server = this.server
    if (!server) return
    await new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
    })
    rmSync(this.socketPath, { force: true })
  }

  async #answer(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    req.resume()
    if (req.method !== 'POST' || req.url !== '/backup') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('POST /backup\n')
      return
    }
    const backup = this.#database?.backup
    if (!backup) {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('the database is not open yet\n')
      return
    }
    const started = performance.now()
    try {
      const bytes = await backup()
      const ms = Math.round(performance.now() - started)
      this.#log?.info(`backup taken for ${BACKUP_SOCKET}: ${bytes.byteLength} bytes in ${ms} ms`)
      res.writeHead(200, {
        'content-type': 'application/gzip',
        'content-length': String(bytes.byteLength),
        'x-backup-ms': String(ms),
      })
      res.end(bytes)
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err)
      this.#log?.error(`backup failed: ${message}`)
      res.writeHead(500, { 'content-type': 'text/plain' }).end(`${message}\n`)
    }
  }
}

function listen(server: http.Server, socketPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => {
      server.off('listening', onListening)
      reject(err)
    }
    const onListening = () => {
      server.off('error', onError)
      resolve()
    }
    server.once('error', onError)
    server.once('listening', onListening)
    server.listen(socketPath)
  })
}

/** Whether a process listens on the socket (a file left by a dead one refuses the connection). */
function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(socketPath)
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/**
 * Asks the server running on `dataDir` for a backup: its bytes, or null when no server answers there
 * (no socket, or one left by a process that died).
 */
export function requestBackup(dataDir: string): Promise<Uint8Array | null> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { socketPath: backupSocketPath(dataDir), method: 'POST', path: '/backup' },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('error', reject)
        res.on('end', () => {
          const body = Buffer.concat(chunks)
          if (res.statusCode === 200) resolve(new Uint8Array(body.buffer, body.byteOffset, body.byteLength))
          else
            reject(new Error(`the server refused the backup (${res.statusCode}): ${body.toString().trim()}`))
        })
      },
    )
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') resolve(null)
      else reject(err)
    })
    req.end()
  })
}

/** Writes `bytes` to `file` whole or not at all: a partial file, flushed to disk, then renamed. */
export function writeFileDurably(file: string, bytes: Uint8Array): void {
  mkdirSync(path.dirname(file), { recursive: true })
  const partial = `${file}.partial`
  const fd = openSync(partial, 'w', 0o600)
  try {
    let at = 0
    while (at < bytes.byteLength) at += writeSync(fd, bytes, at)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  renameSync(partial, file)
  const dir = openSync(path.dirname(file), 'r')
  try {
    fsyncSync(dir)
  } finally {
    closeSync(dir)
  }
}

/** A directory that is missing or empty: the only kind a backup is restored into. */
export function isEmptyDir(dir: string): boolean {
  try {
    return readdirSync(dir).length === 0
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true
    throw err
  }
}

/**
 * Fills `pgdata`, which must be missing or empty, with a backup. A restore that fails leaves no
 * half-filled directory behind.
 */
export async function restoreInto(pgdata: string, backup: Uint8Array): Promise<void> {
  if (!isEmptyDir(pgdata))
    throw new Error(`${pgdata} is not empty: a backup is restored only into a fresh directory`)
  try {
    mkdirSync(pgdata, { recursive: true })
    const pglite = await createPglite(pgdata, new Blob([backup as Uint8Array<ArrayBuffer>]))
    await pglite.close()
  } catch (err) {
    rmSync(pgdata, { recursive: true, force: true })
    throw err
  }
}
