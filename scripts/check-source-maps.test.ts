import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { findSourceMaps } from './check-source-maps.mjs'

let dir = ''
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function build(files: Record<string, string>): string {
  dir = mkdtempSync(path.join(tmpdir(), 'toptan-maps-'))
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true })
    writeFileSync(path.join(dir, rel), content)
  }
  return dir
}

describe('findSourceMaps: what a build must not carry', () => {
  it('names every .map file and every file that points to one', async () => {
    const root = build({
      'web/assets/index-AbC123.js': 'console.log(1)\n//# sourceMappingURL=index-AbC123.js.map\n',
      'web/assets/index-AbC123.js.map': '{}',
      'web/assets/index-AbC123.css': 'a{}\n/*# sourceMappingURL=index-AbC123.css.map */\n',
      'server/main.js': 'export {}\n//# sourceMappingURL=data:application/json;base64,e30=\n',
      'web/assets/clean-XyZ789.js': 'console.log(2)\n',
      'web/images/logo.svg': '<svg/>',
    })
    const found = await findSourceMaps([path.join(root, 'web'), path.join(root, 'server')])
    expect(found.map((f) => path.relative(root, f)).sort()).toEqual([
      'server/main.js',
      'web/assets/index-AbC123.css',
      'web/assets/index-AbC123.js',
      'web/assets/index-AbC123.js.map',
    ])
  })

  it('finds nothing in a clean build and skips a folder that is not there', async () => {
    const root = build({ 'web/assets/a-1.js': 'x()\n', 'web/index.html': '<!doctype html>' })
    expect(await findSourceMaps([path.join(root, 'web'), path.join(root, 'ssr')])).toEqual([])
  })
})
