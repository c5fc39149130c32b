import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { Bootstrap } from '../../contracts/bootstrap'
import { HtmlShell } from './shell'

// A root of its own: the web app's texts (src/web/i18n) and no build, so the bare template is used.
const root = mkdtempSync(path.join(os.tmpdir(), 'toptan-shell-'))
mkdirSync(path.join(root, 'src', 'web', 'i18n'), { recursive: true })
writeFileSync(
  path.join(root, 'src', 'web', 'i18n', 'tr.json'),
  JSON.stringify({ app: { description: '{{store}} bayi portalı & kataloğu' } }),
)
writeFileSync(path.join(root, 'src', 'web', 'i18n', 'en.json'), JSON.stringify({ app: {} }))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const bootstrap = (locale: 'tr' | 'en') =>
  ({ locale, csrfToken: 'token', store: { name: 'Yıldız "Yapı"' } }) as unknown as Bootstrap
const descriptionOf = (html: string) => /<meta name="description" content="([^"]*)" \/>/.exec(html)?.[1]

describe('HtmlShell meta description', () => {
  const shell = new HtmlShell(root)

  it.each([
    { head: { title: 'T' }, expected: 'Yıldız &quot;Yapı&quot; bayi portalı &amp; kataloğu' },
    {
      head: { title: 'T', description: '' },
      expected: 'Yıldız &quot;Yapı&quot; bayi portalı &amp; kataloğu',
    },
    {
      head: { title: 'T', description: 'Fren <b>balatası</b>' },
      expected: 'Fren &lt;b&gt;balatası&lt;/b&gt;',
    },
  ])('page description $head.description → $expected', ({ head, expected }) => {
    expect(descriptionOf(shell.render(bootstrap('tr'), head))).toBe(expected)
  })

  it('leaves the tag out when the language has no store-wide text and the page none of its own', () => {
    expect(shell.render(bootstrap('en'), { title: 'T' })).not.toContain('name="description"')
  })
})

describe('HtmlShell page files', () => {
  // A built template as Vite writes it: the entry's script and preloads, its stylesheet, an empty root.
  const built = mkdtempSync(path.join(os.tmpdir(), 'toptan-shell-built-'))
  afterAll(() => rmSync(built, { recursive: true, force: true }))
  mkdirSync(path.join(built, 'dist', 'web'), { recursive: true })
  writeFileSync(
    path.join(built, 'dist', 'web', 'index.html'),
    [
      '<!doctype html><html lang="tr"><head>',
      '<!--app-head-->',
      '<script type="module" crossorigin src="/assets/index-1.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/framework-1.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index-1.css">',
      '</head><body><div id="root"></div></body></html>',
    ].join('\n'),
  )
  const page = { scripts: ['/assets/Page-1.js'], styles: ['/assets/Page-1.css'] }
  const drawn = {
    html: '<main><h1>Ürünler $& $1</h1></main>',
    state: { hints: { phone: false, cookieConsent: true }, queries: { queries: [] } },
  }

  it("a page the browser draws: the entry as built, the page's chunks preloaded after it", () => {
    const html = new HtmlShell(built).render(bootstrap('tr'), { title: 'T' }, page)
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>')
    expect(html).toMatch(
      /framework-1\.js">[\s\S]*<link rel="modulepreload" crossorigin href="\/assets\/Page-1.js" \/>\s*<\/head>/,
    )
    expect(html).not.toContain('Page-1.css')
    expect(html).toContain('<div id="root"></div>')
    expect(html).not.toContain('ssr-state')
  })

  it('a page drawn on the server: its HTML in #root, its stylesheets in the head, the scripts after the first paint', () => {
    const html = new HtmlShell(built).render(bootstrap('tr'), { title: 'T' }, page, drawn)
    expect(html).toContain(
      '<div id="root"><main><h1>Ürünler $&amp; $1</h1></main></div>'.replace('&amp;', '&'),
    )
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/Page-1.css" />')
    expect(html).not.toContain('<script type="module"')
    expect(html).not.toContain('rel="modulepreload"')
    expect(html).toContain(
      '<script defer src="/boot.js" data-entry="/assets/index-1.js" data-preload="/assets/framework-1.js /assets/Page-1.js"></script>',
    )
    const state = /<script id="ssr-state" type="application\/json">(.*?)<\/script>/.exec(html)?.[1]
    expect(JSON.parse(state ?? 'null')).toEqual(drawn.state)
  })
})
