import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Bootstrap } from '../../contracts/bootstrap'
import type { Locale } from '../../contracts/common'

export type PageHead = { title: string; description?: string | null; keywords?: string | null }

const FALLBACK_TEMPLATE = `<!doctype html>
<html lang="tr">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <!--app-head-->
  </head>
  <body>
    <div id="root"><noscript>Toptan</noscript></div>
  </body>
</html>
`

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/** JSON that can sit inside <script type="application/json"> without ever closing the tag. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/**
 * The built index.html of the web app with the page's head filled in: CSRF meta tag, title and meta tags,
 * the bootstrap data and the active language's translations (so the first paint needs no API call).
 */
export class HtmlShell {
  private template: string
  private translations = new Map<Locale, unknown>()

  constructor(private readonly rootDir: string) {
    const built = path.join(rootDir, 'dist', 'web', 'index.html')
    this.template = existsSync(built) ? readFileSync(built, 'utf8') : FALLBACK_TEMPLATE
  }

  /** Whether the production build of the web app is present (else a bare page is served). */
  get hasWebBuild(): boolean {
    return this.template !== FALLBACK_TEMPLATE
  }

  private translationsFor(locale: Locale): unknown {
    const cached = this.translations.get(locale)
    if (cached) return cached
    const candidates = [
      path.join(this.rootDir, 'dist', 'web', 'locales', `${locale}.json`),
      path.join(this.rootDir, 'src', 'web', 'i18n', `${locale}.json`),
    ]
    const file = candidates.find((f) => existsSync(f))
    const parsed = file ? JSON.parse(readFileSync(file, 'utf8')) : {}
    this.translations.set(locale, parsed)
    return parsed
  }

  render(bootstrap: Bootstrap, head: PageHead): string {
    const tags = [
      `<title>${escapeHtml(head.title)}</title>`,
      `<meta name="csrf-token" content="${escapeHtml(bootstrap.csrfToken)}" />`,
      head.description ? `<meta name="description" content="${escapeHtml(head.description)}" />` : '',
      head.keywords ? `<meta name="keywords" content="${escapeHtml(head.keywords)}" />` : '',
      `<script id="bootstrap" type="application/json">${jsonForScript(bootstrap)}</script>`,
      `<script id="i18n" type="application/json">${jsonForScript(this.translationsFor(bootstrap.locale))}</script>`,
    ]
      .filter(Boolean)
      .join('\n    ')
    return this.template
      .replace(/<html lang="[^"]*"/, `<html lang="${bootstrap.locale}"`)
      .replace('<!--app-head-->', tags)
  }
}
