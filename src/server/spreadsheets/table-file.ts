import { PassThrough } from 'node:stream'
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

export type CellKind = 'text' | 'integer' | 'amount' | 'datetime'

/** One column: its header in the reader's language, the kind of its cells, how a row fills it. */
export interface TableColumn<Row> {
  header: string
  kind: CellKind
  /** Text for 'text'; a decimal string or number for 'integer' and 'amount'; an instant for 'datetime'. */
  value: (row: Row) => string | number | Date | null
  /** Width in characters in the XLSX file. */
  width?: number
}

export interface TableFile<Row> {
  sheetName: string
  columns: readonly TableColumn<Row>[]
  rows: Iterable<Row>
  locale: Locale
  timeZone: string
}

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
    default:
      return neutraliseCell(String(value))
  }
}

export function tableCsv<Row>(file: TableFile<Row>): Buffer {
  const records: string[][] = [file.columns.map((column) => neutraliseCell(column.header))]
  for (const row of file.rows) {
    records.push(file.columns.map((c) => csvCell(c.kind, c.value(row), file.timeZone)))
  }
  const text = stringify(records, { delimiter: ';', record_delimiter: 'windows', bom: true })
  return Buffer.from(text, 'utf8')
}

function xlsxCell(kind: CellKind, value: string | number | Date | null, timeZone: string) {
  if (value === null || value === '') return null
  switch (kind) {
    case 'integer':
    case 'amount':
      return Number(value)
    case 'datetime':
      return wallClockAsUtc(value as Date | string, timeZone)
    default:
      return neutraliseCell(String(value))
  }
}

const NUMBER_FORMATS: Record<CellKind, string | undefined> = {
  text: '@',
  integer: '0',
  amount: '#,##0.00',
  datetime: 'dd.mm.yyyy hh:mm',
}

/** The XLSX file, written by ExcelJS's streaming writer (rows committed as they come). */
export async function tableXlsx<Row>(file: TableFile<Row>): Promise<Buffer> {
  const sink = new PassThrough()
  const chunks: Buffer[] = []
  sink.on('data', (chunk: Buffer) => chunks.push(chunk))
  const ended = new Promise<void>((resolve, reject) => {
    sink.on('end', resolve)
    sink.on('error', reject)
  })
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
  for (const row of file.rows) {
    sheet.addRow(file.columns.map((c) => xlsxCell(c.kind, c.value(row), file.timeZone))).commit()
  }
  sheet.commit()
  await workbook.commit()
  await ended
  return Buffer.concat(chunks)
}

export function tableFile<Row>(format: ExportFormat, file: TableFile<Row>): Promise<Buffer> {
  return format === 'csv' ? Promise.resolve(tableCsv(file)) : tableXlsx(file)
}

/** 'siparisler-20261128-1405.xlsx': the name, the store's day and minute of the export, the format. */
export function exportFileName(name: string, format: ExportFormat, at: Date, timeZone: string): string {
  const wall = wallClockAsUtc(at, timeZone)!.toISOString()
  return `${name}-${wall.slice(0, 10).replaceAll('-', '')}-${wall.slice(11, 16).replace(':', '')}.${format}`
}

/** An export's answer: the file as an attachment under its name, never kept by a cache. */
export function sendTableFile(
  reply: FastifyReply,
  file: { fileName: string; format: ExportFormat; body: Buffer },
): FastifyReply {
  return reply
    .type(contentTypes[file.format])
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(file.body)
}
