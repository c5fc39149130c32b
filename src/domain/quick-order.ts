import { foldTurkish } from './turkish-text'

/**
 * The quick order's pasted text read line by line: `code quantity [unit]` in whatever layout a
 * dealer copies it from (Excel's tabs, a CSV's `;` or `,`, a PDF's or an e-mail's spaces, more columns
 * around them). The products behind the codes and the units' names are the server's to find; this
 * only says which part of a line is the code, the quantity and the unit, or why none could be read.
 */

/** The most lines one quick order takes. */
export const QUICK_ORDER_MAX_LINES = 1000

export type ParseProblem = 'noCode' | 'noQuantity' | 'badQuantity'

export type ParsedLine = {
  /** 1-based line number in the pasted text. */
  line: number
  /** The line as pasted, trimmed. */
  input: string
  code: string | null
  quantity: number | null
  /** The unit as typed (a name like 'Koli', or a multiplier like '12'), or null for the default. */
  unit: string | null
  problem: ParseProblem | null
}

/** The largest quantity a line may ask for (the cart's line limit checks it again). */
const MAX_QUANTITY = 1_000_000

/** Separators a spreadsheet or CSV puts between columns, tried in this order. */
const DELIMITERS = ['\t', ';', '|'] as const

/**
 * A whole number as a Turkish or English writer types it: '12', '1.000' and '1,000' (thousands),
 * '12,0' or '12.00' (a whole number with decimals). Anything else that is a number ('1,5', '2.75')
 * is a fraction, which no unit is sold in; returns NaN for a fraction, null for no number at all.
 */
export function readQuantity(text: string): number | null {
  const t = text.trim().replace(/^x\s*/i, '').replace(/\s*x$/i, '')
  if (!/^\d[\d.,]*$/.test(t) || /[.,]$/.test(t)) return null
  if (/^\d{1,3}([.,]\d{3})+$/.test(t) && !/^0[.,]/.test(t)) {
    // '1.000' and '1,000' group thousands; a single group after a '1,' could be a decimal ('1,500'
    // as one and a half), but a quantity of one and a half is no quantity, so thousands it is.
    const separators = new Set(t.replace(/\d/g, ''))
    if (separators.size === 1) return Number(t.replace(/[.,]/g, ''))
  }
  const decimal = /^(\d+)[.,](\d+)$/.exec(t)
  if (decimal) return /^0+$/.test(decimal[2]!) ? Number(decimal[1]) : Number.NaN
  if (/^\d+$/.test(t)) return Number(t)
  return Number.NaN
}

/** A unit as a line names it: a word ('koli', "12'li", 'adet') or a multiplier ('x12', '12'). */
const looksLikeUnit = (text: string) =>
  /^\p{L}[\p{L}.]{0,19}$/u.test(text) || /^x?\d{1,6}$/i.test(text) || /^\d{1,6}['’]?\p{L}{1,3}$/u.test(text)

/** The fields of a line: by the first delimiter it holds, else by runs of spaces. */
function fieldsOf(line: string): { fields: string[]; delimited: boolean } {
  for (const d of DELIMITERS) {
    if (line.includes(d)) return { fields: line.split(d).map((f) => f.trim()), delimited: true }
  }
  // A comma between fields ('ABC-1,5' from a CSV), unless every comma sits inside a number in a
  // line of words ('ABC-1 1,5' is one and a half, '1,000' a thousand).
  const numericCommas = /\s/.test(line.trim()) && !/(^|\D),|,(\D|$)/.test(line)
  if (/,/.test(line) && !numericCommas && !/^\s*[\d.,]+\s*$/.test(line)) {
    const parts = line.split(',').map((f) => f.trim())
    if (parts.length >= 2 && readQuantity(parts[1]!) !== null) return { fields: parts, delimited: true }
  }
  return { fields: line.trim().split(/\s+/), delimited: false }
}

const isNumberField = (text: string) => readQuantity(text) !== null

/** A first line of column names ('Ürün Kodu;Miktar', 'code qty unit'): no field holds a number. */
export function isHeaderLine(line: string): boolean {
  const { fields } = fieldsOf(line)
  const folded = foldTurkish(line)
  return (
    fields.length >= 2 &&
    !fields.some(isNumberField) &&
    /\b(kod|code|sku|stok|urun|miktar|adet|qty|quantity|birim|unit)/.test(folded)
  )
}

/** One line of the text, read. `line` is its 1-based number. */
export function parseQuickOrderLine(input: string, line: number): ParsedLine {
  const trimmed = input.trim()
  const none = (problem: ParseProblem, code: string | null = null): ParsedLine => ({
    line,
    input: trimmed,
    code,
    quantity: null,
    unit: null,
    problem,
  })
  const { fields, delimited } = fieldsOf(trimmed)
  const cells = fields.filter((f) => f !== '' && !/^x$/i.test(f))
  if (cells.length === 0) return none('noCode')
  // The quantity first and the code after it ('5 ABC-1', '5x ABC-1'): a number, then a field that is
  // not one. A code made of digits only (a barcode) stays first: '8690001 5' is code, then quantity.
  const first = cells[0]!
  if (cells.length >= 2 && isNumberField(first) && !isNumberField(cells[1]!) && !looksLikeUnit(cells[1]!)) {
    return withQuantity(line, trimmed, cells[1]!, first, cells[2] ?? null)
  }
  if (cells.length >= 2 && isNumberField(first) && !isNumberField(cells[1]!) && /^\d+x$/i.test(first)) {
    return withQuantity(line, trimmed, cells[1]!, first, null)
  }
  // Code first. With delimiters, the code is the first field and the quantity the first number
  // after it (a name column may sit between them); with spaces, the same, token by token, so a code
  // written with a space ('KBL 3X1.5 10') keeps the words before the first whole number.
  const at = cells.findIndex((c, i) => i > 0 && isNumberField(c))
  if (at === -1) return none('noQuantity', delimited ? first : cells.join(' '))
  const code = delimited ? first : cells.slice(0, at).join(' ')
  const next = cells[at + 1]
  const unit =
    next !== undefined && looksLikeUnit(next) && (delimited || at + 2 >= cells.length) ? next : null
  return withQuantity(line, trimmed, code, cells[at]!, unit)
}

function withQuantity(
  line: number,
  input: string,
  code: string,
  typed: string,
  unit: string | null,
): ParsedLine {
  const quantity = readQuantity(typed)
  const bad = quantity === null || Number.isNaN(quantity) || quantity < 1 || quantity > MAX_QUANTITY
  return {
    line,
    input,
    code: code.trim(),
    quantity: bad ? null : quantity,
    unit: unit === null ? null : unit.replace(/^x/i, ''),
    problem: bad ? 'badQuantity' : null,
  }
}

/**
 * Every line of a pasted text that holds something: blank lines and a first line of column names are
 * left out, the rest keep their line numbers.
 */
export function parseQuickOrder(text: string): ParsedLine[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n')
  const parsed: ParsedLine[] = []
  lines.forEach((raw, i) => {
    if (raw.trim() === '') return
    if (parsed.length === 0 && isHeaderLine(raw)) return
    parsed.push(parseQuickOrderLine(raw, i + 1))
  })
  return parsed
}

/** A code as the quick order compares it: Turkish letters folded, lower case, no spaces around. */
export const codeKey = (code: string) => foldTurkish(code.trim())

/**
 * Which of a product's units a typed unit names: by its name (folded, so 'KOLİ' is 'Koli'), by its
 * multiplier ('12', "12'li"), or the default unit when none was typed. Null when none matches.
 */
export function pickUnit<U extends { id: number; value: string; multiplier: number; isDefault: boolean }>(
  units: U[],
  typed: string | null,
): U | null {
  if (typed === null) return units.find((u) => u.isDefault) ?? units[0] ?? null
  const key = foldTurkish(typed.trim()).replace(/\.$/, '')
  const byName = units.find((u) => foldTurkish(u.value) === key)
  if (byName) return byName
  // An abbreviation ('ad' for Adet, 'pk' is not one of 'Paket'): a start only one unit has.
  const starting = units.filter(
    (u) => key.length >= 2 && /^\p{L}/u.test(key) && foldTurkish(u.value).startsWith(key),
  )
  if (starting.length === 1) return starting[0]!
  const multiplier = /^(\d{1,6})(?:['’]?\p{L}{1,3})?$/u.exec(key)
  if (multiplier) return units.find((u) => u.multiplier === Number(multiplier[1])) ?? null
  return null
}

/** Words that count single pieces ('25 adet' of a product sold only by the box). */
const PIECE_WORDS = new Set(['adet', 'ad', 'tane', 'pcs', 'pc', 'piece', 'pieces', 'parca'])

export const isPieceWord = (typed: string) => PIECE_WORDS.has(foldTurkish(typed.trim()).replace(/\.$/, ''))

/**
 * Pieces of a product that has no piece unit, in its smallest unit: 24 pieces of a box of 12 are 2
 * boxes; 25 are no whole number of boxes (`whole: false`, with the boxes that hold them rounded up).
 */
export function piecesInUnit<U extends { multiplier: number }>(units: U[], pieces: number) {
  const unit = [...units].sort((a, b) => a.multiplier - b.multiplier)[0]
  if (!unit) return null
  return { unit, whole: pieces % unit.multiplier === 0, quantity: Math.ceil(pieces / unit.multiplier) }
}
