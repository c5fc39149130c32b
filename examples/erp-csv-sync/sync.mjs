#!/usr/bin/env node
// A small ERP sync: sends a folder of CSV exports to a running Toptan portal through the integration
// API, one job per file, in the order the data depends on (categories before products before stock),
// each waited for before the next. Rejected rows are saved beside the files with their reasons.
//
//   TOPTAN_URL=https://portal.example TOPTAN_KEY=tpk_… node examples/erp-csv-sync/sync.mjs ./exports
//
// The folder holds any of: categories.csv, brands.csv, warehouses.csv, products.csv, prices.csv,
// stock.csv, customers.csv, users.csv, ledger-entries.csv, invoices.csv, serials.csv, campaigns.csv —
// a header row of the API's field names (docs/integration.md), `;` `,` or tab between cells, UTF-8.
// The key needs jobs:write and the write scope of each file's resource. Only Node 20+ is needed.
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The files a folder may hold, in the order they are sent. */
export const SYNC_ORDER = [
  'categories',
  'brands',
  'warehouses',
  'products',
  'prices',
  'stock',
  'customers',
  'users',
  'ledger-entries',
  'invoices',
  'serials',
  'campaigns',
]

/**
 * @typedef {{ resource: string, jobId: number | null, status: string, total: number,
 *   counts: Record<string, number> | null, rejectedFile: string | null, error: string | null }} FileResult
 */

/**
 * Sends each CSV file of `dir` as a job and waits for it; answers what each one did.
 * @param {{ url: string, key: string, dir: string, log?: (line: string) => void, pollMs?: number }} options
 * @returns {Promise<FileResult[]>}
 */
export async function syncFolder({ url, key, dir, log = console.log, pollMs = 1000 }) {
  const base = `${url.replace(/\/+$/, '')}/api/integration/v1/`
  const headers = { authorization: `Bearer ${key}` }
  /** @type {FileResult[]} */
  const results = []
  for (const resource of SYNC_ORDER) {
    let body
    try {
      body = await readFile(path.join(dir, `${resource}.csv`))
    } catch {
      continue
    }
    const started = await fetch(`${base}jobs?resource=${resource}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/csv' },
      body,
    })
    const answer = await started.json()
    if (started.status !== 202) {
      const error = answer?.error?.messages?.type ?? `HTTP ${started.status}`
      log(`${resource}: refused — ${error}`)
      results.push({
        resource,
        jobId: null,
        status: 'refused',
        total: 0,
        counts: null,
        rejectedFile: null,
        error,
      })
      continue
    }
    const jobId = answer.jobId
    let job
    for (;;) {
      job = await (await fetch(`${base}jobs/${jobId}`, { headers })).json()
      if (job.status === 'done' || job.status === 'failed') break
      log(
        `${resource}: ${job.done}/${job.total} rows${job.secondsLeft === null ? '' : `, ${job.secondsLeft} s left`}`,
      )
      await new Promise((resolve) => setTimeout(resolve, pollMs))
    }
    let rejectedFile = null
    if (job.rejectedRowsUrl) {
      const rejected = await fetch(new URL(job.rejectedRowsUrl, url), { headers })
      await mkdir(path.join(dir, 'rejected'), { recursive: true })
      rejectedFile = path.join(dir, 'rejected', `${resource}.csv`)
      await writeFile(rejectedFile, Buffer.from(await rejected.arrayBuffer()))
    }
    const c = job.counts
    log(
      `${resource}: ${job.status} — ${c.created} created, ${c.updated} updated, ${c.unchanged} unchanged, ${c.rejected} rejected` +
        (rejectedFile ? ` (see ${rejectedFile})` : ''),
    )
    results.push({
      resource,
      jobId,
      status: job.status,
      total: job.total,
      counts: c,
      rejectedFile,
      error: job.error,
    })
  }
  return results
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2]
  const url = process.env.TOPTAN_URL
  const key = process.env.TOPTAN_KEY
  if (!dir || !url || !key) {
    console.error(
      'Usage: TOPTAN_URL=https://portal.example TOPTAN_KEY=tpk_… node examples/erp-csv-sync/sync.mjs <folder>',
    )
    process.exit(2)
  }
  const results = await syncFolder({ url, key, dir })
  process.exit(results.some((r) => r.status !== 'done') ? 1 : 0)
}
