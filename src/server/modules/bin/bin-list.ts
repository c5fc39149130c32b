/**
 * The Turkish BIN list format: a header `BIN;Network;Type;Category;Issuer`, semicolon separated, UTF-8
 * with a byte-order mark, CRLF line ends, empty fields allowed, no quotes. A pure parser: the import
 * (bin.service.ts) resolves the banks and writes the rows.
 */

export const BIN_LIST_HEADER = ['BIN', 'Network', 'Type', 'Category', 'Issuer'] as const

/** One card-number prefix as the list describes it. Strings are trimmed; an empty field is ''. */
export type BinListRow = {
  prefix: string
  network: string
  cardType: string
  category: string
  issuer: string
}

/** Why a row was skipped: a BIN that is not 6 or 8 digits, more fields than the header, a field too long. */
export type SkipReason = 'bin' | 'fields' | 'tooLong'

export type ParsedBinList = {
  /** One row per prefix, in the order of the file; a prefix listed again replaces the earlier row. */
  rows: BinListRow[]
  /** Data lines read (blank lines are not counted). */
  lines: number
  skipped: { line: number; reason: SkipReason }[]
  /** Rows whose prefix an earlier row of the file already had (the later one is kept). */
  duplicates: number
}

/** The file is not in the format at all (no header, another header): nothing is imported. */
export class BinListFormatError extends Error {}

/** The widths of the bin_ranges columns; a longer value is a malformed row, not a silently cut one. */
const MAX_LENGTH = { network: 30, cardType: 30, category: 60, issuer: 200 } as const

const BIN = /^\d{6}(\d{2})?$/

export function parseBinList(text: string): ParsedBinList {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/)
  const headerIndex = lines.findIndex((l) => l.trim() !== '')
  if (headerIndex < 0) throw new BinListFormatError('The file is empty.')
  const header = splitFields(lines[headerIndex]!).map((f) => f.toLowerCase())
  if (header.join(';') !== BIN_LIST_HEADER.join(';').toLowerCase()) {
    throw new BinListFormatError(
      `Expected the header ${BIN_LIST_HEADER.join(';')}, found ${lines[headerIndex]!.slice(0, 80)}`,
    )
  }

  const byPrefix = new Map<string, BinListRow>()
  const skipped: ParsedBinList['skipped'] = []
  let read = 0
  let duplicates = 0
  for (let i = headerIndex + 1; i < lines.length; i++) {
    const line = lines[i]!
    if (line.trim() === '') continue
    read++
    const result = parseRow(line)
    if ('reason' in result) {
      skipped.push({ line: i + 1, reason: result.reason })
      continue
    }
    if (byPrefix.has(result.prefix)) {
      duplicates++
      // Delete first so the row takes the place of its last mention in the file.
      byPrefix.delete(result.prefix)
    }
    byPrefix.set(result.prefix, result)
  }
  return { rows: [...byPrefix.values()], lines: read, skipped, duplicates }
}

function parseRow(line: string): BinListRow | { reason: SkipReason } {
  const fields = splitFields(line)
  if (fields.length > BIN_LIST_HEADER.length) return { reason: 'fields' }
  // An exporter that drops trailing empty fields ("123456;VISA") still gives a readable row.
  const [prefix = '', network = '', cardType = '', category = '', issuer = ''] = fields
  if (!BIN.test(prefix)) return { reason: 'bin' }
  const row = { prefix, network, cardType, category, issuer }
  for (const [name, max] of Object.entries(MAX_LENGTH)) {
    if (row[name as keyof typeof MAX_LENGTH].length > max) return { reason: 'tooLong' }
  }
  return row
}

/** Splits on ';' and trims; a field wrapped in double quotes by a spreadsheet loses them. */
function splitFields(line: string): string[] {
  return line.split(';').map((field) => {
    const trimmed = field.trim()
    return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')
      ? trimmed.slice(1, -1).replace(/""/g, '"').trim()
      : trimmed
  })
}
