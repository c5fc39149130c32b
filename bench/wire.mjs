// What the first page ships on the wire: the HTML of a page (a guest's `/` by default), then every
// script, stylesheet and modulepreload it names in its markup, each fetched as a browser would ask for
// it (Accept-Encoding: br, gzip). Bytes are counted as they come off the socket (node:http does not
// decompress), so the figures are the compressed transfer; `raw` is the same body decompressed, i.e.
// what an uncompressed server would send. The scripts the boot script starts after the first paint
// (its data-entry and data-preload) are the app that makes the page work, so they count; chunks the
// app imports later on its own (another route's lazy page) are not part of the first page.
import http from 'node:http'
import zlib from 'node:zlib'

export const ACCEPT_ENCODING = 'br, gzip'

/**
 * @typedef {import('./types.ts').WireResult} WireResult
 * @typedef {{ status: number | undefined, headers: http.IncomingHttpHeaders, encoding: string, wire: number,
 *   raw: number, body: Buffer }} OnWire
 */

/**
 * One GET; resolves with the status, headers, the body as sent and the body decoded.
 * @param {string} url
 * @param {Record<string, string>} headers
 * @returns {Promise<OnWire>}
 */
export function fetchOnWire(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { 'accept-encoding': ACCEPT_ENCODING, ...headers } }, (res) => {
      /** @type {Buffer[]} */
      const chunks = []
      res.on('data', (chunk) => chunks.push(chunk))
      res.on('error', reject)
      res.on('end', () => {
        const wire = Buffer.concat(chunks)
        const encoding = res.headers['content-encoding'] ?? 'identity'
        try {
          const body =
            encoding === 'br'
              ? zlib.brotliDecompressSync(wire)
              : encoding === 'gzip'
                ? zlib.gunzipSync(wire)
                : wire
          resolve({
            status: res.statusCode,
            headers: res.headers,
            encoding,
            wire: wire.length,
            raw: body.length,
            body,
          })
        } catch (err) {
          reject(
            new Error(
              `${url}: could not decode its ${encoding} body: ${err instanceof Error ? err.message : err}`,
            ),
          )
        }
      })
    })
    req.setTimeout(30_000, () => req.destroy(new Error(`${url}: no answer within 30 s`)))
    req.on('error', reject)
  })
}

/**
 * @param {string} tag
 * @param {string} name
 */
const attribute = (tag, name) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1]

/**
 * The same-origin files a page loads as it starts, in document order: <script src> (js), the modules a
 * script names in data-entry and data-preload (js: the boot script imports them after the first
 * paint), <link rel="stylesheet"> (css) and <link rel="modulepreload"> (js). Exported for its test.
 * @param {string} html
 */
export function startupAssets(html) {
  /** @type {Array<{ path: string, kind: 'js' | 'css' }>} */
  const found = []
  /**
   * @param {string | undefined} href
   * @param {'js' | 'css' | null} kind
   */
  const add = (href, kind) => {
    if (!href?.startsWith('/') || href.startsWith('//')) return
    if (kind && !found.some((a) => a.path === href)) found.push({ path: href, kind })
  }
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    if (/^<script/i.test(tag)) {
      add(attribute(tag, 'src'), 'js')
      add(attribute(tag, 'data-entry'), 'js')
      for (const href of (attribute(tag, 'data-preload') ?? '').split(/\s+/)) add(href, 'js')
      continue
    }
    const rel = attribute(tag, 'rel')?.toLowerCase()
    add(attribute(tag, 'href'), rel === 'modulepreload' ? 'js' : rel === 'stylesheet' ? 'css' : null)
  }
  return found
}

/**
 * Measures the page at `path` of the server at baseUrl (cookieless: a first-time guest). Answers
 * { path, html: {wire, raw, encoding}, assets: [{path, kind, wire, raw, encoding}], jsCss: {wire, raw} }.
 * @param {string} baseUrl
 * @returns {Promise<WireResult>}
 */
export async function measureInitialPage(baseUrl, path = '/') {
  const page = await fetchOnWire(baseUrl + path)
  if (page.status !== 200) throw new Error(`GET ${path} answered ${page.status}`)
  /** @type {WireResult['assets']} */
  const assets = []
  for (const asset of startupAssets(page.body.toString('utf8'))) {
    const res = await fetchOnWire(baseUrl + asset.path)
    if (res.status !== 200) throw new Error(`GET ${asset.path} (named by ${path}) answered ${res.status}`)
    assets.push({ ...asset, wire: res.wire, raw: res.raw, encoding: res.encoding })
  }
  if (!assets.some((a) => a.kind === 'js')) {
    throw new Error(`${path} names no script: is dist/web built (npm run build:web)?`)
  }
  /** @param {'wire' | 'raw'} key */
  const sum = (key) => assets.reduce((total, a) => total + a[key], 0)
  return {
    path,
    html: { wire: page.wire, raw: page.raw, encoding: page.encoding },
    assets,
    jsCss: { wire: sum('wire'), raw: sum('raw') },
  }
}

/** @param {number} bytes */
export const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`

/**
 * The lines the runner prints: totals, then each file.
 * @param {WireResult} wire
 */
export function wireLines(wire) {
  /** @param {'js' | 'css'} kind */
  const count = (kind) => wire.assets.filter((a) => a.kind === kind).length
  const encodings = [...new Set(wire.assets.map((a) => a.encoding))].join('/')
  return [
    `HTML of ${wire.path}: ${kib(wire.html.wire)} on the wire (${wire.html.encoding}), ${kib(wire.html.raw)} uncompressed`,
    `JS+CSS at start: ${kib(wire.jsCss.wire)} on the wire (${encodings}), ${kib(wire.jsCss.raw)} uncompressed ` +
      `— ${count('js')} scripts, ${count('css')} stylesheets`,
    ...wire.assets.map(
      (a) =>
        `  · ${a.path.padEnd(48)} ${kib(a.wire).padStart(10)}  (${a.encoding}; ${kib(a.raw)} uncompressed)`,
    ),
  ]
}
