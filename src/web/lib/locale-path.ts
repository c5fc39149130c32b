import type { Locale } from '../../contracts/common'

const enPrefix = '/en'

/** Removes the `/en` prefix: '/en/sepet' → '/sepet', '/en' → '/', '/en?x=1' → '/?x=1'. */
export function stripLocalePrefix(path: string): string {
  if (path === enPrefix) return '/'
  if (path.startsWith(`${enPrefix}/`)) return path.slice(enPrefix.length)
  if (path.startsWith(`${enPrefix}?`) || path.startsWith(`${enPrefix}#`))
    return `/${path.slice(enPrefix.length)}`
  return path
}

function hasEnPrefix(path: string): boolean {
  return stripLocalePrefix(path) !== path
}

/** The path as seen in `locale`: Turkish paths are unprefixed, English ones start with `/en`. */
export function localePath(path: string, locale: Locale): string {
  if (locale !== 'en' || hasEnPrefix(path)) return path
  if (path === '/') return enPrefix
  if (path.startsWith('/?') || path.startsWith('/#')) return `${enPrefix}${path.slice(1)}`
  return `${enPrefix}${path}`
}

/** The same page in another language. */
export function switchLocalePath(path: string, target: Locale): string {
  return localePath(stripLocalePrefix(path), target)
}

/**
 * Where to go after login: only a same-site relative path beginning with a single '/' (no '//', no
 * backslashes, no control characters), anything else falls back.
 */
export function safeNextPath(next: string | null | undefined, fallback: string): string {
  if (!next?.startsWith('/') || next.startsWith('//')) return fallback
  if (/[\\\p{Cc}]/u.test(next)) return fallback
  return next
}

export function loginPath(locale: Locale, next?: string): string {
  const path = localePath('/account/login', locale)
  if (!next || stripLocalePrefix(next).startsWith('/account/login')) return path
  return `${path}?next=${encodeURIComponent(next)}`
}
