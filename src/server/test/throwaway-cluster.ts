import { execFile } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { freePort } from './app-process'

const run = promisify(execFile)

/**
 * A PostgreSQL cluster of a test's own (initdb in a temp dir, on a free port), so the test may stop it
 * the hard way (`pg_ctl stop -m immediate`: every server process killed, crash recovery on the next
 * start) without touching the shared server other tests use. The binaries come from
 * /usr/lib/postgresql/<version>/bin (Debian's packages) or PG_BIN. PostgreSQL refuses to run as root,
 * so as root the commands run as the `postgres` OS user (runuser).
 */
export type ThrowawayCluster = {
  url: string
  port: number
  start: () => Promise<void>
  /** `pg_ctl stop -m immediate`: the postmaster and its backends die at once, as in a crash. */
  crash: () => Promise<void>
  running: () => boolean
  destroy: () => Promise<void>
}

/** The directory with initdb and pg_ctl, or null when this machine has none. */
export function findPostgresBin(): string | null {
  const fromEnv = process.env.PG_BIN
  if (fromEnv && existsSync(path.join(fromEnv, 'pg_ctl'))) return fromEnv
  const base = '/usr/lib/postgresql'
  if (!existsSync(base)) return null
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] ? path.join(base, versions[0], 'bin') : null
}

export async function startThrowawayCluster(bin: string): Promise<ThrowawayCluster> {
  const asRoot = process.getuid?.() === 0
  const dir = mkdtempSync(path.join(tmpdir(), 'toptan-cluster-'))
  const data = path.join(dir, 'data')
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres'])
    const { stdout: gid } = await run('id', ['-g', 'postgres'])
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()))
  }
  const pg = (tool: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args], { cwd: dir })
      : run(path.join(bin, tool), args, { cwd: dir })
  await pg('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-instructions', '-E', 'UTF8'])
  const port = await freePort()
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=60 -c shared_buffers=16MB`
  let up = false
  const cluster: ThrowawayCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    running: () => up,
    start: async () => {
      await pg('pg_ctl', ['start', '-w', '-t', '60', '-D', data, '-l', path.join(dir, 'log'), '-o', options])
      up = true
    },
    crash: async () => {
      up = false
      await pg('pg_ctl', ['stop', '-m', 'immediate', '-w', '-D', data])
    },
    destroy: async () => {
      if (up) await pg('pg_ctl', ['stop', '-m', 'immediate', '-w', '-D', data]).catch(() => undefined)
      up = false
      rmSync(dir, { recursive: true, force: true })
    },
  }
  await cluster.start()
  return cluster
}
