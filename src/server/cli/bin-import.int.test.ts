import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest'
import { listPath, main, UsageError } from './bin-import'

const dir = mkdtempSync(path.join(tmpdir(), 'toptan-bin-cli-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
afterEach(() => vi.restoreAllMocks())

describe('npm run bin:import', () => {
  it('takes the file argument, else BIN_LIST_CSV, relative to where npm was started', () => {
    expect(listPath(['list.csv'], { INIT_CWD: '/home/me' })).toBe('/home/me/list.csv')
    expect(listPath(['--', '/data/list.csv'], { BIN_LIST_CSV: '/other.csv' })).toBe('/data/list.csv')
    expect(listPath([], { BIN_LIST_CSV: 'x/list.csv' }, '/repo')).toBe('/repo/x/list.csv')
    expect(() => listPath([], {})).toThrow(UsageError)
    expect(() => listPath(['a.csv', 'b.csv'], {})).toThrow(UsageError)
    expect(() => listPath(['--reset'], {})).toThrow(UsageError)
  })

  it('imports the file into the configured database and prints the counts', async () => {
    const file = path.join(dir, 'list.csv')
    writeFileSync(
      file,
      '\uFEFFBIN;Network;Type;Category;Issuer\r\n' +
        '404308;VISA;CREDIT;GOLD;TURKIYE GARANTI BANKASI A. S.\r\n' +
        '310422;PRIVATE LABEL;;;\r\n' +
        '4043;VISA;;;TOO SHORT\r\n',
    )
    const out: string[] = []
    vi.spyOn(console, 'log').mockImplementation((line: string) => void out.push(line))
    const env = { NODE_ENV: 'test' as const, DATA_DIR: path.join(dir, 'data') }
    expect(await main([file], env)).toBe(0)
    expect(out).toContain('  inserted          2')
    expect(out).toContain('  skipped           1')
    expect(out).toContain('    line 4: the BIN is not 6 or 8 digits')
  }, 60_000)

  it('exits 1 for a file that is missing or not a BIN list, 2 without a file', async () => {
    const errors: string[] = []
    vi.spyOn(console, 'error').mockImplementation((line: string) => void errors.push(line))
    const env = { NODE_ENV: 'test' as const, DATA_DIR: path.join(dir, 'data') }
    expect(await main([path.join(dir, 'missing.csv')], env)).toBe(1)
    const notAList = path.join(dir, 'other.csv')
    writeFileSync(notAList, 'a,b,c\r\n1,2,3\r\n')
    expect(await main([notAList], env)).toBe(1)
    expect(errors.at(-1)).toMatch(/Expected the header BIN;Network;Type;Category;Issuer/)
    expect(await main([], env)).toBe(2)
  }, 60_000)
})
