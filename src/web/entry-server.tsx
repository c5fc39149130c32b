import { type DehydratedState, dehydrate, QueryClient } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import { prerenderToNodeStream } from 'react-dom/static'
import { StaticRouter } from 'react-router'
import type { Bootstrap } from '../contracts/bootstrap'
import { AppProviders } from './app/AppProviders'
import { queryDefaults } from './app/query-client'
import { AppRoutes } from './app/router'
import { createI18n, type Translations } from './i18n/setup'
import { configureApi } from './lib/api-client'
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

function tree(input: ServerRenderInput, queryClient: QueryClient) {
  const i18n = createI18n(input.bootstrap.locale, input.texts)
  return (
    <ServerHintsContext.Provider value={input.hints}>
      <AppProviders bootstrap={input.bootstrap} i18n={i18n} queryClient={queryClient}>
        <StaticRouter location={input.url}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </ServerHintsContext.Provider>
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

/**
 * The page as HTML with the data it shows: rendered, the queries it asked for fetched, rendered again,
 * until it asks for nothing new (lazy pages load on the first pass), then rendered for good.
 */
export async function renderPage(input: ServerRenderInput): Promise<ServerRender> {
  const { client: queryClient, wanted } = serverQueryClient()
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    await warmUp(tree(input, queryClient))
    if ((await fetchAsked(queryClient, wanted)) === 0) break
  }
  // Everything is loaded now: the plain, in-order HTML, without a script.
  const html = renderToString(tree(input, queryClient))
  return { html, state: { queries: dehydrate(queryClient), hints: input.hints } }
}
