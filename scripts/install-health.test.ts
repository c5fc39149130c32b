import { readFileSync } from 'node:fs'
import { transform } from 'esbuild'
import semver from 'semver'
import { describe, expect, it } from 'vitest'

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } }
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<
    string,
    { version?: string; engines?: { node?: string }; os?: string[]; cpu?: string[]; optional?: boolean }
  >
}

/** The oldest Node the project promises to run on, from package.json's `engines`. */
const oldestNode = semver.minVersion(pkg.engines.node)?.version ?? ''

describe('what npm installs runs on the Node version package.json promises', () => {
  it('engines names a real lower bound', () => {
    expect(oldestNode).toMatch(/^\d+\.\d+\.\d+$/)
    expect(semver.satisfies(process.version, pkg.engines.node)).toBe(true)
  })

  it('every Node version engines allows, every locked package allows too (not only the oldest)', () => {
    // e.g. lru-cache wants `20 || >=22`: a range like `>=20.19` would promise Node 21, where it fails.
    // Left out: a platform package for 32-bit Windows (sharp's stops at Node 20), a platform the
    // project does not run on; it is never installed elsewhere.
    const thirtyTwoBitWindows = (p: { os?: string[]; cpu?: string[]; optional?: boolean }) =>
      p.optional === true && p.os?.join() === 'win32' && p.cpu?.join() === 'ia32'
    const narrower = Object.entries(lock.packages)
      .filter(([name, p]) => name !== '' && p.engines?.node && !thirtyTwoBitWindows(p))
      .filter(([, p]) => !semver.subset(pkg.engines.node, p.engines?.node ?? '*'))
      .map(([name, p]) => `${name}@${p.version} wants node ${p.engines?.node}`)
    expect(narrower).toEqual([])
  })

  it('the lockfile keeps every platform package an installed package lists (npm ci needs them all)', () => {
    const missing: string[] = []
    for (const [name, p] of Object.entries(lock.packages)) {
      const optional = (p as { optionalDependencies?: Record<string, string> }).optionalDependencies ?? {}
      for (const dep of Object.keys(optional)) {
        const nested = `${name}/node_modules/${dep}`
        if (!lock.packages[`node_modules/${dep}`] && !lock.packages[nested]) missing.push(`${name} → ${dep}`)
      }
    }
    expect(missing).toEqual([])
  })
})

describe('skipped install scripts are harmless', () => {
  it('esbuild works without its postinstall (the platform binary comes as an optional package)', async () => {
    const out = await transform('const n: number = 1; export default n', { loader: 'ts' })
    expect(out.code).toContain('const n = 1')
  })
})
