import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'

/** Serves the built web app's files (hashed assets cached for a year) and its images. */
export async function registerStaticFiles(app: FastifyInstance, rootDir: string) {
  const webDir = path.join(rootDir, 'dist', 'web')
  const root = existsSync(webDir) ? webDir : path.join(rootDir, 'public')
  if (!existsSync(root)) return
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: false,
    // The shell is rendered per request; its raw template and the translation files are not public pages.
    allowedPath: (pathName) => pathName !== '/index.html' && !pathName.startsWith('/locales/'),
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable')
      } else {
        res.header('cache-control', 'public, max-age=3600')
      }
    },
  })
}
