import { Readable } from 'node:stream'
import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import iconv from 'iconv-lite'
import type { Cell } from '../../domain/import-cells'
import { cellText, isEmptyCell } from '../../domain/import-cells'

/*
 * A spreadsheet a distributor sends, read into a header row and rows of cells: XLSX through ExcelJS's
 * streaming reader (the first worksheet; typed cells), CSV through csv-parse with the delimiter found
 * in the header line (';' as Turkish spreadsheets write it, ',' or a tab) and the encoding found in
 * the bytes (UTF-8 with or without a BOM; bytes that are not UTF-8 are read as Windows-1254, the
 * Turkish code page of older programs and of Excel's "CSV" on a Turkish Windows).
 */

export type ParsedTable = { format: 'xlsx' | 'csv'; headers: string[]; rows: Cell[][] }

export class UnreadableTable extends Error {}
export class TooManyRows extends Error {}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf])
const strictUtf8 = new TextDecoder('utf-8', { fatal: true })

/** The text of a CSV file: UTF-8 (a BOM dropped) when the bytes are valid UTF-8, else Windows-1254. */
export function decodeText(bytes: Buffer): string {
  const body = bytes.subarray(0, 3).equals(UTF8_BOM) ? bytes.subarray(3) : bytes
  try {
    return strictUtf8.decode(body)
  } catch {
    return iconv.decode(body, 'win1254')
  }
}

const DELIMITERS = [';', '\t', ','] as const

/**
 * The delimiter of a CSV text: the one of ';', tab and ',' seen most often in its first line outside
 * quotes (';' wins a tie: a Turkish file's decimals are written with commas).
 */
export function detectDelimiter(text: string): string {
  let quoted = false
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]))
  for (const ch of text) {
    if (ch === '"') quoted = !quoted
    else if (!quoted && (ch === '\n' || ch === '\r')) break
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1)
  }
  let best: string = ';'
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d
  return best
}

/** A row with no cell filled is skipped (spreadsheets leave them between blocks and at the end). */
const blank = (row: readonly Cell[]) => row.every(isEmptyCell)

function table(format: ParsedTable['format'], records: Iterable<Cell[]>, maxRows: number): ParsedTable {
  let headers: string[] | null = null
  const rows: Cell[][] = []
  for (const record of records) {
    if (blank(record)) continue
    if (headers === null) {
      headers = record.map(cellText)
      while (headers.length > 0 && headers.at(-1) === '') headers.pop()
      continue
    }
    if (rows.length >= maxRows) throw new TooManyRows()
    const row = record.slice(0, headers.length)
    while (row.length < headers.length) row.push(null)
    rows.push(row)
  }
  if (headers === null || headers.length === 0) throw new UnreadableTable('no header row')
  return { format, headers, rows }
}

export function readCsv(bytes: Buffer, maxRows: number): ParsedTable {
  const text = decodeText(bytes)
  let records: string[][]
  try {
    records = parse(text, {
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    }) as string[][]
  } catch (err) {
    throw new UnreadableTable((err as Error).message)
  }
  return table(
    'csv',
    records.map((r) => r.map((c) => (c === '' ? null : c))),
    maxRows,
  )
}

/** An XLSX cell's value as a cell: the result of a formula, the text of rich text or a link. */
function xlsxCell(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value
  if (value instanceof Date) return value
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('')
    if ('result' in value) return xlsxCell((value.result ?? null) as ExcelJS.CellValue)
    if ('text' in value) return String(value.text)
    if ('error' in value) return null
  }
  return null
}

export async function readXlsx(bytes: Buffer, maxRows: number): Promise<ParsedTable> {
  const records: Cell[][] = []
  let filled = 0
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      // Cached for the number formats that make a number a date.
      styles: 'cache',
      worksheets: 'emit',
      entries: 'emit',
    })
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = row.values as ExcelJS.CellValue[]
        // 1-based, sparse: a missing cell is an empty one.
        const record: Cell[] = []
        for (let i = 1; i < values.length; i++) record.push(xlsxCell(values[i]))
        records.push(record)
        // The header and the rows allowed: one more and the file is refused without reading on.
        if (!blank(record) && ++filled > maxRows + 1) throw new TooManyRows()
      }
      break
    }
  } catch (err) {
    if (err instanceof TooManyRows) throw err
    throw new UnreadableTable((err as Error).message)
  }
  return table('xlsx', records, maxRows)
}

/** 'PK\x03\x04': a ZIP, as every XLSX file is. */
const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50

/** An XLSX (by its ZIP bytes, whatever its name says) or a CSV file. */
export function readTable(bytes: Buffer, maxRows: number): Promise<ParsedTable> {
  if (isZip(bytes)) return readXlsx(bytes, maxRows)
  return Promise.resolve(readCsv(bytes, maxRows))
}
