import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { accessSync, chmodSync, constants, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createConnection } from 'node:net'
import path from 'node:path'
import { promisify } from 'node:util'

/**
 * deploy/nginx.conf run by Debian's nginx in front of app processes, for the tests and the bench:
 * the same file with only its site-specific lines (marked FILL), its listen ports and its log paths
 * replaced, under a main configuration of our own in a prefix folder (never the system's nginx).
 */
const run = promisify(execFile)

export const NGINX_CONF = path.join(process.cwd(), 'deploy', 'nginx.conf')

const onCi = Boolean(process.env.CI) && !['0', 'false'].includes(process.env.CI ?? '')

/**
 * nginx and openssl for a test that runs deploy/nginx.conf: the nginx binary, or null after a loud
 * message when either is missing — except under CI=true, where that fails the run instead of
 * shrinking it (.ci/run installs Debian's nginx).
 */
export function nginxForTests(what: string): string | null {
  const nginx = findNginx()
  const openssl = findOpenssl()
  if (nginx && openssl) return nginx
  const missing = [nginx ? null : 'nginx', openssl ? null : 'openssl'].filter(Boolean).join(' and ')
  const why = `${missing} not found (NGINX_BIN, /usr/sbin/nginx, PATH)`
  if (onCi) throw new Error(`CI=true but ${why}: ${what} must run. apt-get install nginx openssl`)
  console.warn(`\n⚠⚠⚠ ${why}: ${what} SKIPPED. apt-get install nginx openssl to run it.\n`)
  return null
}

/** nginx's binary: NGINX_BIN, else Debian's /usr/sbin/nginx, else one on PATH; null when there is none. */
export function findNginx(): string | null {
  return findBinary(process.env.NGINX_BIN, '/usr/sbin/nginx', 'nginx')
}

/** The openssl command that makes the test certificate; null when there is none. */
export function findOpenssl(): string | null {
  return findBinary(process.env.OPENSSL_BIN, '/usr/bin/openssl', 'openssl')
}

function findBinary(configured: string | undefined, debian: string, name: string): string | null {
  const candidates = [
    configured,
    debian,
    ...(process.env.PATH ?? '').split(path.delimiter).map((dir) => path.join(dir, name)),
  ]
  for (const file of candidates) {
    if (!file) continue
    try {
      accessSync(file, constants.X_OK)
      return file
    } catch {}
  }
  return null
}

export type SiteOptions = {
  /** The app processes, as `host:port` or `http://host:port`. */
  upstreams: string[]
  /** server_name, and the name clients use (TLS needs a name: an address is sent without SNI). */
  serverName: string
  /** Where the plain-HTTP server (the redirect to https) listens, on 127.0.0.1. */
  httpPort: number
  /** Where the site listens, on 127.0.0.1. */
  sitePort: number
  /** The certificate and key; null: the site's listen loses `ssl` and the certificate lines go. */
  tls: { certificate: string; key: string } | null
  /** The folder holding assets/ (the app's dist/web). */
  webRoot: string
  /** Where the access and error logs go. */
  logDir: string
}

/** Thrown when deploy/nginx.conf no longer has a line the test fills in: the test and the file must agree. */
export class SiteTemplateError extends Error {}

/**
 * deploy/nginx.conf for a site on this machine's ports: every FILL line filled (upstreams, names,
 * certificate, key, logs, web root), every listen moved to 127.0.0.1 and the given ports (the IPv6
 * ones dropped). Anything else stays as written. Fails on a FILL line or a listen it does not know,
 * and when one it expects is missing.
 */
export function renderSite(source: string, site: SiteOptions): string {
  const lines = source.split('\n')
  const counts = new Map<string, number>()
  const count = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1)
  const out: string[] = []
  for (const line of lines) {
    const fill = /#\s*FILL\s+([a-z-]+)/.exec(line)?.[1]
    const code = line.replace(/#.*$/, '')
    const indent = /^\s*/.exec(line)?.[0] ?? ''
    if (fill) {
      count(fill)
      switch (fill) {
        case 'upstream': {
          if (counts.get(fill) !== 1) continue
          const options = /server\s+\S+\s*([^;]*);/.exec(code)?.[1]?.trim() ?? ''
          for (const upstream of site.upstreams) {
            out.push(
              `${indent}server ${upstream.replace(/^https?:\/\//, '')}${options ? ` ${options}` : ''};`,
            )
          }
          continue
        }
        case 'name':
          out.push(`${indent}server_name ${site.serverName};`)
          continue
        case 'certificate':
        case 'key':
          if (site.tls) {
            const file = fill === 'certificate' ? site.tls.certificate : site.tls.key
            out.push(
              `${indent}${fill === 'certificate' ? 'ssl_certificate' : 'ssl_certificate_key'} ${file};`,
            )
          }
          continue
        case 'log': {
          const directive = /^\s*(access_log|error_log)\s+\S+(.*);/.exec(code)
          if (!directive) throw new SiteTemplateError(`a FILL log line that is no log: ${line.trim()}`)
          const file = directive[1] === 'access_log' ? 'access.log' : 'error.log'
          out.push(`${indent}${directive[1]} ${path.join(site.logDir, file)}${directive[2]};`)
          continue
        }
        case 'web-root':
          out.push(`${indent}root ${site.webRoot};`)
          continue
        default:
          throw new SiteTemplateError(
            `deploy/nginx.conf has a FILL line the test does not know: ${line.trim()}`,
          )
      }
    }
    const listen = /^\s*listen\s+(\S+)(.*);/.exec(code)
    if (listen) {
      const [, address = '', rest = ''] = listen
      if (address.startsWith('[::]:')) {
        count('listen-ipv6')
        continue
      }
      if (address === '80') {
        count('listen-80')
        out.push(`${indent}listen 127.0.0.1:${site.httpPort}${rest};`)
        continue
      }
      if (address === '443') {
        count('listen-443')
        const options = site.tls
          ? rest
          : rest
              .replace(/\b(ssl|http2)\b/g, '')
              .replace(/\s+/g, ' ')
              .trimEnd()
        out.push(`${indent}listen 127.0.0.1:${site.sitePort}${options};`)
        continue
      }
      throw new SiteTemplateError(`deploy/nginx.conf listens where the test does not expect: ${line.trim()}`)
    }
    if (!site.tls && /^\s*ssl_reject_handshake\b/.test(code)) continue
    out.push(line)
  }
  const expected: Record<string, number> = {
    upstream: -1,
    name: 2,
    certificate: 1,
    key: 1,
    log: 2,
    'web-root': 1,
    'listen-80': 2,
    'listen-443': 2,
  }
  for (const [key, n] of Object.entries(expected)) {
    const found = counts.get(key) ?? 0
    if (n === -1 ? found === 0 : found !== n) {
      throw new SiteTemplateError(
        `deploy/nginx.conf: expected ${n === -1 ? 'at least one' : n} "${key}" line(s), found ${found}`,
      )
    }
  }
  return out.join('\n')
}

/** The main configuration around the site: a prefix of its own for the pid, logs and temporary files. */
export function mainConfig(prefix: string, siteFile: string, mimeTypes: string | null): string {
  const temp = (name: string) => path.join(prefix, 'temp', name)
  return [
    // As root, nginx's workers would become "nobody"; they read the test's files where root put them.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'worker_processes 2;',
    `pid ${path.join(prefix, 'nginx.pid')};`,
    `error_log ${path.join(prefix, 'logs', 'main-error.log')} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    ...(mimeTypes ? [`  include ${mimeTypes};`] : []),
    '  default_type application/octet-stream;',
    '  sendfile on;',
    '  server_tokens off;',
    `  client_body_temp_path ${temp('body')};`,
    `  proxy_temp_path ${temp('proxy')};`,
    `  fastcgi_temp_path ${temp('fastcgi')};`,
    `  uwsgi_temp_path ${temp('uwsgi')};`,
    `  scgi_temp_path ${temp('scgi')};`,
    `  include ${siteFile};`,
    '}',
    '',
  ].join('\n')
}

export type AccessLogEntry = {
  time: string
  client: string
  method: string
  path: string
  status: number
  upstream: string
  upstream_status: string
  tls: string
}

export type RunningNginx = {
  /** The site: https://<name>:<port> (http:// without TLS). */
  url: string
  /** The plain-HTTP server in front of it (the redirect to https). */
  httpUrl: string
  /** The test certificate (PEM) clients must trust; null without TLS. */
  certificate: string | null
  /** The site's configuration as nginx read it. */
  site: string
  /** The access log's entries so far. */
  accessLog: () => AccessLogEntry[]
  /** The site's error log so far. */
  errorLog: () => string
  stop: () => Promise<void>
}

/**
 * Starts nginx on deploy/nginx.conf in front of `upstreams`, in `prefix` (created), listening on
 * 127.0.0.1 at free ports. With `tls`, a certificate for `serverName` is made with openssl first.
 * Resolves once both ports accept connections; fails with nginx's own words when the configuration
 * does not load.
 */
export async function startNginx(options: {
  nginx: string
  prefix: string
  /** The configuration to run; deploy/nginx.conf of the working directory unless given. */
  conf?: string
  /** Told of nginx's master process once started (the bench stops it with the rest on Ctrl-C). */
  onStarted?: (child: ChildProcess) => void
  upstreams: string[]
  webRoot: string
  tls: boolean
  serverName?: string
  ports: [number, number]
}): Promise<RunningNginx> {
  const { nginx, prefix } = options
  const serverName = options.serverName ?? 'localhost'
  for (const dir of ['logs', 'temp', 'tls']) mkdirSync(path.join(prefix, dir), { recursive: true })
  let tls: SiteOptions['tls'] = null
  if (options.tls) {
    const openssl = findOpenssl()
    if (!openssl)
      throw new Error('openssl is missing: it makes the test certificate (apt-get install openssl)')
    tls = { certificate: path.join(prefix, 'tls', 'site.crt'), key: path.join(prefix, 'tls', 'site.key') }
    await run(openssl, [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${serverName}`,
      '-addext',
      `subjectAltName=DNS:${serverName}`,
      '-keyout',
      tls.key,
      '-out',
      tls.certificate,
    ])
    chmodSync(tls.key, 0o600)
  }
  const [httpPort, sitePort] = options.ports
  const site = renderSite(readFileSync(options.conf ?? NGINX_CONF, 'utf8'), {
    upstreams: options.upstreams,
    serverName,
    httpPort,
    sitePort,
    tls,
    webRoot: options.webRoot,
    logDir: path.join(prefix, 'logs'),
  })
  const siteFile = path.join(prefix, 'site.conf')
  writeFileSync(siteFile, site)
  const conf = path.join(prefix, 'nginx.conf')
  writeFileSync(conf, mainConfig(prefix, siteFile, mimeTypesFor(nginx)))
  const args = ['-p', prefix, '-c', conf, '-e', path.join(prefix, 'logs', 'startup.log')]
  try {
    await run(nginx, [...args, '-t'])
  } catch (err) {
    const { stderr } = err as { stderr?: string }
    throw new Error(`nginx refused deploy/nginx.conf (as rendered in ${siteFile}):\n${stderr ?? err}`)
  }
  // A process group of its own: nginx's workers go with their master, whatever happens to it.
  const child = spawn(nginx, [...args, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  })
  options.onStarted?.(child)
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const readLog = (file: string) => {
    const full = path.join(prefix, 'logs', file)
    return existsSync(full) ? readFileSync(full, 'utf8') : ''
  }
  const deadline = Date.now() + 10_000
  while (!((await accepts(httpPort)) && (await accepts(sitePort)))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`nginx did not start:\n${stderr}${readLog('main-error.log')}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return {
    url: `${tls ? 'https' : 'http'}://${serverName}:${sitePort}`,
    httpUrl: `http://${serverName}:${httpPort}`,
    certificate: tls ? readFileSync(tls.certificate, 'utf8') : null,
    site,
    accessLog: () =>
      readLog('access.log')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as AccessLogEntry),
    errorLog: () => readLog('error.log'),
    stop: () => stopNginx(child),
  }
}

/** Debian's mime.types beside the configuration nginx was built for. */
function mimeTypesFor(nginx: string): string | null {
  for (const file of ['/etc/nginx/mime.types', path.join(path.dirname(nginx), '..', 'conf', 'mime.types')]) {
    if (existsSync(file)) return file
  }
  return null
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port })
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/** nginx's fast stop (SIGTERM), then SIGKILL to its whole process group after 5 s. */
async function stopNginx(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => {
    if (child.pid) process.kill(-child.pid, 'SIGKILL')
  }, 5_000)
  await exited
  clearTimeout(timer)
}
