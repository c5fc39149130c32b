import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { exportFileName, type TableColumn, type TableFile, tableCsv, tableXlsx } from './table-file'

type Row = { no: string; at: string; name: string; quantity: number; total: string }
const columns: TableColumn<Row>[] = [
  { header: 'Sipariş No', kind: 'text', value: (r) => r.no },
  { header: 'Tarih', kind: 'datetime', value: (r) => r.at },
  { header: 'Bayi', kind: 'text', value: (r) => r.name },
  { header: 'Miktar', kind: 'integer', value: (r) => r.quantity },
  { header: 'Toplam', kind: 'amount', value: (r) => r.total },
]
const rows: Row[] = [
  {
    no: 'S2026-000001',
    at: '2026-11-27T21:30:00Z',
    name: 'Yıldız Yapı; "Merkez"',
    quantity: 3,
    total: '1234.5000',
  },
  {
    no: 'S2026-000002',
    at: '2026-11-28T11:05:00Z',
    name: '=HYPERLINK("http://x","tıkla")',
    quantity: 12,
    total: '0.1',
  },
  { no: 'S2026-000003', at: '2026-11-28T11:06:00Z', name: '-İndirim', quantity: 1, total: '-15' },
]
const file: TableFile<Row> = {
  sheetName: 'Siparişler',
  columns,
  rows,
  locale: 'tr',
  timeZone: 'Europe/Istanbul',
}

describe('a table as a CSV file', () => {
  const bytes = tableCsv(file)

  it('is UTF-8 with a BOM, ";" between fields and CRLF line ends', () => {
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = bytes.toString('utf8')
    expect(text.split('\r\n')[0]).toBe('\uFEFFSipariş No;Tarih;Bayi;Miktar;Toplam')
    expect(text.endsWith('\r\n')).toBe(true)
  })

  it('reads back with the store-time dates, decimal commas and every text whole, formulas neutralised', () => {
    const records = parse(bytes, { bom: true, delimiter: ';' }) as string[][]
    expect(records).toEqual([
      ['Sipariş No', 'Tarih', 'Bayi', 'Miktar', 'Toplam'],
      ['S2026-000001', '28.11.2026 00:30', 'Yıldız Yapı; "Merkez"', '3', '1234,50'],
      ['S2026-000002', '28.11.2026 14:05', `'=HYPERLINK("http://x","tıkla")`, '12', '0,10'],
      ['S2026-000003', '28.11.2026 14:06', "'-İndirim", '1', '-15,00'],
    ])
  })
})

describe('a table as an XLSX file', () => {
  it('reads back with typed cells, a bold header and formulas neutralised', async () => {
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load((await tableXlsx(file)) as unknown as ArrayBuffer)
    const sheet = workbook.getWorksheet('Siparişler')!
    expect(sheet.rowCount).toBe(4)
    expect(sheet.getRow(1).values).toEqual([undefined, 'Sipariş No', 'Tarih', 'Bayi', 'Miktar', 'Toplam'])
    expect(sheet.getRow(1).font?.bold).toBe(true)
    const second = sheet.getRow(3)
    expect(second.getCell(1).value).toBe('S2026-000002')
    expect((second.getCell(2).value as Date).toISOString()).toBe('2026-11-28T14:05:00.000Z')
    expect(second.getCell(3).value).toBe(`'=HYPERLINK("http://x","tıkla")`)
    expect(second.getCell(3).formula).toBeUndefined()
    expect(second.getCell(4).value).toBe(12)
    expect(second.getCell(5).value).toBe(0.1)
    expect(second.getCell(5).numFmt).toBe('#,##0.00')
    expect(sheet.getRow(2).getCell(3).value).toBe('Yıldız Yapı; "Merkez"')
  })

  it('holds an empty table as its header row alone', async () => {
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load((await tableXlsx({ ...file, rows: [] })) as unknown as ArrayBuffer)
    expect(workbook.getWorksheet('Siparişler')!.rowCount).toBe(1)
  })
})

describe('an export file name', () => {
  it("carries the store's day and minute", () => {
    expect(exportFileName('siparisler', 'xlsx', new Date('2026-11-28T11:05:30Z'), 'Europe/Istanbul')).toBe(
      'siparisler-20261128-1405.xlsx',
    )
  })
})
