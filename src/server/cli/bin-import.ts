/**
 * npm run bin:import -- [<file>]
 *
 * Imports a BIN list in the Turkish BIN list format (BIN;Network;Type;Category;Issuer, semicolon
 * separated, UTF-8 with BOM) into the BIN table of the configured database and prints the counts.
 * Without a file argument it reads the file BIN_LIST_CSV names. A relative path is taken from the
 * directory npm was started in.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadConfig } from '../config'
import { openConfiguredDatabase } from '../db/open'
import { type BinImportReport, importBinList } from '../modules/bin/bin.service'
import { BinListFormatError, parseBinList } from '../modules/bin/bin-list'
import { runWhenStarted } from './run-cli'

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..')

export const USAGE = 'Usage: npm run bin:import -- <file>   (or set BIN_LIST_CSV to the file)'

/** Bad arguments: exit code 2. */
export class UsageError extends Error {}

/** The list's path: the argument, else BIN_LIST_CSV; relative to where npm was started (INIT_CWD). */
export function listPath(argv: string[], env: NodeJS.ProcessEnv, cwd = process.cwd()): string {
  const args = argv.filter((a) => a !== '--')
  if (args.length > 1 || args.some((a) => a.startsWith('-'))) throw new UsageError(USAGE)
  const file = args[0] ?? env.BIN_LIST_CSV
  if (!file) throw new UsageError(`No file given and BIN_LIST_CSV is not set.\n${USAGE}`)
  return path.resolve(env.INIT_CWD ?? cwd, file)
}

/** What the CLI prints; at most 20 skipped lines are listed. */
export function reportLines(file: string, report: BinImportReport): string[] {
  const lines = [
    `BIN list: ${file}`,
    `  lines read        ${report.lines}`,
    `  prefixes          ${report.rows}`,
    `  inserted          ${report.inserted}`,
    `  updated           ${report.updated}`,
    `  unchanged         ${report.unchanged}`,
    `  with a bank       ${report.withBank}`,
    `  duplicates        ${report.duplicates}`,
    `  skipped           ${report.skipped.length}`,
  ]
  for (const s of report.skipped.slice(0, 20)) lines.push(`    line ${s.line}: ${SKIP_TEXT[s.reason]}`)
  if (report.skipped.length > 20) lines.push(`    … and ${report.skipped.length - 20} more`)
  return lines
}

const SKIP_TEXT = {
  bin: 'the BIN is not 6 or 8 digits',
  fields: 'more fields than the header',
  tooLong: 'a field is too long',
} as const

export async function main(argv: string[] = process.argv.slice(2), env = process.env): Promise<number> {
  let file: string
  try {
    file = listPath(argv, env)
  } catch (err) {
    console.error((err as Error).message)
    return 2
  }
  let text: string
  try {
    text = await readFile(file, 'utf8')
    // Not a BIN list at all: say so before opening the database.
    parseBinList(text)
  } catch (err) {
    if (!(err instanceof BinListFormatError) && (err as NodeJS.ErrnoException).code === undefined) throw err
    console.error(`${file}: ${(err as Error).message}`)
    return 1
  }
  const database = await openConfiguredDatabase(loadConfig(env, rootDir, { takesPayments: false }))
  try {
    const report = await importBinList(database.db, text)
    for (const line of reportLines(file, report)) console.log(line)
    return 0
  } finally {
    await database.close()
  }
}

runWhenStarted(import.meta.url, main)
