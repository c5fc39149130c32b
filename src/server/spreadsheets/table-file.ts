import { PassThrough, type Readable } from 'node:stream'
import Big from 'big.js'
import { stringify } from 'csv-stringify/sync'
import ExcelJS from 'exceljs'
import type { FastifyReply } from 'fastify'
import type { Locale } from '../../contracts/common'
import { formatDateTime, wallClockAsUtc } from '../../domain/date-format'
import { neutraliseCell } from '../../domain/spreadsheet-cell'

/*
 * A table of rows as a file people open in a spreadsheet. CSV the way Turkish spreadsheets open it
 * (as the statement's CSV: UTF-8 with a BOM, ';' between fields, a decimal comma, dates as
 * 28.11.2026 14:05, CRLF), XLSX with typed cells (numbers, amounts with two decimals, dates as the
 * store's wall clock), a bold frozen header row and a filter. Text that a spreadsheet would run as a
 * formula is neutralised in both (domain/spreadsheet-cell.ts).
 */

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

export type CellKind = 'text' | 'integer' | 'amount' | 'datetime' | 'date'

/** One column: its header in the reader's language, the kind of its cells, how a row fills it. */
export interface TableColumn<Row> {
  header: string
  kind: CellKind
  /**
   * Text for 'text'; a decimal string or number for 'integer' and 'amount'; an instant for
   * 'datetime'; a day ('2026-03-18', a ledger day: no time, no zone) for 'date'.
   */
  value: (row: Row) => string | number | Date | null
  /** Width in characters in the XLSX file. */
  width?: number
}

export interface TableFile<Row, Rows = Iterable<Row>> {
  sheetName: string
  columns: readonly TableColumn<Row>[]
  rows: Rows
  locale: Locale
  timeZone: string
  /** Told the number of rows (the header aside) once the whole file is written. */
  counted?: ((rows: number) => void) | undefined
}

/** A table whose rows may come from the database page by page (tableStream). */
export type StreamedTable<Row> = TableFile<Row, Iterable<Row> | AsyncIterable<Row>>

export const contentTypes: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

function csvCell(kind: CellKind, value: string | number | Date | null, timeZone: string): string {
  if (value === null || value === '') return ''
  switch (kind) {
    case 'integer':
      return String(value)
    case 'amount':
      return new Big(value as string | number).toFixed(2).replace('.', ',')
    case 'datetime':
      // The statement's and the screens' format, in the store's zone, whatever the reader's language.
      return formatDateTime(value as Date | string, 'tr', timeZone)
    case 'date': {
      const day = String(value)
      return `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`
    }
    default:
      return neutraliseCell(String(value))
  }
}

const csvHeader = <Row>(file: StreamedTable<Row>) => file.columns.map((c) => neutraliseCell(c.header))
const csvRecord = <Row>(file: StreamedTable<Row>, row: Row) =>
  file.columns.map((c) => csvCell(c.kind, c.value(row), file.timeZone))
const csvText = (records: string[][], bom: boolean) =>
  stringify(records, { delimiter: ';', record_delimiter: 'windows', bom })

export function tableCsv<Row>(file: TableFile<Row>): Buffer {
  const records: string[][] = [csvHeader(file)]
  for (const row of file.rows) records.push(csvRecord(file, row))
  file.counted?.(records.length - 1)
  return Buffer.from(csvText(records, true), 'utf8')
}

function xlsxCell(kind: CellKind, value: string | number | Date | null, timeZone: string) {
  if (value === null || value === '') return null
  switch (kind) {
    case 'integer':
    case 'amount':
      return Number(value)
    case 'datetime':
      return wallClockAsUtc(value as Date | string, timeZone)
    case 'date':
      // A day is the spreadsheet's midnight of that day (its cells have no zone).
      return new Date(`${String(value).slice(0, 10)}T00:00:00Z`)
    default:
      return neutraliseCell(String(value))
  }
}

const NUMBER_FORMATS: Record<CellKind, string | undefined> = {
  text: '@',
  integer: '0',
  amount: '#,##0.00',
  datetime: 'dd.mm.yyyy hh:mm',
  date: 'dd.mm.yyyy',
}

/** Rows written between two looks at the reader: it may hold this many before the writer waits. */
const ROWS_BETWEEN_WAITS = 500

/**
 * Waits while the reader has not taken what was written (a slow download), so a large table is
 * held as a few pages of rows rather than as a whole file; false once the reader has gone.
 */
async function readerKeepsUp(sink: PassThrough): Promise<boolean> {
  if (sink.destroyed) return false
  if (!sink.writableNeedDrain) return true
  await new Promise<void>((resolve) => {
    const done = () => {
      sink.off('drain', done)
      sink.off('close', done)
      resolve()
    }
    sink.on('drain', done)
    sink.on('close', done)
  })
  return !sink.destroyed
}

async function writeXlsx<Row>(file: StreamedTable<Row>, sink: PassThrough): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true })
  const sheet = workbook.addWorksheet(file.sheetName.slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  })
  sheet.columns = file.columns.map((column, index) => ({
    key: String(index),
    header: neutraliseCell(column.header),
    width: column.width ?? Math.max(10, column.header.length + 2),
    style: NUMBER_FORMATS[column.kind] ? { numFmt: NUMBER_FORMATS[column.kind] } : {},
  }))
  sheet.getRow(1).font = { bold: true }
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: file.columns.length } }
  sheet.getRow(1).commit()
  let written = 0
  for await (const row of file.rows) {
    sheet.addRow(file.columns.map((c) => xlsxCell(c.kind, c.value(row), file.timeZone))).commit()
    if (++written % ROWS_BETWEEN_WAITS === 0 && !(await readerKeepsUp(sink))) return
  }
  sheet.commit()
  await workbook.commit()
  file.counted?.(written)
}

async function writeCsv<Row>(file: StreamedTable<Row>, sink: PassThrough): Promise<void> {
  let records: string[][] = [csvHeader(file)]
  let bom = true
  let written = 0
  const flush = () => {
    sink.write(Buffer.from(csvText(records, bom), 'utf8'))
    bom = false
    records = []
  }
  for await (const row of file.rows) {
    records.push(csvRecord(file, row))
    written++
    if (records.length >= ROWS_BETWEEN_WAITS) {
      flush()
      if (!(await readerKeepsUp(sink))) return
    }
  }
  if (records.length > 0 || bom) flush()
  file.counted?.(written)
  sink.end()
}

/**
 * The file as a stream, written as its rows come (an async iterable reads them from the database a
 * page at a time), so a large export is never whole in memory. A failure half-way ends the stream
 * with the error: the download breaks off rather than passing for complete. Whatever can be refused
 * (a filter, a missing company) is checked before the stream is made.
 */
export function tableStream<Row>(format: ExportFormat, file: StreamedTable<Row>): Readable {
  const sink = new PassThrough()
  const write = format === 'csv' ? writeCsv(file, sink) : writeXlsx(file, sink)
  write.catch((err: unknown) => sink.destroy(err instanceof Error ? err : new Error(String(err))))
  return sink
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** The XLSX file, written by ExcelJS's streaming writer (rows committed as they come). */
export function tableXlsx<Row>(file: StreamedTable<Row>): Promise<Buffer> {
  return collect(tableStream('xlsx', file))
}

export function tableFile<Row>(format: ExportFormat, file: TableFile<Row>): Promise<Buffer> {
  return format === 'csv' ? Promise.resolve(tableCsv(file)) : tableXlsx(file)
}

/**
 * Rows read a page at a time by keyset (each page starts after the last row of the one before), so
 * a long export holds one page and a row inserted meanwhile neither shifts nor repeats the others.
 */
export async function* pagedRows<Row>(
  page: (after: Row | null, limit: number) => Promise<Row[]>,
  size = 1000,
): AsyncGenerator<Row> {
  let after: Row | null = null
  for (;;) {
    const rows = await page(after, size)
    yield* rows
    if (rows.length < size) return
    after = rows[rows.length - 1]!
  }
}

/** 'siparisler-20261128-1405.xlsx': the name, the store's day and minute of the export, the format. */
export function exportFileName(name: string, format: ExportFormat, at: Date, timeZone: string): string {
  const wall = wallClockAsUtc(at, timeZone)!.toISOString()
  return `${name}-${wall.slice(0, 10).replaceAll('-', '')}-${wall.slice(11, 16).replace(':', '')}.${format}`
}

/** An export's answer: the file as an attachment under its name, never kept by a cache. */
export function sendTableFile(
  reply: FastifyReply,
  file: { fileName: string; format: ExportFormat; body: Buffer | Readable },
): FastifyReply {
  return reply
    .type(contentTypes[file.format])
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(file.body)
}
