import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Locale } from '../../contracts/common'

/** '/en' or '/en/…' → 'en'; the Turkish pages carry no prefix. */
export function localeFromPath(url: string): Locale | null {
  return /^\/en(\/|\?|$)/.test(url) ? 'en' : null
}

function localeFromHeader(header: string | undefined): Locale | null {
  const first = header?.split(',')[0]?.trim().slice(0, 2).toLowerCase()
  return first === 'en' || first === 'tr' ? first : null
}

/**
 * Pages: the URL prefix, else the user's preference, else Turkish.
 * API calls: the web app sends its page language in Accept-Language; else the preference; else Turkish.
 * The web app's calls outside /api/ (the staff API under /yonetim/…) say they are calls with
 * X-Requested-With, which a page load never sends.
 */
export function resolveLocale(request: FastifyRequest): Locale {
  if (request.url.startsWith('/api/') || request.headers['x-requested-with'] === 'XMLHttpRequest') {
    return localeFromHeader(request.headers['accept-language']) ?? request.user?.locale ?? 'tr'
  }
  return localeFromPath(request.url) ?? request.user?.locale ?? 'tr'
}

export function registerLocale(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    request.locale = resolveLocale(request)
  })
}
