import { execFile } from 'node:child_process'
import { accessSync, constants, copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

/**
 * The systemd units and the environment file in deploy/ agree with the app and with
 * deploy/nginx.conf: systemd reads them without a complaint, they start the file the build writes,
 * each process writes only its own state directory, and the environment file names only settings the
 * app reads (README's configuration table) and none the units set per process.
 */
const run = promisify(execFile)
const deploy = (name: string) => readFileSync(path.join('deploy', name), 'utf8')
const UNITS = ['toptan.service', 'toptan@.service']

/** Every value of `key` in a unit ("Key=value" lines, comments left out). */
const values = (unit: string, key: string) =>
  unit
    .split('\n')
    .filter((line) => line.startsWith(`${key}=`))
    .map((line) => line.slice(key.length + 1))

const systemdAnalyze = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find((file) => {
  try {
    accessSync(file, constants.X_OK)
    return true
  } catch {
    return false
  }
})
if (!systemdAnalyze)
  console.warn('\n⚠⚠⚠ systemd-analyze not found: the systemd units are not verified by systemd.\n')

describe('deploy/ systemd units', () => {
  it.skipIf(!systemdAnalyze).each(UNITS)('%s: systemd-analyze verify finds nothing to say', async (name) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'toptan-units-'))
    try {
      copyFileSync(path.join('deploy', name), path.join(dir, name))
      const instance = name.replace('@.', '@3001.')
      const { stdout, stderr } = await run(systemdAnalyze!, ['verify', path.join(dir, instance)])
      expect(`${stdout}${stderr}`.trim()).toBe('')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it.each(UNITS)('%s runs the built server from its checkout, whose dist/web nginx serves', (name) => {
    const unit = deploy(name)
    const [workingDirectory] = values(unit, 'WorkingDirectory')
    expect(values(unit, 'ExecStart')).toEqual([`/usr/bin/node ${workingDirectory}/dist/server/main.js`])
    // scripts/build-server.mjs writes the server there.
    expect(readFileSync('scripts/build-server.mjs', 'utf8')).toContain("outdir: 'dist/server'")
    expect(deploy('nginx.conf')).toMatch(new RegExp(`root ${workingDirectory}/dist/web;\\s*# FILL web-root`))
    expect(values(unit, 'EnvironmentFile')).toEqual(['/etc/toptan/toptan.env'])
    expect(values(unit, 'User')).toEqual(['toptan'])
    expect(values(unit, 'NoNewPrivileges')).toEqual(['yes'])
    expect(values(unit, 'ProtectSystem')).toEqual(['strict'])
  })

  it.each(UNITS)('%s writes only its own state directory, the DATA_DIR it gives the app', (name) => {
    const unit = deploy(name)
    const environment = values(unit, 'Environment').join(' ')
    const dataDir = /\bDATA_DIR=(\S+)/.exec(environment)?.[1]
    expect(dataDir).toBe(`/var/lib/${values(unit, 'StateDirectory')[0]}`)
    expect(environment).toMatch(/\bHOST=127\.0\.0\.1\b/)
    expect(values(unit, 'ReadWritePaths')).toEqual([])
  })

  it('gives each instance of the template its own port and state, and refuses the embedded database', () => {
    const unit = deploy('toptan@.service')
    const environment = values(unit, 'Environment').join(' ')
    expect(environment).toMatch(/\bPORT=%i\b/)
    expect(environment).toMatch(/\bDATA_DIR=\/var\/lib\/toptan\/%i\b/)
    expect(values(unit, 'ExecStartPre').join('\n')).toContain('test -n "$DATABASE_URL"')
    // nginx's upstream lists instances of the template: 127.0.0.1 and a port each.
    const upstreams = [...deploy('nginx.conf').matchAll(/^\s*server (\S+) .*# FILL upstream/gm)].map(
      (m) => m[1],
    )
    expect(upstreams.length).toBeGreaterThan(1)
    for (const upstream of upstreams) expect(upstream).toMatch(/^127\.0\.0\.1:\d+$/)
  })
})

describe('deploy/toptan.env.example', () => {
  const example = deploy('toptan.env.example')
  const named = [...example.matchAll(/^#?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!)
  const readme = readFileSync('README.md', 'utf8')
  const configuration = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Commands'))

  it('names only settings of the configuration table', () => {
    expect(named.length).toBeGreaterThan(5)
    for (const name of named) expect(configuration, name).toContain(`\`${name}\``)
  })

  it('sets none of the settings the units give each process', () => {
    for (const name of ['PORT', 'HOST', 'DATA_DIR']) expect(named).not.toContain(name)
  })

  it('says what production needs', () => {
    const set = (name: string) => new RegExp(`^${name}=`, 'm')
    for (const name of ['NODE_ENV', 'SESSION_SECRET', 'PUBLIC_URL', 'TRUST_PROXY', 'PAYMENT_GATEWAY']) {
      expect(example, name).toMatch(set(name))
    }
    expect(example).toMatch(/^TRUST_PROXY=1$/m)
    expect(example).toMatch(/^NODE_ENV=production$/m)
  })
})
