import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { mantineCss } from './scripts/vite-mantine-css.ts'

const locales = ['tr', 'en'] as const
const localeSource = (locale: string) =>
  fileURLToPath(new URL(`./src/web/i18n/${locale}.json`, import.meta.url))

/**
 * Emits dist/web/locales/{tr,en}.json: the server embeds the active locale's texts in each page
 * (script#i18n), so the entry bundle carries neither file.
 */
function emitLocales(): Plugin {
  return {
    name: 'toptan:emit-locales',
    apply: 'build',
    async generateBundle() {
      for (const locale of locales) {
        const file = localeSource(locale)
        this.addWatchFile(file)
        const texts: unknown = JSON.parse(await readFile(file, 'utf8'))
        this.emitFile({ type: 'asset', fileName: `locales/${locale}.json`, source: JSON.stringify(texts) })
      }
    },
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  root: '.',
  publicDir: 'public',
  plugins: [react(), mantineCss(), emitLocales()],
  // The server's copy of the app (dist/ssr, `vite build --ssr`) carries React and every library it
  // draws with, built for production: left outside, React would pick its development build whenever the
  // server runs without NODE_ENV=production (the default), and draw a list page 2–3 times slower.
  ...(isSsrBuild
    ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } }
    : {}),
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    target: 'es2022',
    // No source maps: dist/web is served as it is, and a map would hand the app's sources to anyone
    // who asks for one (scripts/check-source-maps.mjs fails the build if one appears). The tests do not
    // use this build's maps (Vitest maps the sources itself), and the SSR build shares this setting.
    sourcemap: false,
    // dist/web/.vite/manifest.json: the server preloads each page's own chunks and stylesheets from it.
    manifest: true,
    rolldownOptions: {
      output: {
        // React, the router, i18next and TanStack Query are needed by every page: one chunk (one request,
        // cached across deploys that change only the app) instead of a dozen small shared ones.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|i18next|react-i18next|html-parse-stringify|void-elements|@tanstack|use-sync-external-store)[\\/]/,
              priority: 30,
            },
          ],
        },
      },
    },
  },
}))
