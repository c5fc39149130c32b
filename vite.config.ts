import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

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

export default defineConfig({
  root: '.',
  publicDir: 'public',
  plugins: [react(), emitLocales()],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    target: 'es2022',
    // Maps for debugging and bundle analysis, not referenced from the served files.
    sourcemap: 'hidden',
  },
})
