import ExcelJS from 'exceljs'
import iconv from 'iconv-lite'
import { describe, expect, it } from 'vitest'
import { decodeText, detectDelimiter, readCsv, readTable, TooManyRows, UnreadableTable } from './table-reader'

const TURKISH = 'Stok Kodu;Ürün Adı;Fiyat\r\nİŞ-1;Çağrı Işık Gözlüğü;1.234,56\r\n'
const bom = Buffer.from([0xef, 0xbb, 0xbf])

describe('decodeText: a CSV file’s bytes', () => {
  it.each([
    ['UTF-8 with a BOM', Buffer.concat([bom, Buffer.from(TURKISH, 'utf8')])],
    ['UTF-8 without a BOM', Buffer.from(TURKISH, 'utf8')],
    ['Windows-1254', iconv.encode(TURKISH, 'win1254')],
  ])('reads %s', (_name, bytes) => {
    expect(decodeText(bytes)).toBe(TURKISH)
  })

  it('reads the Turkish letters of Windows-1254 by their code page bytes', () => {
    // İ ı Ş ş Ğ ğ in Windows-1254: DD FD DE FE D0 F0
    expect(decodeText(Buffer.from([0xdd, 0xfd, 0xde, 0xfe, 0xd0, 0xf0]))).toBe('İıŞşĞğ')
  })
})

describe('detectDelimiter', () => {
  it.each([
    ['a;b;c\n1,5;2;3', ';'],
    ['a,b,c\n1;2;3', ','],
    ['a\tb\tc', '\t'],
    // commas inside quotes do not count
    ['"a,b,c";d;e', ';'],
    ['"a;b;c",d,e', ','],
    // one column: ';', as Turkish spreadsheets write it
    ['Stok Kodu', ';'],
    // a tie: ';'
    ['a;b,c', ';'],
  ])('%j → %j', (text, delimiter) => {
    expect(detectDelimiter(text)).toBe(delimiter)
  })
})

describe('readCsv', () => {
  it('reads the header row and the rows, blank lines and empty cells included', () => {
    const csv =
      'Stok Kodu;Ürün Adı;Fiyat;;\r\n\r\nA-1;"Vida; 4 mm";12,50\r\nA-2;;\r\n;;\r\nA-3;Somun;1.234,56;fazla\r\n'
    expect(readCsv(Buffer.from(csv), 100)).toEqual({
      format: 'csv',
      headers: ['Stok Kodu', 'Ürün Adı', 'Fiyat'],
      rows: [
        ['A-1', 'Vida; 4 mm', '12,50'],
        ['A-2', null, null],
        ['A-3', 'Somun', '1.234,56'],
      ],
    })
  })

  it('reads a Windows-1254 file with commas', () => {
    const bytes = iconv.encode('Ürün Kodu,Ürün Adı\nŞ-1,İğne Ipliği\n', 'win1254')
    expect(readCsv(bytes, 100)).toMatchObject({
      headers: ['Ürün Kodu', 'Ürün Adı'],
      rows: [['Ş-1', 'İğne Ipliği']],
    })
  })

  it('refuses a file with more rows than allowed, and one without a header', () => {
    expect(() => readCsv(Buffer.from('a\n1\n2\n3\n'), 2)).toThrow(TooManyRows)
    expect(() => readCsv(Buffer.from('\n;;\n'), 2)).toThrow(UnreadableTable)
  })
})

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Ürünler')
  for (const row of rows) sheet.addRow(row)
  sheet.getCell('E2').numFmt = 'dd.mm.yyyy'
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

describe('readTable: XLSX', () => {
  it('reads the first sheet with typed cells: numbers, dates, booleans, rich text, formulas', async () => {
    const bytes = await xlsx([
      ['Stok Kodu', 'Ürün Adı', 'Fiyat', 'Aktif', 'Tarih', 'Toplam'],
      [
        'A-1',
        { richText: [{ text: 'Çay ' }, { font: { bold: true }, text: 'Bardağı' }] },
        1234.56,
        true,
        new Date(Date.UTC(2026, 11, 31)),
        { formula: 'C2*2', result: 2469.12 },
      ],
      [],
      [12345, null, '1.234,56'],
    ])
    const file = await readTable(bytes, 100)
    expect(file.format).toBe('xlsx')
    expect(file.headers).toEqual(['Stok Kodu', 'Ürün Adı', 'Fiyat', 'Aktif', 'Tarih', 'Toplam'])
    expect(file.rows).toEqual([
      ['A-1', 'Çay Bardağı', 1234.56, true, new Date(Date.UTC(2026, 11, 31)), 2469.12],
      [12345, null, '1.234,56', null, null, null],
    ])
  })

  it('refuses a broken ZIP as unreadable and a long sheet as too many rows', async () => {
    await expect(readTable(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 10)).rejects.toThrow(
      UnreadableTable,
    )
    const long = await xlsx([['Kod'], ['1'], ['2'], ['3']])
    await expect(readTable(long, 2)).rejects.toThrow(TooManyRows)
    expect((await readTable(long, 3)).rows).toHaveLength(3)
  })

  it('reads a CSV by its bytes whatever its name', async () => {
    expect((await readTable(Buffer.from('a;b\n1;2\n'), 10)).format).toBe('csv')
  })
})
