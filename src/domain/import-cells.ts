import Big from 'big.js'

/**
 * Cells of a spreadsheet a distributor sends (XLSX or CSV), read into the values the bulk upserts'
 * rows take. XLSX cells come typed (numbers, dates, booleans); CSV cells are text as a Turkish
 * spreadsheet writes it. A cell that cannot be read is answered `unreadable`: the import passes its
 * text on, and the row's schema rejects it on that field, so the rejected rows file shows what was
 * in the file.
 */

/** A cell as the readers give it: text (CSV, XLSX text), a number, a date or a boolean (XLSX), or empty. */
export type Cell = string | number | boolean | Date | null

export type CellRead<T> = { ok: true; value: T } | { ok: false }

const unreadable = { ok: false } as const
const read = <T>(value: T): CellRead<T> => ({ ok: true, value })

/** Empty: no cell, or only spaces. */
export const isEmptyCell = (cell: Cell) => cell === null || (typeof cell === 'string' && cell.trim() === '')

/** Text of a cell as shown: numbers as they are, dates as 31.12.2026, booleans Evet/Hayır. */
export function cellText(cell: Cell): string {
  if (cell === null) return ''
  if (cell instanceof Date) {
    const iso = isoDay(cell)
    return iso ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` : ''
  }
  if (typeof cell === 'boolean') return cell ? 'Evet' : 'Hayır'
  if (typeof cell === 'number') return Number.isFinite(cell) ? new Big(cell).toFixed() : ''
  return cell.trim()
}

const GROUPS_OF_THREE = /^\d{1,3}(\d{3})*$/

/** Whole digits grouped by `sep` in threes ('1.234.567'), or none ('1234567'); the digits alone. */
function wholeDigits(text: string, sep: string): string | null {
  if (/^\d+$/.test(text)) return text
  const parts = text.split(sep)
  if (!/^\d{1,3}$/.test(parts[0]!) || parts.slice(1).some((p) => !/^\d{3}$/.test(p))) return null
  const digits = parts.join('')
  return GROUPS_OF_THREE.test(digits) ? digits : null
}

/**
 * A decimal as a distributor's file writes it, as a dot-decimal string ('1234.56'):
 * - both separators: the last one is the decimal point, the other groups thousands in threes
 *   ('1.234,56' Turkish, '1,234.56' English);
 * - commas only: one comma is the decimal point ('1234,56', '0,5'); several group thousands
 *   ('1,234,567');
 * - dots only: several group thousands ('1.234.567'); one dot before exactly three digits is a
 *   Turkish thousands dot ('12.500' is twelve thousand five hundred: a Turkish file writes a price's
 *   decimals after a comma), any other one dot is the decimal point ('1234.56', '0.5');
 * - spaces, the lira's sign or TL, a percent sign ('%20', '20 %' for a tax rate) are ignored; a minus
 *   in front is kept.
 * A number (an XLSX cell) is read as it is. Anything else is unreadable.
 */
export function readDecimal(cell: Cell): CellRead<string> {
  if (typeof cell === 'number') return Number.isFinite(cell) ? read(new Big(cell).toFixed()) : unreadable
  if (typeof cell !== 'string') return unreadable
  let text = cell
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(/^(₺|TL|TRY|%)/i, '')
    .replace(/(₺|TL|TRY|%)$/i, '')
  const negative = text.startsWith('-')
  if (negative) text = text.slice(1)
  if (!/^[\d.,]+$/.test(text) || !/\d/.test(text)) return unreadable
  const lastDot = text.lastIndexOf('.')
  const lastComma = text.lastIndexOf(',')
  let whole: string | null
  let decimals = ''
  if (lastDot >= 0 && lastComma >= 0) {
    const point = lastDot > lastComma ? '.' : ','
    const group = point === '.' ? ',' : '.'
    const at = text.lastIndexOf(point)
    whole = wholeDigits(text.slice(0, at), group)
    decimals = text.slice(at + 1)
  } else if (lastComma >= 0 || lastDot >= 0) {
    const sep = lastComma >= 0 ? ',' : '.'
    const parts = text.split(sep)
    const oneDotThousands =
      sep === '.' && parts.length === 2 && /^\d{1,3}$/.test(parts[0]!) && parts[1]!.length === 3
    if (parts.length > 2 || oneDotThousands) whole = wholeDigits(text, sep)
    else {
      whole = parts[0]!
      decimals = parts[1]!
    }
  } else whole = text
  if (whole === null || !/^\d+$/.test(whole) || !/^\d*$/.test(decimals)) return unreadable
  const value = new Big(decimals === '' ? whole : `${whole}.${decimals}`)
  return read((negative && !value.eq(0) ? value.neg() : value).toFixed())
}

/** A whole number (a quantity, an order): a decimal without a fraction. */
export function readInteger(cell: Cell): CellRead<number> {
  const decimal = readDecimal(cell)
  if (!decimal.ok) return unreadable
  const value = new Big(decimal.value)
  if (!value.round(0).eq(value) || value.abs().gt(Number.MAX_SAFE_INTEGER)) return unreadable
  return read(Number(value.toFixed(0)))
}

const TRUE_WORDS = new Set([
  'evet',
  'e',
  'var',
  'aktif',
  'açık',
  'acik',
  'yes',
  'y',
  'true',
  'doğru',
  '1',
  'x',
])
const FALSE_WORDS = new Set([
  'hayır',
  'hayir',
  'h',
  'yok',
  'pasif',
  'kapalı',
  'kapali',
  'no',
  'n',
  'false',
  'yanlış',
  '0',
])

/** Evet/Hayır, E/H, Aktif/Pasif, Var/Yok, Yes/No, true/false, 1/0 (and an XLSX boolean). */
export function readBoolean(cell: Cell): CellRead<boolean> {
  if (typeof cell === 'boolean') return read(cell)
  if (typeof cell === 'number') return cell === 1 ? read(true) : cell === 0 ? read(false) : unreadable
  if (typeof cell !== 'string') return unreadable
  const word = cell.trim().toLocaleLowerCase('tr')
  if (TRUE_WORDS.has(word)) return read(true)
  if (FALSE_WORDS.has(word)) return read(false)
  return unreadable
}

function isoDay(date: Date): string | null {
  return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10)
}

function validDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null
  return isoDay(date)
}

/**
 * A day, as 'YYYY-MM-DD': '31.12.2026' (also with '/' or '-'), '2026-12-31', or an XLSX date (which
 * the reader gives as midnight UTC of the day shown).
 */
export function readDate(cell: Cell): CellRead<string> {
  if (cell instanceof Date) {
    const day = isoDay(cell)
    return day ? read(day) : unreadable
  }
  if (typeof cell !== 'string') return unreadable
  const text = cell.trim()
  const turkish = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(text)
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  const day = turkish
    ? validDay(Number(turkish[3]), Number(turkish[2]), Number(turkish[1]))
    : iso
      ? validDay(Number(iso[1]), Number(iso[2]), Number(iso[3]))
      : null
  return day ? read(day) : unreadable
}

const CURRENCY_SIGNS: Record<string, string> = {
  '₺': 'TRY',
  TL: 'TRY',
  YTL: 'TRY',
  $: 'USD',
  '€': 'EUR',
  '£': 'GBP',
}

/** A currency as files write it: a code (TRY, usd), TL, or a sign (₺, $, €, £). */
export function readCurrency(cell: Cell): CellRead<string> {
  if (typeof cell !== 'string') return unreadable
  const text = cell.trim().toLocaleUpperCase('en')
  return read(CURRENCY_SIGNS[text] ?? text)
}

/**
 * The kind of a current-account movement as ERPs and accountants write it: Fatura / Satış Faturası /
 * FTR (invoice), Devir / Açılış (opening), Tahsilat / Ödeme / Havale (payment), İade (return), or the
 * API's own words.
 */
const LEDGER_KIND_WORDS: Record<string, string> = {
  invoice: 'invoice',
  fatura: 'invoice',
  'satis faturasi': 'invoice',
  ftr: 'invoice',
  opening: 'opening',
  devir: 'opening',
  acilis: 'opening',
  'acilis bakiyesi': 'opening',
  'devir bakiyesi': 'opening',
  payment: 'payment',
  tahsilat: 'payment',
  odeme: 'payment',
  havale: 'payment',
  return: 'return',
  iade: 'return',
  'iade faturasi': 'return',
}

export function readLedgerKind(cell: Cell): CellRead<string> {
  if (typeof cell !== 'string') return unreadable
  const kind = LEDGER_KIND_WORDS[normaliseHeader(cell)]
  return kind ? read(kind) : unreadable
}

/** A list in one cell: codes separated by commas, semicolons or bars. */
export function readList(cell: Cell): CellRead<string[]> {
  const text = cellText(cell)
  return read(
    text
      .split(/[,;|]/)
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  )
}

const FOLD: Record<string, string> = {
  ı: 'i',
  ğ: 'g',
  ü: 'u',
  ş: 's',
  ö: 'o',
  ç: 'c',
  â: 'a',
  î: 'i',
  û: 'u',
}

/**
 * A header as compared with the known names of a field: lower case the Turkish way, Turkish letters
 * folded to ASCII ('Ürün Adı' and 'URUN ADI' → 'urun adi'), punctuation as spaces, spaces collapsed.
 */
export function normaliseHeader(header: string): string {
  return header
    .toLocaleLowerCase('tr')
    .replace(/[ığüşöçâîû]/g, (ch) => FOLD[ch] ?? ch)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9%]+/g, ' ')
    .trim()
}
