import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { compressAssets } from './compress-assets.mjs'

let dir = ''
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** A built-app stand-in: files at the given paths (relative to a fresh temp dir). */
function builtApp(files: Record<string, string | Buffer>): string {
  dir = mkdtempSync(path.join(tmpdir(), 'toptan-compress-'))
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true })
    writeFileSync(path.join(dir, rel), content)
  }
  return dir
}

const script = `export function hello(name){return "merhaba " + name}\n`.repeat(200)
const style = `.card{color:#212529;padding:12px;border-radius:4px}\n`.repeat(200)

describe('the post-build compression step', () => {
  it('writes .br and .gz beside text assets that decompress to the same bytes', async () => {
    const root = builtApp({
      'assets/index-AbC123.js': script,
      'assets/index-AbC123.css': style,
      'images/logo.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0h24v24H0z"/>'.repeat(80)}</svg>`,
    })
    const results = await compressAssets(root)
    expect(results.map((r) => r.file)).toEqual([
      'assets/index-AbC123.css',
      'assets/index-AbC123.js',
      'images/logo.svg',
    ])
    for (const { file, bytes, br, gz } of results) {
      const original = readFileSync(path.join(root, file))
      expect(bytes).toBe(original.length)
      const brBytes = readFileSync(path.join(root, `${file}.br`))
      const gzBytes = readFileSync(path.join(root, `${file}.gz`))
      expect(brotliDecompressSync(brBytes).equals(original)).toBe(true)
      expect(gunzipSync(gzBytes).equals(original)).toBe(true)
      expect([br, gz]).toEqual([brBytes.length, gzBytes.length])
      expect(brBytes.length).toBeLessThan(original.length / 10)
    }
  })

  it('leaves images, fonts and source maps alone', async () => {
    const root = builtApp({
      'images/photo.png': Buffer.alloc(4096, 7),
      'assets/font-x1.woff2': Buffer.alloc(4096, 7),
      'assets/index-AbC123.js.map': JSON.stringify({ mappings: 'AAAA;'.repeat(1000) }),
    })
    expect(await compressAssets(root)).toEqual([])
    expect(existsSync(path.join(root, 'images/photo.png.br'))).toBe(false)
    expect(existsSync(path.join(root, 'assets/index-AbC123.js.map.gz'))).toBe(false)
  })

  it('writes no copy that would be larger than the file, and removes a stale one', async () => {
    const root = builtApp({ 'robots.txt': 'User-agent: *\n', 'robots.txt.br': 'stale' })
    const [result] = await compressAssets(root)
    expect(result).toEqual({ file: 'robots.txt', bytes: 14, br: null, gz: null })
    expect(existsSync(path.join(root, 'robots.txt.br'))).toBe(false)
    expect(existsSync(path.join(root, 'robots.txt.gz'))).toBe(false)
  })

  it('does not compress its own output again when run twice', async () => {
    const root = builtApp({ 'assets/app-Zz9.js': script })
    await compressAssets(root)
    const again = await compressAssets(root)
    expect(again.map((r) => r.file)).toEqual(['assets/app-Zz9.js'])
    expect(existsSync(path.join(root, 'assets/app-Zz9.js.br.br'))).toBe(false)
    expect(existsSync(path.join(root, 'assets/app-Zz9.js.gz.gz'))).toBe(false)
  })
})
