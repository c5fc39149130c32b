import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Bootstrap } from '../../contracts/bootstrap'
import type { Locale } from '../../contracts/common'
import { escapeHtml } from '../security/escape-html'
import type { PageFiles } from './page-assets'
import type { RenderedPage } from './server-render'

export type PageHead = {
  title: string
  description?: string | null
  keywords?: string | null
  /** A robots meta tag (e.g. 'noindex, nofollow' for a page only its address's holder may see). */
  robots?: string | null
}

// The colour scheme is in the HTML itself, as in index.html: Mantine's colours hang on it, and the
// first paint comes before any script could set it (AppProviders forces the same 'light').
const FALLBACK_TEMPLATE = `<!doctype html>
<html lang="tr" data-mantine-color-scheme="light">
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
  private translations = new Map<Locale, Record<string, unknown>>()

  constructor(private readonly rootDir: string) {
    const built = path.join(rootDir, 'dist', 'web', 'index.html')
    this.template = existsSync(built) ? readFileSync(built, 'utf8') : FALLBACK_TEMPLATE
  }

  /** Whether the production build of the web app is present (else a bare page is served). */
  get hasWebBuild(): boolean {
    return this.template !== FALLBACK_TEMPLATE
  }

  /** The web app's texts in `locale` (dist/web/locales, else the sources). */
  translationsFor(locale: Locale): Record<string, unknown> {
    const cached = this.translations.get(locale)
    if (cached) return cached
    const candidates = [
      path.join(this.rootDir, 'dist', 'web', 'locales', `${locale}.json`),
      path.join(this.rootDir, 'src', 'web', 'i18n', `${locale}.json`),
    ]
    const file = candidates.find((f) => existsSync(f))
    const parsed = (file ? JSON.parse(readFileSync(file, 'utf8')) : {}) as Record<string, unknown>
    this.translations.set(locale, parsed)
    return parsed
  }

  /**
   * The store-wide description of every page without one of its own (search results show it, and a
   * page without one is marked down), from the web app's texts so both say the same.
   */
  private defaultDescription(bootstrap: Bootstrap): string | null {
    const texts = this.translationsFor(bootstrap.locale) as { app?: { description?: unknown } }
    const text = texts.app?.description
    return typeof text === 'string' ? text.replaceAll('{{store}}', bootstrap.store.name) : null
  }

  /**
   * The page for `bootstrap`, with its own chunks (`page`, PageAssets). A page the browser draws names
   * its chunks as module preloads after the entry's. A page drawn on the server (`rendered`) goes into
   * #root with the state the browser takes it over with; its stylesheets block the first paint (the
   * HTML must not show unstyled), and its scripts start after that paint (public/boot.js).
   */
  render(
    bootstrap: Bootstrap,
    head: PageHead,
    page: PageFiles = { scripts: [], styles: [] },
    rendered: RenderedPage | null = null,
  ): string {
    const description = head.description || this.defaultDescription(bootstrap)
    const tags = [
      `<title>${escapeHtml(head.title)}</title>`,
      `<meta name="csrf-token" content="${escapeHtml(bootstrap.csrfToken)}" />`,
      description ? `<meta name="description" content="${escapeHtml(description)}" />` : '',
      head.keywords ? `<meta name="keywords" content="${escapeHtml(head.keywords)}" />` : '',
      head.robots ? `<meta name="robots" content="${escapeHtml(head.robots)}" />` : '',
      `<script id="bootstrap" type="application/json">${jsonForScript(bootstrap)}</script>`,
      `<script id="i18n" type="application/json">${jsonForScript(this.translationsFor(bootstrap.locale))}</script>`,
      rendered
        ? `<script id="ssr-state" type="application/json">${jsonForScript(rendered.state)}</script>`
        : '',
    ]
      .filter(Boolean)
      .join('\n    ')
    const html = this.template
      .replace(/<html lang="[^"]*"/, `<html lang="${bootstrap.locale}"`)
      .replace('<!--app-head-->', () => tags)
    return rendered ? drawnPage(html, page, rendered.html) : withPreloads(html, page.scripts)
  }
}

const link = (rel: string, href: string) => `<link rel="${rel}" crossorigin href="${escapeHtml(href)}" />`

function beforeHeadEnd(html: string, tags: string[]): string {
  return tags.length ? html.replace('</head>', () => `  ${tags.join('\n    ')}\n  </head>`) : html
}

/** A page the browser draws: its chunks fetched with the entry instead of after it has run. */
function withPreloads(html: string, scripts: string[]): string {
  return beforeHeadEnd(
    html,
    scripts.map((href) => link('modulepreload', href)),
  )
}

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g

/**
 * A page drawn on the server: the drawn HTML in #root, the page's stylesheets in the head, and the
 * scripts (the entry's and the page's) handed to public/boot.js, which starts them after the first
 * paint, instead of the entry's script tag and preloads, which would compete with the styles and the
 * first images for a slow line.
 */
function drawnPage(html: string, page: PageFiles, body: string): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1]
  if (!entry) return html.replace(/<div id="root">[\s\S]*?<\/div>/, () => `<div id="root">${body}</div>`)
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1] ?? '')
  const scripts = [...preloads, ...page.scripts].join(' ')
  const boot = `<script defer src="/boot.js" data-entry="${escapeHtml(entry)}" data-preload="${escapeHtml(scripts)}"></script>`
  const stripped = html.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '')
  return beforeHeadEnd(stripped, [...page.styles.map((href) => link('stylesheet', href)), boot]).replace(
    /<div id="root">[\s\S]*?<\/div>/,
    () => `<div id="root">${body}</div>`,
  )
}
