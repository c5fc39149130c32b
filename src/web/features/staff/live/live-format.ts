import type { Locale } from '../../../../contracts/common'
import { LIVE_SOCKET_PATH } from '../../../../contracts/staff-live'

/** The first letter of a name for its avatar, upper-cased the name's way ('i' → 'İ' in Turkish). */
export function initialOf(name: string, locale: Locale): string {
  const first = Array.from(name.trim())[0] ?? '?'
  return first.toLocaleUpperCase(locale === 'tr' ? 'tr-TR' : 'en-GB')
}

const ageFormats = new Map<Locale, Intl.RelativeTimeFormat>()

/**
 * How long ago `iso` was, as people say it: null under a minute (the caller says "just now"), then
 * '5 dakika önce' / '5 minutes ago', hours, days.
 */
export function formatAge(iso: string, now: number, locale: Locale): string | null {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000))
  if (seconds < 60) return null
  let format = ageFormats.get(locale)
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale === 'en' ? 'en-GB' : 'tr-TR', { numeric: 'always' })
    ageFormats.set(locale, format)
  }
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) return format.format(-minutes, 'minute')
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return format.format(-hours, 'hour')
  return format.format(-Math.floor(hours / 24), 'day')
}

/** Waits before reconnecting: 1 s, 2 s, 4 s … up to 30 s, each 80–100 % of that (no thundering herd). */
export function reconnectDelay(attempt: number, random: number): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1))
  return Math.round(base * (0.8 + 0.2 * random))
}

/** The staff socket's address on the page's own host: wss: on an https page, ws: otherwise. */
export function liveSocketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${LIVE_SOCKET_PATH}`
}
