// The server's side of src/web/time-zone-hydration.test.tsx, in a process of its own so that its TZ
// (given by the test before this process starts) is the zone the server runs in: the web app's server
// entry is loaded from the sources through Vite, as the build would bundle it, and the pages of
// test/zone-pages.tsx drawn. Prints them as JSON on stdout.
import { createHash } from 'node:crypto'
import path from 'node:path'
import { createServer } from 'vite'

const root = process.cwd()
const vite = await createServer({
  root,
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: 'custom',
  logLevel: 'error',
  // CSS module class names as Vitest names them in the test that takes these pages over (its 'stable'
  // strategy), so that the two sides differ only where the app does.
  css: {
    modules: {
      generateScopedName: (name, filename) =>
        `_${name}_${createHash('sha1').update(path.relative(root, filename)).digest('hex').slice(0, 6)}`,
    },
  },
})
try {
  const pages = await vite.ssrLoadModule('/src/web/test/zone-pages.tsx')
  const drawn = await pages.drawZonePages()
  process.stdout.write(JSON.stringify({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, drawn }))
} finally {
  await vite.close()
}
