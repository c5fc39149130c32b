// @vitest-environment node
import { HttpResponse, http } from 'msw'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { productListSchema } from '../contracts/catalog'
import { configureApi, renderPage } from './entry-server'
import en from './i18n/en.json'
import tr from './i18n/tr.json'
import { categoryTree, productList } from './test/catalog-fixtures'
import { guestBootstrap } from './test/fixtures'
import { apiError, apiJson } from './test/network'
import { server } from './test/server'

// The server render as the server runs it (node, no DOM): the web app's API calls go to MSW.
const ORIGIN = 'http://ssr.test'

let plainFetch: typeof fetch
beforeAll(() => {
  plainFetch = globalThis.fetch
  configureApi({ fetch: (input, init) => globalThis.fetch(new URL(String(input), ORIGIN), init) })
})
afterAll(() => configureApi({ fetch: (input, init) => plainFetch(input, init) }))

function answerCatalogue(known: string[]) {
  server.use(
    http.get(`${ORIGIN}/api/catalog/categories`, () => HttpResponse.json(categoryTree)),
    http.get(`${ORIGIN}/api/catalog/products/*`, ({ request }) => {
      const path = new URL(request.url).pathname.replace('/api/catalog/products', '')
      return known.includes(path)
        ? apiJson(productListSchema, productList({ facets: null }))
        : apiError(404, 'not_found', 'Kategori bulunamadı.')
    }),
    http.get(`${ORIGIN}/api/*`, () => apiError(404, 'not_found')),
  )
}

const draw = (url: string, locale: 'tr' | 'en' = 'tr') =>
  renderPage({
    url,
    bootstrap: guestBootstrap({ locale }),
    texts: locale === 'en' ? en : tr,
    hints: { phone: false, cookieConsent: true },
  })

describe('The status of a page drawn on the server', () => {
  it.each([
    ['/olmayan-sayfa', 'tr'],
    ['/en/olmayan', 'en'],
    ['/olmayan-marka/olmayan-kategori', 'tr'],
    ['/a/b/c', 'tr'],
  ] as const)('%s is the not-found state: 404', async (url, locale) => {
    answerCatalogue(['/fren-sistemi'])
    const page = await draw(url, locale)
    expect(page.status).toBe(404)
  })

  it('a page drawn as not found at once (no route takes it) says so in its HTML too', async () => {
    answerCatalogue([])
    const page = await draw('/a/b/c')
    expect(page.html).toContain('data-testid="not-found"')
    expect(page.status).toBe(404)
  })

  it('a failed query that is not the page (a server error) keeps 200', async () => {
    answerCatalogue([])
    server.use(http.get(`${ORIGIN}/api/catalog/products/*`, () => apiError(500, 'internal')))
    expect((await draw('/fren-sistemi')).status).toBe(200)
  })

  it.each(['/fren-sistemi', '/en/fren-sistemi'])('%s, a known category, asks for 200', async (url) => {
    answerCatalogue(['/fren-sistemi'])
    const page = await draw(url, url.startsWith('/en') ? 'en' : 'tr')
    expect(page.html).toContain('Fren Balatası')
    expect(page.html).not.toContain('data-testid="not-found"')
    expect(page.status).toBe(200)
  })
})
