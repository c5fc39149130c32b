import Big from 'big.js'

/*
 * Exchange rates from the Central Bank of Turkey's daily bulletin (docs/decisions.md, "Exchange rates
 * from TCMB"): which of the bulletin's four rates a store uses, its markup, the rate per one unit in
 * TRY, and when the bulletin is fetched. Pure: the XML is read on the server, "now" is an argument.
 */

/** The bulletin's four rates, by their element names. */
export const RATE_FIELDS = ['ForexBuying', 'ForexSelling', 'BanknoteBuying', 'BanknoteSelling'] as const
export type RateField = (typeof RATE_FIELDS)[number]

/** Rates are stored as NUMERIC(18, 6): six decimals, rounded half-up. */
export const RATE_DECIMALS = 6

/** One currency of a bulletin as read from the XML: the four rates as written, '' or null when empty. */
export type BulletinCurrency = {
  code: string
  unit: string
  rates: Record<RateField, string | null>
}

/**
 * The rate of ONE unit of the currency in TRY: the chosen field ÷ Unit (JPY is quoted per 100), then
 * the markup percent added. Null when the field is empty or not a positive number: the currency then
 * keeps its previous rate rather than being zeroed.
 */
export function rateFromBulletin(
  currency: BulletinCurrency,
  field: RateField,
  markupPercent: string,
): string | null {
  const quoted = decimalOrNull(currency.rates[field])
  const unit = decimalOrNull(currency.unit)
  if (!quoted || !unit || quoted.lte(0) || unit.lte(0)) return null
  const perUnit = quoted.div(unit)
  const marked = perUnit.times(new Big(100).plus(new Big(markupPercent)).div(100))
  const rate = marked.round(RATE_DECIMALS, Big.roundHalfUp)
  return rate.gt(0) ? rate.toFixed(RATE_DECIMALS) : null
}

/** Every usable currency of a bulletin, in its order; the unusable ones are left out. */
export function ratesFromBulletin(
  currencies: readonly BulletinCurrency[],
  field: RateField,
  markupPercent: string,
): Array<{ currency: string; rate: string }> {
  return currencies.flatMap((c) => {
    const rate = rateFromBulletin(c, field, markupPercent)
    return rate === null ? [] : [{ currency: c.code, rate }]
  })
}

function decimalOrNull(text: string | null | undefined): Big | null {
  const value = text?.trim()
  if (!value || !/^\d{1,12}(\.\d{1,12})?$/.test(value)) return null
  return new Big(value)
}

/** The bulletin's `Tarih` ("27.11.2026") as an ISO day ("2026-11-27"); null when it is not a real day. */
export function bulletinDay(tarih: string): string | null {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(tarih.trim())
  if (!match) return null
  const [, dd, mm, yyyy] = match
  const iso = `${yyyy}-${mm}-${dd}`
  const date = new Date(`${iso}T00:00:00Z`)
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso
}

/**
 * Istanbul has kept UTC+3 all year since 2016 (no daylight saving), and the bank publishes at 15:30
 * Istanbul time; we fetch a few minutes later, when the file has surely been replaced.
 */
const ISTANBUL_OFFSET_MS = 3 * 60 * 60 * 1000
export const FETCH_AT_ISTANBUL = { hour: 15, minute: 35 }

/**
 * The next fetch after `now`: 15:35 Istanbul on the next business day (Monday to Friday). Holidays
 * are not known here: on one, the file still carries the last bulletin and the fetch changes nothing.
 */
export function nextFetchAt(now: Date): Date {
  const local = new Date(now.getTime() + ISTANBUL_OFFSET_MS)
  for (let days = 0; days < 8; days++) {
    const day = new Date(
      Date.UTC(
        local.getUTCFullYear(),
        local.getUTCMonth(),
        local.getUTCDate() + days,
        FETCH_AT_ISTANBUL.hour,
        FETCH_AT_ISTANBUL.minute,
      ),
    )
    const weekday = day.getUTCDay()
    const at = new Date(day.getTime() - ISTANBUL_OFFSET_MS)
    if (weekday !== 0 && weekday !== 6 && at.getTime() > now.getTime()) return at
  }
  throw new Error('unreachable: a business day comes within a week')
}

/** The latest scheduled fetch time at or before `now` (what a process starting late has missed). */
export function lastFetchDueAt(now: Date): Date {
  let at = nextFetchAt(new Date(now.getTime() - 8 * 24 * 60 * 60 * 1000))
  for (;;) {
    const next = nextFetchAt(at)
    if (next.getTime() > now.getTime()) return at
    at = next
  }
}

/** A markup percent staff may set: 0 to 100 with at most two decimals, as text. */
export function isMarkupPercent(text: string): boolean {
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text)) return false
  const value = new Big(text)
  return value.gte(0) && value.lte(100)
}

/** A rate staff may type: positive, at most 12 digits before and 6 after the point. */
export function isRateText(text: string): boolean {
  return /^\d{1,12}(\.\d{1,6})?$/.test(text) && new Big(text).gt(0)
}

/** The store's base currency: every rate is in it, its own is 1, and no bulletin or staff changes it. */
export const isBaseCurrency = (code: string): boolean => code === 'TRY' || code === 'TL'

/**
 * A stored rate ("42.486600") as people read it: at least four decimals, trailing zeros beyond them
 * dropped, the language's decimal mark ("42,4866" in Turkish, "42.4866" in English).
 */
export function rateText(rate: string, locale: 'tr' | 'en'): string {
  const [whole = '0', fraction = ''] = rate.split('.')
  const kept = fraction.replace(/0+$/, '').padEnd(4, '0')
  return `${whole}${locale === 'tr' ? ',' : '.'}${kept}`
}
