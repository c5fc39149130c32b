// After `vite build`: writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every
// text file of the built web app, so the server sends them as they are (@fastify/static,
// preCompressed) instead of compressing the same bytes again on every request at a lower quality.
//
// node scripts/compress-assets.mjs [dir]   (default dist/web; run by `npm run build:web`)
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/**
 * Text formats only: images and fonts (png, jpg, webp, woff2) are compressed already. Source maps are
 * left out: the build makes none (vite.config.ts), and the server would not serve one.
 */
export const COMPRESSIBLE = /\.(?:js|mjs|css|svg|html|json|txt|xml|webmanifest)$/i

/**
 * Every file under dir, as paths relative to it.
 * @param {string} dir
 * @returns {Promise<string[]>}
 */
async function filesUnder(dir, prefix = '') {
  const entries = await readdir(path.join(dir, prefix), { withFileTypes: true })
  const nested = await Promise.all(
    entries.map((e) => {
      const rel = path.join(prefix, e.name)
      return e.isDirectory() ? filesUnder(dir, rel) : [rel]
    }),
  )
  return nested.flat()
}

/**
 * Writes `file` + extension when the compressed bytes are fewer, else removes a stale copy.
 * @param {string} file
 * @param {Buffer} original
 * @param {Buffer} compressed
 * @param {string} extension
 */
async function writeSmaller(file, original, compressed, extension) {
  const target = file + extension
  if (compressed.length < original.length) {
    await writeFile(target, compressed)
    return compressed.length
  }
  await rm(target, { force: true })
  return null
}

/**
 * Compresses every compressible file under `dir` (a copy that would not be smaller is not written:
 * the server then sends the file itself). Answers one line per file: its size and the .br and .gz
 * sizes (null when not written).
 * @param {string} dir
 */
export async function compressAssets(dir) {
  const files = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.test(f)).sort()
  return Promise.all(
    files.map(async (rel) => {
      const file = path.join(dir, rel)
      const original = await readFile(file)
      const [br, gz] = await Promise.all([
        brotli(original, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: original.length,
          },
        }),
        gzip(original, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ])
      return {
        file: rel.split(path.sep).join('/'),
        bytes: original.length,
        br: await writeSmaller(file, original, br, '.br'),
        gz: await writeSmaller(file, original, gz, '.gz'),
      }
    }),
  )
}

/** @param {number} n */
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`

async function main() {
  const dir = path.resolve(process.argv[2] ?? 'dist/web')
  if (!(await stat(dir).catch(() => null))?.isDirectory()) {
    console.error(`compress-assets: ${dir} is not a directory (run vite build first)`)
    return 1
  }
  const started = performance.now()
  const results = await compressAssets(dir)
  /** @param {'bytes' | 'br' | 'gz'} key */
  const sum = (key) => results.reduce((total, r) => total + (r[key] ?? r.bytes), 0)
  console.log(
    `compress-assets: ${results.length} files, ${kib(sum('bytes'))} → br ${kib(sum('br'))}, gzip ${kib(sum('gz'))} ` +
      `(${Math.round(performance.now() - started)} ms)`,
  )
  return 0
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main()
}
