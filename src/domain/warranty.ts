import { formatCalendarDay } from './date-format'
import { daysBetween } from './ledger'

/*
 * The warranty inquiry's rules (spec/2 §2, §3): how a typed serial number is read, how many days of
 * warranty are left, which movements are sales, and the answer's shapes. Days are ISO calendar days
 * ('YYYY-MM-DD') of the store's calendar (Istanbul, ledger.ts); "today" is an argument.
 */

/** The status word the ERP writes on a sale; the result table keeps only these rows (spec/2 §2). */
export const SALE_STATUS = 'SATIŞ'

/** The longest serial number the registry holds (product_serials.serial_number). */
export const SERIAL_MAX_LENGTH = 64

/** Letters A–Z, digits and - _ . / in groups separated by single spaces. */
const SERIAL_PATTERN = /^[A-Z0-9._/-]+(?: [A-Z0-9._/-]+)*$/

/**
 * A typed serial number as the registry stores it: trimmed, inner spaces collapsed, upper-cased the
 * way a label is printed (a Turkish keyboard's 'i' and 'ı' and a caps-lock 'İ' all read as 'I').
 */
export function normalizeSerialNumber(raw: string): string {
  return raw.trim().replace(/\s+/g, ' ').toUpperCase().replace(/İ/g, 'I')
}

export type SerialCheck = { ok: true; serial: string } | { ok: false; reason: 'required' | 'invalid' }

/** The serial number to look up, or why the text typed cannot be one. */
export function checkSerialNumber(raw: string): SerialCheck {
  const serial = normalizeSerialNumber(raw)
  if (serial === '') return { ok: false, reason: 'required' }
  if (serial.length > SERIAL_MAX_LENGTH || !SERIAL_PATTERN.test(serial))
    return { ok: false, reason: 'invalid' }
  return { ok: true, serial }
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/

function dayParts(isoDay: string): [number, number, number] {
  const match = DAY_PATTERN.exec(isoDay)
  if (!match) throw new RangeError(`not an ISO day: ${isoDay}`)
  return [Number(match[1]), Number(match[2]), Number(match[3])]
}

/**
 * The day `months` calendar months after `isoDay`; a day the target month lacks becomes its last day
 * (31 January + 1 month = 28 or 29 February).
 */
export function addMonths(isoDay: string, months: number): string {
  const [year, month, day] = dayParts(isoDay)
  const target = new Date(Date.UTC(year, month - 1 + months, 1))
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate()
  target.setUTCDate(Math.min(day, lastDay))
  return target.toISOString().slice(0, 10)
}

/** The last day the warranty covers: the sale day plus the warranty's months. */
export function warrantyEndDay(saleDay: string, warrantyMonths: number): string {
  return addMonths(saleDay, warrantyMonths)
}

/**
 * garantiSuresi (spec/2 §3): whole days from today to the warranty's last day. 0 is the last day,
 * a negative number how many days ago it ran out.
 */
export function warrantyDaysLeft(saleDay: string, warrantyMonths: number, today: string): number {
  return daysBetween(today, warrantyEndDay(saleDay, warrantyMonths))
}

/** Whether a movement is a sale, however the ERP spaced or cased the word ('satış', ' SATIŞ '). */
export function isSaleMovement(status: string): boolean {
  return status.trim().toLocaleUpperCase('tr-TR') === SALE_STATUS
}

/** '2026-03-04' → '04.03.2026', the answer's date format (tarih): the Turkish date format. */
export function formatDayTr(isoDay: string): string {
  return formatCalendarDay(isoDay, 'tr')
}

/** hareket (spec/2 §3): one movement as an object, several as a list. */
export function oneOrList<T>(items: readonly T[]): T | T[] {
  return items.length === 1 ? items[0]! : [...items]
}

/** The answer's movements as a list again, whichever shape came. */
export function asList<T extends object>(value: T | T[]): T[] {
  return Array.isArray(value) ? value : [value]
}
