/**
 * node dist/bench/import.js [--rows N] [--json]
 *
 * The spreadsheet import's bench: an XLSX of N products (default 100,000) as a distributor sends it
 * (Turkish headers, prices as numbers and as '1.234,56' text), imported into the configured database
 * (DATA_DIR's PGlite or DATABASE_URL) through the import's own service functions, as the staff
 * routes call them: the upload (the file read and its mapping suggested), the preview (the dry run of
 * its first rows), the start (the rows stored as the job's chunks) and the job written by the worker's
 * loop. Prints each step's time; the budget is the whole import under 60 s.
 */
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { runWhenStarted } from '../src/server/cli/run-cli'
import { loadConfig } from '../src/server/config'
import type { Db } from '../src/server/db/client'
import { openConfiguredDatabase } from '../src/server/db/open'
import { users } from '../src/server/db/schema/accounts'
import { ensureBaseData } from '../src/server/db/seed/base-data'
import { seedStore } from '../src/server/db/seed/demo-store'
import {
  previewImport,
  readUploadedFile,
  startImport,
  uploadFile,
} from '../src/server/modules/imports/imports.service'
import { UploadStore } from '../src/server/modules/imports/upload-store'
import { runBulk } from '../src/server/modules/integration-sync/integration-sync.service'
import { runOneJob } from '../src/server/modules/integration-sync/jobs.service'

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
export const USAGE = 'Usage: node dist/bench/import.js [--rows <N>] [--json]'
/** The requirement: a 100,000-row XLSX imported in under a minute on the embedded database. */
export const IMPORT_BUDGET_SECONDS = 60
const CATEGORIES = 50

/** The distributor's file: streamed by ExcelJS's writer, as a big export is written. */
export async function productSheet(rows: number, run: string): Promise<Buffer> {
  const sink = new PassThrough()
  const chunks: Buffer[] = []
  sink.on('data', (chunk: Buffer) => chunks.push(chunk))
  const ended = new Promise<void>((resolve, reject) => {
    sink.on('end', resolve)
    sink.on('error', reject)
  })
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink })
  const sheet = workbook.addWorksheet('Ürünler')
  sheet
    .addRow(['Stok Kodu', 'Ürün Adı', 'Kategori Kodu', 'Fiyat', 'Döviz', 'KDV', 'Barkod', 'Aktif'])
    .commit()
  for (let i = 1; i <= rows; i++) {
    const price = 10 + ((i * 37) % 5000) + (i % 100) / 100
    sheet
      .addRow([
        `${run}-${String(i).padStart(6, '0')}`,
        `Bench Ürün ${i} Çelik Vida ${i % 97} mm`,
        `${run}-K${i % CATEGORIES}`,
        // Every tenth price as Turkish text, the rest as numbers.
        i % 10 === 0 ? price.toFixed(2).replace('.', ',') : price,
        'TL',
        20,
        String(8690000000000 + i),
        'Evet',
      ])
      .commit()
  }
  sheet.commit()
  await workbook.commit()
  await ended
  return Buffer.concat(chunks)
}

const seconds = (from: number) => Math.round(performance.now() - from) / 1000

export async function runImportBench(db: Db, rows: number, say: (line: string) => void) {
  const run = `BI${Date.now().toString(36).toUpperCase()}`
  // The store's currencies, settings and payment plans, as any store has before its first import.
  await seedStore(db)
  await ensureBaseData(db)
  const [user] = await db
    .insert(users)
    .values({
      email: `bench-import-${run.toLowerCase()}@toptan.test`,
      name: 'Bench aktarım',
      passwordHash: 'x',
      role: 'admin',
      staffRole: 'owner',
      customerId: null,
    })
    .returning({ id: users.id })
  const actor = { id: user!.id, name: 'Bench aktarım', ip: '127.0.0.1' }
  await runBulk(db, {
    resource: 'categories',
    items: Array.from({ length: CATEGORIES }, (_, i) => ({
      code: `${run}-K${i}`,
      name: `Bench Kategori ${run} ${i}`,
    })),
    policy: 'rejectFailedRows',
    actor,
    locale: 'tr',
    now: new Date(),
  })
  let t = performance.now()
  const file = await productSheet(rows, run)
  const build = seconds(t)
  say(`file: ${rows} rows, ${(file.length / 1024 / 1024).toFixed(1)} MB XLSX, written in ${build} s`)

  const store = new UploadStore(db, readUploadedFile)
  const started = performance.now()
  t = started
  const upload = await uploadFile(
    db,
    store,
    actor,
    'catalogue',
    { resource: 'products', fileName: 'bench.xlsx', file },
    new Date(),
  )
  const read = seconds(t)
  say(`upload (read and map): ${read} s, ${upload.rowCount} rows, mapping ${JSON.stringify(upload.mapping)}`)

  t = performance.now()
  const preview = await previewImport(
    db,
    store,
    actor,
    'catalogue',
    upload.uploadId,
    { mapping: upload.mapping, page: 1, pageSize: 25, status: 'all' },
    'tr',
    new Date(),
  )
  const previewSeconds = seconds(t)
  say(
    `preview (dry run of ${preview.previewed} rows): ${previewSeconds} s, ${JSON.stringify(preview.counts)}`,
  )
  const firstRejected = preview.rows.find((r) => r.status === 'rejected')
  if (firstRejected) say(`first rejected row: ${JSON.stringify(firstRejected)}`)

  t = performance.now()
  const { jobId } = await startImport(
    db,
    store,
    actor,
    'catalogue',
    upload.uploadId,
    upload.mapping,
    'tr',
    new Date(),
  )
  const store_ = seconds(t)
  say(`start (rows stored as chunks): ${store_} s`)

  t = performance.now()
  const log = { error: (obj: object, msg: string) => console.error(msg, obj), info: () => {} }
  while (await runOneJob({ db, now: () => new Date(), log }, { pollMs: 0, pauseMs: 5 })) {}
  const write = seconds(t)
  const { integrationJobs } = await import('../src/server/db/schema/integration')
  const [job] = await db.select().from(integrationJobs).where(eq(integrationJobs.id, jobId))
  say(`job written: ${write} s, ${job?.created} created, ${job?.rejected} rejected, status ${job?.status}`)
  const importSeconds = Math.round((read + store_ + write) * 1000) / 1000
  return {
    rows,
    fileMiB: Math.round((file.length / 1024 / 1024) * 10) / 10,
    readSeconds: read,
    previewSeconds,
    previewedRows: preview.previewed,
    storeSeconds: store_,
    writeSeconds: write,
    importSeconds,
    withPreviewSeconds: seconds(started),
    created: job?.created ?? 0,
    rejected: job?.rejected ?? 0,
    budgetSeconds: IMPORT_BUDGET_SECONDS,
    pass: importSeconds < IMPORT_BUDGET_SECONDS && job?.status === 'done' && job.created === rows,
  }
}

export async function main(argv: string[] = process.argv.slice(2)): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { rows: { type: 'string', default: '100000' }, json: { type: 'boolean', default: false } },
  })
  const rows = Number(values.rows)
  if (!Number.isInteger(rows) || rows < 1 || rows > 200_000) {
    console.error(USAGE)
    return 2
  }
  const say = values.json ? (line: string) => console.error(line) : (line: string) => console.log(line)
  const config = loadConfig(process.env, rootDir, { takesPayments: false })
  const database = await openConfiguredDatabase(config)
  try {
    const report = await runImportBench(database.db, rows, say)
    if (values.json) console.log(JSON.stringify(report))
    else
      say(
        `import of ${rows} rows: ${report.importSeconds} s (read ${report.readSeconds} + store ${report.storeSeconds} + write ${report.writeSeconds}); budget < ${IMPORT_BUDGET_SECONDS} s: ${report.pass ? 'PASS' : 'FAIL'}`,
      )
    return report.pass ? 0 : 1
  } finally {
    await database.close()
  }
}

runWhenStarted(import.meta.url, main)
