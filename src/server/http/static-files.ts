import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'

/** A year, and never revalidated: the file name changes whenever the content does. */
export const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable'
/** Files whose name stays the same across builds (favicon, robots.txt, images/): an hour. */
export const UNHASHED_FILE_CACHE = 'public, max-age=3600'

/** The compressed copies written by scripts/compress-assets.mjs beside each file. */
const COMPRESSED_COPY = /\.(?:br|gz)$/
const SOURCE_MAP = /\.map$/i
/** Vite's output names in assets/: name-[hash].ext, the hash 8 characters of [A-Za-z0-9_-]. */
const HASHED_NAME = /-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/i

export function isHashedAsset(filePath: string): boolean {
  const file = filePath.replace(COMPRESSED_COPY, '')
  return path.basename(path.dirname(file)) === 'assets' && HASHED_NAME.test(path.basename(file))
}

/**
 * Serves the built web app's files and its images. A client that accepts brotli or gzip gets the
 * copy compressed at build time (.br, .gz beside the file) as it is, with `Vary: accept-encoding`;
 * this is registered before the on-the-fly compression, which therefore never touches these routes.
 * `rootDir/dist/web`, else `rootDir/public` (a server run before any web build).
 */
export async function registerStaticFiles(app: FastifyInstance, rootDir: string) {
  const webDir = path.join(rootDir, 'dist', 'web')
  const root = existsSync(webDir) ? webDir : path.join(rootDir, 'public')
  if (!existsSync(root)) return
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    // The shell is rendered per request; its raw template and the translation files are not public pages.
    // A source map is never served, even one left in dist/web (the build makes none): it is the sources.
    allowedPath: (pathName) =>
      !pathName.startsWith('/index.html') &&
      !pathName.startsWith('/locales/') &&
      !COMPRESSED_COPY.test(pathName) &&
      !SOURCE_MAP.test(pathName),
    setHeaders(reply, filePath) {
      reply.header('cache-control', isHashedAsset(filePath) ? HASHED_ASSET_CACHE : UNHASHED_FILE_CACHE)
    },
  })
}
