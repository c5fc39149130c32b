import { type DehydratedState, dehydrate, QueryClient } from '@tanstack/react-query'
import type { i18n as I18n } from 'i18next'
import { renderToString } from 'react-dom/server'
import { prerenderToNodeStream } from 'react-dom/static'
import { StaticRouter } from 'react-router'
import type { Bootstrap } from '../contracts/bootstrap'
import { AppProviders } from './app/AppProviders'
import { queryDefaults } from './app/query-client'
import { AppRoutes } from './app/router'
import { createI18n, type Translations } from './i18n/setup'
import { configureApi } from './lib/api-client'
import { cartQuery } from './lib/cart/cart-query'
import { type PageStatus, PageStatusContext } from './lib/page-status'
import { type ServerHints, ServerHintsContext } from './lib/server-hints'

export interface ServerRenderInput {
  /** Path and query of the page. */
  url: string
  bootstrap: Bootstrap
  texts: Translations
  hints: ServerHints
}

/** What the browser needs to take the page over: the data it was rendered with and the layout guess. */
export interface ServerRenderState {
  queries: DehydratedState
  hints: ServerHints
}

export interface ServerRender {
  html: string
  state: ServerRenderState
  /** The HTTP status the page asks for: 404 when it shows the not-found state, else 200. */
  status: number
}

export { configureApi }

const MAX_PASSES = 4

/**
 * A query client that notes every query a component asks for with `enabled` on (a guest's header asks
 * for no cart), so the server fetches exactly what the browser would. No retries: a query that fails
 * here is left to the browser.
 */
function serverQueryClient(): { client: QueryClient; wanted: Set<string> } {
  const client = new QueryClient({ defaultOptions: { queries: { ...queryDefaults, retry: false } } })
  const wanted = new Set<string>()
  const defaults = client.defaultQueryOptions.bind(client)
  client.defaultQueryOptions = ((options: Parameters<typeof defaults>[0]) => {
    const defaulted = defaults(options)
    if (defaulted.enabled !== false) wanted.add(defaulted.queryHash)
    return defaulted
  }) as typeof client.defaultQueryOptions
  return { client, wanted }
}

/**
 * Renders the tree once, waiting for every lazy part to load, and throws the HTML away: it shows the
 * parts streamed out of order with inline scripts to put them in place, which the page's Content
 * Security Policy forbids. It leaves the lazy parts loaded and the queries asked for in the cache.
 */
async function warmUp(node: ReturnType<typeof tree>): Promise<void> {
  const { prelude } = await prerenderToNodeStream(node)
  for await (const _ of prelude) {
    // drained
  }
}

function tree(input: ServerRenderInput, queryClient: QueryClient, i18n: I18n, status: PageStatus) {
  return (
    <PageStatusContext.Provider value={status}>
      <ServerHintsContext.Provider value={input.hints}>
        <AppProviders bootstrap={input.bootstrap} i18n={i18n} queryClient={queryClient}>
          <StaticRouter location={input.url}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </ServerHintsContext.Provider>
    </PageStatusContext.Provider>
  )
}

/** Queries the last pass asked for and nobody has fetched: fetched now, for the next pass. */
async function fetchAsked(queryClient: QueryClient, wanted: Set<string>): Promise<number> {
  const asked = queryClient
    .getQueryCache()
    .findAll()
    .filter(
      (query) =>
        wanted.has(query.queryHash) && query.state.status === 'pending' && query.state.fetchStatus === 'idle',
    )
  await Promise.all(asked.map((query) => query.fetch().catch(() => undefined)))
  return asked.length
}

/** How renderToString marks a Suspense boundary it could not finish (a lazy part not loaded yet). */
const UNFINISHED_BOUNDARY = '<!--$!-->'

/**
 * The page as HTML with the data it shows: rendered, the queries it asked for fetched, rendered again,
 * until a render asks for nothing new, and that render is the page. Each pass is one plain
 * renderToString (in order, no inline script); only a pass that met a lazy part still loading (the
 * first page of its kind since the process started) also runs the prerender, which waits for it. A
 * list page thus costs two renders, not four: the prerender streams and is much slower under load.
 */
export async function renderPage(input: ServerRenderInput): Promise<ServerRender> {
  const { client: queryClient, wanted } = serverQueryClient()
  const i18n = createI18n(input.bootstrap.locale, input.texts)
  // Every page of a dealer counts the cart in its header (an effect, which a server render never runs)
  // and its product cards read it only once they have their data: fetched with the first pass's
  // queries instead of found a pass later (a list page then takes two renders, not three). The first
  // pass is drawn without it, so a dealer's page is always drawn again: the HTML must show the cart
  // the page's state carries, or the browser's first render would not match it.
  const dealer = input.bootstrap.user?.role === 'dealer'
  const dealersCart = dealer ? queryClient.prefetchQuery(cartQuery) : Promise.resolve()
  // The status the last drawn HTML asked for (a pass before it may have been waiting for its data).
  const status: PageStatus = { code: 200 }
  const draw = () => {
    status.code = 200
    return renderToString(tree(input, queryClient, i18n, status))
  }
  let html = ''
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    html = draw()
    const unfinished = html.includes(UNFINISHED_BOUNDARY)
    if (unfinished) await warmUp(tree(input, queryClient, i18n, { code: 200 }))
    const fetched = await fetchAsked(queryClient, wanted)
    const cartCameLater = pass === 0 && dealer
    if (cartCameLater) await dealersCart
    if (!unfinished && fetched === 0 && !cartCameLater) break
    // What the last pass loaded or fetched is drawn by the next one (or the final render below).
    if (pass === MAX_PASSES - 1) html = draw()
  }
  return {
    html,
    state: { queries: dehydrate(queryClient), hints: input.hints },
    status: statusOf(status, draw, queryClient),
  }
}

/**
 * The page's HTTP status: 404 when it is the not-found state. A server render draws a failed query as
 * still loading (an observer tries a failed query again on mount, and the browser, which gets no failed
 * query in the state, draws the same), so a category that does not exist is drawn as the list's
 * skeleton. When a query failed, the page is drawn once more with failures drawn as failures, only to
 * learn whether it then shows the not-found state; that HTML is thrown away.
 */
function statusOf(status: PageStatus, draw: () => string, queryClient: QueryClient): number {
  if (status.code !== 200) return status.code
  const failed = queryClient.getQueryCache().findAll({ predicate: (query) => query.state.status === 'error' })
  if (failed.length === 0) return status.code
  const queries = queryClient.getDefaultOptions().queries
  queryClient.setDefaultOptions({ queries: { ...queries, retryOnMount: false } })
  draw()
  return status.code
}
