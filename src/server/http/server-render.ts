import { AsyncLocalStorage } from 'node:async_hooks'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Bootstrap } from '../../contracts/bootstrap'

/** What the web app's server entry (src/web/entry-server.tsx, built to dist/ssr) returns. */
export type RenderedPage = {
  html: string
  state: { hints: ServerHints; queries: unknown }
  /** 404 when the page drawn is the not-found state (an unknown category, brand, order…), else 200. */
  status?: number
}

/** What the page is drawn assuming (src/web/lib/server-hints.ts). */
type ServerHints = { phone: boolean; cookieConsent: boolean }

type RenderModule = {
  renderPage: (input: {
    url: string
    bootstrap: Bootstrap
    texts: Record<string, unknown>
    hints: ServerHints
  }) => Promise<RenderedPage>
  configureApi: (patch: { fetch: typeof fetch }) => void
}

/** The browser says it is a phone (the server cannot measure the screen; the page corrects itself). */
export function looksLikePhone(userAgent: string | undefined): boolean {
  return /Mobi|Android|iPhone|iPod/i.test(userAgent ?? '')
}

/** The page request whose render is under way, seen from the API calls made for it. */
const pageBeingDrawn = new AsyncLocalStorage<FastifyRequest>()

/** Whether `request` is an API call made to draw a page (logged with the page, not as its own line). */
export function isForPageRender(request: FastifyRequest): boolean {
  const page = pageBeingDrawn.getStore()
  return page !== undefined && page !== request
}

/** Request headers an API call made for the page carries over from the page's own request. */
const FORWARDED = ['cookie', 'user-agent'] as const

/**
 * Draws a page on the server with the data it shows, so a browser paints it before any script has
 * run. The web app's queries reach the API in this same process (Fastify's inject), as the visitor
 * whose page it is: the page request's cookies go with them. Those calls are logged at debug only: the
 * page's own line says it was served.
 */
export class ServerRenderer {
  private constructor(
    private readonly entry: RenderModule,
    app: FastifyInstance,
  ) {
    entry.configureApi({ fetch: (input, init) => this.callApi(app, String(input), init) })
  }

  /** Null when the web app's server entry is not built (a development setup): pages go out unrendered. */
  static async load(rootDir: string, app: FastifyInstance): Promise<ServerRenderer | null> {
    const file = path.join(rootDir, 'dist', 'ssr', 'entry-server.js')
    if (!existsSync(file)) return null
    const entry = (await import(pathToFileURL(file).href)) as RenderModule
    return new ServerRenderer(entry, app)
  }

  private async callApi(app: FastifyInstance, url: string, init: RequestInit | undefined): Promise<Response> {
    const request = pageBeingDrawn.getStore()
    if (!request) throw new Error('An API call outside a page render')
    const headers: Record<string, string> = {}
    new Headers(init?.headers).forEach((value, key) => {
      headers[key] = value
    })
    for (const name of FORWARDED) {
      const value = request.headers[name]
      if (typeof value === 'string') headers[name] = value
    }
    // The page's language, as the web app sends it from the browser: not the browser's own header, so
    // an /en page drawn for a Turkish browser gets English names and messages.
    headers['accept-language'] = request.locale
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url,
      headers,
      payload: typeof init?.body === 'string' ? init.body : undefined,
    })
    const responseHeaders = new Headers()
    for (const [key, value] of Object.entries(answer.headers)) {
      if (typeof value === 'string') responseHeaders.set(key, value)
    }
    return new Response(answer.statusCode === 204 ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers: responseHeaders,
    })
  }

  /** The page drawn for this request, or null when drawing failed (the browser then draws it). */
  async render(
    request: FastifyRequest,
    bootstrap: Bootstrap,
    texts: Record<string, unknown>,
    visitor: { cookieConsent: boolean },
  ) {
    try {
      return await pageBeingDrawn.run(request, () =>
        this.entry.renderPage({
          url: request.url,
          bootstrap,
          texts,
          hints: {
            phone: looksLikePhone(request.headers['user-agent']),
            cookieConsent: visitor.cookieConsent,
          },
        }),
      )
    } catch (error) {
      request.log.error({ err: error }, 'server render failed; the page goes out for the browser to draw')
      return null
    }
  }
}
