import { describe, expect, it } from 'vitest'
import { BinListFormatError, parseBinList } from './bin-list'

const BOM = '\uFEFF'
const HEADER = 'BIN;Network;Type;Category;Issuer'
const file = (lines: string[], { bom = true, eol = '\r\n', trailing = true } = {}) =>
  (bom ? BOM : '') + [HEADER, ...lines].join(eol) + (trailing ? eol : '')

describe('parseBinList: the Turkish BIN list format', () => {
  it('reads the rows of a file with a BOM and CRLF line ends', () => {
    const parsed = parseBinList(
      file([
        '405040;VISA;DEBIT;CLASSIC;FUPS BANK ANONIM SIRKETI',
        '54018812;MASTERCARD;CREDIT;GOLD;AKBANK T.A.S.',
      ]),
    )
    expect(parsed).toEqual({
      rows: [
        {
          prefix: '405040',
          network: 'VISA',
          cardType: 'DEBIT',
          category: 'CLASSIC',
          issuer: 'FUPS BANK ANONIM SIRKETI',
        },
        {
          prefix: '54018812',
          network: 'MASTERCARD',
          cardType: 'CREDIT',
          category: 'GOLD',
          issuer: 'AKBANK T.A.S.',
        },
      ],
      lines: 2,
      skipped: [],
      duplicates: 0,
    })
  })

  it.each([
    ['without a BOM', { bom: false }],
    ['with LF line ends', { eol: '\n' }],
    ['with old Mac CR line ends', { eol: '\r' }],
    ['without a trailing newline', { trailing: false }],
  ])('reads the same %s', (_label, options) => {
    const parsed = parseBinList(
      file(['405040;VISA;DEBIT;CLASSIC;FUPS BANK', '413791;VISA;CREDIT;;'], options),
    )
    expect(parsed.rows.map((r) => r.prefix)).toEqual(['405040', '413791'])
    expect(parsed.rows[0]!.issuer).toBe('FUPS BANK')
    expect(parsed.skipped).toEqual([])
  })

  it('keeps empty fields as empty strings (the real list has rows with no type, category or issuer)', () => {
    const parsed = parseBinList(
      file(['310422;PRIVATE LABEL;;;', '979217;TROY;DEBIT;;T.C. ZIRAAT BANKASI, A.S.']),
    )
    expect(parsed.rows).toEqual([
      { prefix: '310422', network: 'PRIVATE LABEL', cardType: '', category: '', issuer: '' },
      {
        prefix: '979217',
        network: 'TROY',
        cardType: 'DEBIT',
        category: '',
        issuer: 'T.C. ZIRAAT BANKASI, A.S.',
      },
    ])
  })

  it('reads a row whose trailing empty fields were dropped', () => {
    expect(parseBinList(file(['650052;TROY'])).rows).toEqual([
      { prefix: '650052', network: 'TROY', cardType: '', category: '', issuer: '' },
    ])
  })

  it('trims spaces and drops quotes a spreadsheet may have added', () => {
    expect(parseBinList(file([' 454360 ; VISA ;"CREDIT"; "GOLD" ;"TURKIYE ""IS"" BANKASI"'])).rows).toEqual([
      {
        prefix: '454360',
        network: 'VISA',
        cardType: 'CREDIT',
        category: 'GOLD',
        issuer: 'TURKIYE "IS" BANKASI',
      },
    ])
  })

  it('skips and counts malformed rows with their line numbers, keeping the good ones', () => {
    const parsed = parseBinList(
      file([
        '405040;VISA;DEBIT;CLASSIC;FUPS',
        '4050;VISA;DEBIT;CLASSIC;FOUR DIGITS',
        '4050401;VISA;DEBIT;;SEVEN DIGITS',
        '405040123;VISA;DEBIT;;NINE DIGITS',
        'ABCDEF;VISA;DEBIT;;LETTERS',
        ';VISA;DEBIT;;NO BIN',
        '405041;VISA;DEBIT;CLASSIC;ISSUER;EXTRA',
        `405042;${'X'.repeat(31)};DEBIT;;TOO LONG NETWORK`,
        '',
        '41379112;VISA;CREDIT;;EIGHT DIGITS',
      ]),
    )
    expect(parsed.rows.map((r) => r.prefix)).toEqual(['405040', '41379112'])
    expect(parsed.lines).toBe(9)
    expect(parsed.skipped).toEqual([
      { line: 3, reason: 'bin' },
      { line: 4, reason: 'bin' },
      { line: 5, reason: 'bin' },
      { line: 6, reason: 'bin' },
      { line: 7, reason: 'bin' },
      { line: 8, reason: 'fields' },
      { line: 9, reason: 'tooLong' },
    ])
  })

  it('keeps one row per prefix: a prefix listed again replaces the earlier row', () => {
    const parsed = parseBinList(
      file(['405040;VISA;DEBIT;;OLD', '413791;VISA;CREDIT;;B', '405040;VISA;CREDIT;;NEW']),
    )
    expect(parsed.rows.map((r) => [r.prefix, r.issuer])).toEqual([
      ['413791', 'B'],
      ['405040', 'NEW'],
    ])
    expect(parsed.duplicates).toBe(1)
  })

  it('accepts the header in another case and after blank lines', () => {
    const text = `${BOM}\r\n\r\nbin;network;type;category;issuer\r\n405040;VISA;DEBIT;;X\r\n`
    expect(parseBinList(text).rows).toHaveLength(1)
  })

  it('reads a file with only the header as no rows', () => {
    expect(parseBinList(file([]))).toEqual({ rows: [], lines: 0, skipped: [], duplicates: 0 })
  })

  it.each([
    ['an empty file', ''],
    ['only a BOM and newlines', `${BOM}\r\n\r\n`],
    ['no header', '405040;VISA;DEBIT;CLASSIC;FUPS\r\n'],
    ['a comma-separated header', 'BIN,Network,Type,Category,Issuer\r\n405040,VISA,DEBIT,CLASSIC,FUPS\r\n'],
    ['another column order', 'BIN;Issuer;Network;Type;Category\r\n'],
  ])('refuses %s', (_label, text) => {
    expect(() => parseBinList(text)).toThrow(BinListFormatError)
  })
})
