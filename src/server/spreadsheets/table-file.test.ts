import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import {
  exportFileName,
  pagedRows,
  type TableColumn,
  type TableFile,
  tableCsv,
  tableStream,
  tableXlsx,
} from './table-file'

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

describe('a table streamed from pages of rows', () => {
  type Entry = { id: number; day: string; amount: string }
  const entries: Entry[] = Array.from({ length: 1234 }, (_, i) => ({
    id: i + 1,
    day: '2026-03-18',
    amount: `${i}.5`,
  }))
  const entryColumns: TableColumn<Entry>[] = [
    { header: 'No', kind: 'integer', value: (e) => e.id },
    { header: 'Tarih', kind: 'date', value: (e) => e.day },
    { header: 'Tutar', kind: 'amount', value: (e) => e.amount },
  ]
  // A keyset page reader over the list, counting the pages asked for.
  const pager = () => {
    const asked: (number | null)[] = []
    const rows = pagedRows<Entry>(async (after, limit) => {
      asked.push(after?.id ?? null)
      return entries.filter((e) => e.id > (after?.id ?? 0)).slice(0, limit)
    }, 500)
    return { asked, rows }
  }
  const streamed = (rows: AsyncIterable<Entry>) => ({
    sheetName: 'Ekstre',
    columns: entryColumns,
    rows,
    locale: 'tr' as const,
    timeZone: 'Europe/Istanbul',
  })
  const collect = async (stream: NodeJS.ReadableStream) => {
    const chunks: Buffer[] = []
    for await (const chunk of stream) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks)
  }

  it('reads every page once, each after the last row of the one before', async () => {
    const { asked, rows } = pager()
    const seen: number[] = []
    for await (const row of rows) seen.push(row.id)
    expect(seen).toEqual(entries.map((e) => e.id))
    expect(asked).toEqual([null, 500, 1000])
  })

  it('writes CSV in chunks with one BOM and one header, days as 18.03.2026', async () => {
    const bytes = await collect(tableStream('csv', streamed(pager().rows)))
    const text = bytes.toString('utf8')
    expect(text.split('\uFEFF')).toHaveLength(2)
    const records = parse(bytes, { bom: true, delimiter: ';' }) as string[][]
    expect(records).toHaveLength(1 + entries.length)
    expect(records[0]).toEqual(['No', 'Tarih', 'Tutar'])
    expect(records[1234]).toEqual(['1234', '18.03.2026', '1233,50'])
  })

  it('writes XLSX with a day as a date cell', async () => {
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load((await tableXlsx(streamed(pager().rows))) as unknown as ArrayBuffer)
    const sheet = workbook.getWorksheet('Ekstre')!
    expect(sheet.rowCount).toBe(1 + entries.length)
    const last = sheet.getRow(1 + entries.length)
    expect(last.getCell(1).value).toBe(1234)
    expect((last.getCell(2).value as Date).toISOString()).toBe('2026-03-18T00:00:00.000Z')
    expect(last.getCell(2).numFmt).toBe('dd.mm.yyyy')
    expect(last.getCell(3).value).toBe(1233.5)
  })

  it('breaks the stream off when reading a page fails', async () => {
    const failing = pagedRows<Entry>(async (after) => {
      if (after) throw new Error('database gone')
      return entries.slice(0, 10)
    }, 10)
    await expect(collect(tableStream('csv', streamed(failing)))).rejects.toThrow('database gone')
  })
})
