import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Bootstrap } from '../../contracts/bootstrap'
import { staffRoleOpens } from '../../contracts/staff-screens'
import type { PaymentLinkStatus } from '../../domain/payment-link'
import { parseProductSegment, productPath } from '../../domain/product-url'
import { sendError } from './error-handler'
import { localeFromPath } from './locale'
import { translate } from './messages'
import { type PageAssets, type PageName, pageOf } from './page-assets'
import { PAGE_ROUTE } from './request-log'
import type { RenderedPage } from './server-render'
import type { HtmlShell, PageHead } from './shell'

/**
 * A page is for one visitor (its CSRF token and bootstrap data): never kept by a shared cache and
 * revalidated on every visit, yet allowed into the browser's back/forward cache (no-store keeps it out).
 */
const PAGE_CACHE = 'private, no-cache'

/** '/{segment}' or '/en/{segment}': the language prefix and the one segment a product address has. */
const ONE_SEGMENT = /^(\/en)?\/([^/]*)$/

/** Pages only a signed-in user sees (the web app sends a guest to the login page). */
const SIGNED_IN_PAGES = new Set<PageName>([
  'cart',
  'quickOrder',
  'orders',
  'orderSuccess',
  'offers',
  'statement',
  'accountSettings',
  'payOnAccount',
  'checkout',
  'checkoutSummary',
])

/** The staff area: /yonetim and every address under it ('/en' prefix allowed). */
const STAFF_AREA = /^(?:\/en)?\/yonetim(?:\/|$)/

/**
 * Whether an address is a page of the staff area, for administrators only: /yonetim and every page
 * under it, by its address rather than a list of screens, so a staff screen added to the web app is
 * covered as it comes. A guest goes to the login page, a dealer gets the 403 page (the web app's
 * StaffLayout says it is for administrators), the same for every one of them.
 */
const isStaffPage = (pathname: string, page: PageName) => page !== 'notFound' && STAFF_AREA.test(pathname)

type PageDecision = { status: number; head?: Partial<PageHead> } | { redirect: string }

/** What a page needs of the modules, given by app.ts (http/ is plumbing and imports no module). */
export type PageSources = {
  shell: HtmlShell
  /** The preload links of each page's chunks (from the web build's manifest). */
  assets: PageAssets
  /** The data the web app starts with, for this visitor. */
  bootstrap: (request: FastifyRequest) => Promise<Bootstrap>
  /** Draws the page on the server (null when the server entry is not built, or for a failed draw). */
  render: ((request: FastifyRequest, bootstrap: Bootstrap) => Promise<RenderedPage | null>) | null
  /** A product page's meta tags and its right slug; null for an unknown product. */
  productHead: (id: number) => Promise<(PageHead & { seo: string }) | null>
  /** Whether the payment link of a token can be paid ('open'), was paid or expired; null when unknown. */
  paymentLinkState: (token: string) => Promise<PaymentLinkStatus | null>
}

/**
 * A payment link's page is for whoever holds its address, and the token in the address is the key:
 * search engines keep it out of their index, and no Referer carries it to anything the page loads
 * or links to (the bank's 3-D Secure page, a link the payer follows).
 */
const PRIVATE_PAGE = 'noindex, nofollow'

/**
 * Product pages get their own meta tags; a wrong slug with a right id is redirected to the right
 * address, an unknown id is a real 404 page, and so is an address no route of the web app takes.
 * Every other page is decided by the web app: a category, brand or order that does not exist shows
 * the not-found state, and the server render reports it as 404 (renderPage below).
 */
async function decidePage(
  sources: PageSources,
  request: FastifyRequest,
  pathname: string,
): Promise<PageDecision> {
  const notFound = { status: 404, head: { title: translate(request.locale, 'page.notFoundTitle') } }
  // An address no route of the web app takes ('/a/b/c'): its not-found page, without asking anyone.
  if (pageOf(pathname) === 'notFound') return notFound
  if (pageOf(pathname) === 'paymentLink') return paymentLinkPage(sources, request, pathname)
  const [, prefix = '', segment = ''] = ONE_SEGMENT.exec(pathname) ?? []
  const product = parseProductSegment(segment)
  if (!product) return { status: 200 }
  const head = await sources.productHead(product.id)
  if (!head) return notFound
  if (head.seo !== product.seo) {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : ''
    return { redirect: `${prefix}${productPath(head.seo, product.id)}${query}` }
  }
  return { status: 200, head }
}

/**
 * A payment link's page: 200 for a link that can be paid, 410 Gone for one paid or expired, 404 for a
 * token nobody made (the web app draws each with its own message), never indexed.
 */
async function paymentLinkPage(
  sources: PageSources,
  request: FastifyRequest,
  pathname: string,
): Promise<PageDecision> {
  const token = pathname.slice(pathname.lastIndexOf('/') + 1)
  const state = await sources.paymentLinkState(token)
  const head = { title: translate(request.locale, 'page.paymentLinkTitle'), robots: PRIVATE_PAGE }
  return { status: state === null ? 404 : state === 'open' ? 200 : 410, head }
}

/** A browser's navigation asks for text/html; fetch, curl's default and API clients do not. */
function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept
  return typeof accept === 'string' && /\btext\/html\b/i.test(accept)
}

async function renderPage(sources: PageSources, request: FastifyRequest, reply: FastifyReply) {
  const pathname = request.url.split('?')[0] ?? '/'
  // A file that is not there (an old asset's name, a probe): no page, the documented 404 body.
  if (/\.[a-z0-9]{2,5}$/i.test(pathname)) {
    return sendError(request, reply, 'not_found', 'error.routeNotFound', { code: 'route_not_found' })
  }
  // An address no route takes, asked by a client that does not take HTML (an API call whose path
  // missed its route, e.g. a parameter over the router's length): the API's 404 body, not a page.
  if (pageOf(pathname) === 'notFound' && !acceptsHtml(request)) {
    return sendError(request, reply, 'not_found', 'error.routeNotFound', { code: 'route_not_found' })
  }
  // A user who chose English lands on the English address, so the URL always says the language.
  if (request.user?.locale === 'en' && !localeFromPath(request.url)) {
    return reply.redirect(`/en${request.url === '/' ? '/' : request.url}`, 302)
  }
  // As the web app would send them on an in-app navigation: a signed-in user from the login page
  // home, a guest from a page that needs an account to the login page, and back afterwards.
  const page = pageOf(pathname)
  const prefix = localeFromPath(request.url) === 'en' ? '/en' : ''
  const staff = isStaffPage(pathname, page)
  if (request.user && page === 'login') return reply.redirect(`${prefix}/`, 302)
  if (!request.user && (SIGNED_IN_PAGES.has(page) || staff)) {
    return reply.redirect(`${prefix}/account/login?next=${encodeURIComponent(request.url)}`, 302)
  }
  const decision: PageDecision =
    staff && request.user?.role !== 'admin'
      ? { status: 403, head: { title: translate(request.locale, 'page.staffOnlyTitle') } }
      : staff && !staffRoleOpens(request.user?.staffRole ?? null, pathname)
        ? { status: 403, head: { title: translate(request.locale, 'page.staffRoleTitle') } }
        : await decidePage(sources, request, pathname)
  if ('redirect' in decision) return reply.redirect(decision.redirect, 301)
  const bootstrap = await sources.bootstrap(request)
  const rendered = sources.render ? await sources.render(request, bootstrap) : null
  // The drawn page showed the not-found state: an unknown category, brand, order… (not known before).
  // A status the server decided itself (404, the staff area's 403) stays.
  const drawnMissing = rendered?.status === 404 && decision.status === 200
  const status = drawnMissing ? 404 : decision.status
  const title = drawnMissing ? translate(request.locale, 'page.notFoundTitle') : decision.head?.title
  const head: PageHead = {
    title: title ? `${title} | ${bootstrap.store.name}` : bootstrap.store.name,
    description: decision.head?.description ?? null,
    keywords: decision.head?.keywords ?? null,
    robots: decision.head?.robots ?? null,
  }
  if (head.robots === PRIVATE_PAGE) {
    reply.header('x-robots-tag', PRIVATE_PAGE).header('referrer-policy', 'no-referrer')
  }
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', PAGE_CACHE)
    .send(sources.shell.render(bootstrap, head, sources.assets.filesFor(page), rendered))
}

/** Every other GET is a page of the web app: the same HTML shell, filled for this visitor. */
export function registerPages(app: FastifyInstance, sources: PageSources) {
  app.get(PAGE_ROUTE, { schema: { hide: true } }, (request, reply) => renderPage(sources, request, reply))
}
