import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../app-deps'
import { buildBootstrap } from '../modules/bootstrap/bootstrap.service'
import { localeFromPath } from './locale'
import type { HtmlShell } from './shell'

/**
 * Every other GET is a page of the web app: the same HTML shell, filled for this visitor. The client
 * router decides what to show. A path with a file extension is a missing file, not a page.
 */
export function registerPages(app: FastifyInstance, deps: AppDeps, shell: HtmlShell) {
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/'
    if (/\.[a-z0-9]{2,5}$/i.test(pathname)) return reply.code(404).type('text/plain').send('Not found')
    // A user who chose English lands on the English address, so the URL always says the language.
    if (request.user?.locale === 'en' && !localeFromPath(request.url)) {
      return reply.redirect(`/en${request.url === '/' ? '/' : request.url}`, 302)
    }
    const bootstrap = await buildBootstrap(deps.database.db, request, deps.config.sessionSecret)
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(shell.render(bootstrap, { title: bootstrap.store.name }))
  })
}
