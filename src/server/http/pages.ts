import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AppDeps } from '../app-deps'
import { buildBootstrap } from '../modules/bootstrap/bootstrap.service'
import { productHead } from '../modules/catalog/catalog.service'
import { localeFromPath } from './locale'
import { translate } from './messages'
import type { HtmlShell, PageHead } from './shell'

const PRODUCT_PAGE = /^(\/en)?\/([^/]*)-p-(\d{1,9})$/

type PageDecision = { status: number; head?: Partial<PageHead> } | { redirect: string }

/**
 * Product pages get their own meta tags; a wrong slug with a right id is redirected to the right
 * address, an unknown id is a real 404 page. Every other page is decided by the web app's router.
 */
async function decidePage(deps: AppDeps, request: FastifyRequest, pathname: string): Promise<PageDecision> {
  const match = PRODUCT_PAGE.exec(pathname)
  if (!match) return { status: 200 }
  const [, prefix = '', slug, id] = match
  const head = await productHead(deps.database.db, Number(id))
  if (!head) return { status: 404, head: { title: translate(request.locale, 'page.notFoundTitle') } }
  if (head.seo !== slug) {
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : ''
    return { redirect: `${prefix}/${head.seo}-p-${id}${query}` }
  }
  return { status: 200, head }
}

async function renderPage(deps: AppDeps, shell: HtmlShell, request: FastifyRequest, reply: FastifyReply) {
  const pathname = request.url.split('?')[0] ?? '/'
  if (/\.[a-z0-9]{2,5}$/i.test(pathname)) return reply.code(404).type('text/plain').send('Not found')
  // A user who chose English lands on the English address, so the URL always says the language.
  if (request.user?.locale === 'en' && !localeFromPath(request.url)) {
    return reply.redirect(`/en${request.url === '/' ? '/' : request.url}`, 302)
  }
  const decision = await decidePage(deps, request, pathname)
  if ('redirect' in decision) return reply.redirect(decision.redirect, 301)
  const bootstrap = await buildBootstrap(deps.database.db, request, deps.config.sessionSecret)
  const head: PageHead = {
    title: decision.head?.title ? `${decision.head.title} | ${bootstrap.store.name}` : bootstrap.store.name,
    description: decision.head?.description ?? null,
    keywords: decision.head?.keywords ?? null,
  }
  return reply
    .code(decision.status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(shell.render(bootstrap, head))
}

/** Every other GET is a page of the web app: the same HTML shell, filled for this visitor. */
export function registerPages(app: FastifyInstance, deps: AppDeps, shell: HtmlShell) {
  app.get('/*', { schema: { hide: true } }, (request, reply) => renderPage(deps, shell, request, reply))
}
