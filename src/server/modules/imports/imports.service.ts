import { createHash } from 'node:crypto'
import type { Locale } from '../../../contracts/common'
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportPreview,
  type ImportUpload,
  PREVIEW_MAX_ROWS,
  type ROW_STATUS_FILTERS,
} from '../../../contracts/imports'
import type { Job } from '../../../contracts/integration-jobs'
import { cellText, normaliseHeader } from '../../../domain/import-cells'
import {
  IMPORT_RESOURCES,
  type ImportArea,
  type ImportMapping,
  type ImportResource,
  isImportResource,
  mappingProblems,
  rowOfCells,
  suggestMapping,
} from '../../../domain/import-fields'
import type { Db } from '../../db/client'
import { AppError, forbidden, notFound } from '../../http/errors'
import { translate } from '../../http/messages'
import type { StaffActor } from '../../identity'
import { readTable, TooManyRows, UnreadableTable } from '../../spreadsheets/table-reader'
import { runBulk } from '../integration-sync/integration-sync.service'
import { findJob, recentJobs, rejectedRowsCsv, startJob } from '../integration-sync/jobs.service'
import { findMapping, saveMapping } from './imports.repository'
import { type DryRunRow, type ReadUpload, UPLOAD_TTL_MS, type Upload, type UploadStore } from './upload-store'

/** Rows of the file shown under the mapping table. */
const SAMPLE_ROWS = 5

/** The layout of a file: the SHA-256 of its header row as headers are compared (normalised). */
export const layoutHash = (headers: readonly string[]) =>
  createHash('sha256').update(headers.map(normaliseHeader).join('\u0001')).digest('hex')

/** A resource another area imports is refused as the role's refusal: this door does not open it. */
function checkArea(resource: ImportResource, area: ImportArea) {
  if (IMPORT_RESOURCES[resource].area !== area) throw forbidden('error.staffRole', 'staff_role')
}

const uploadGone = () => new AppError('not_found', 'import.uploadGone', undefined, 'upload_gone')

async function uploadOr404(
  store: UploadStore,
  id: string,
  user: StaffActor,
  area: ImportArea,
  now: Date,
): Promise<Upload> {
  const upload = await store.get(id, user.id, now)
  if (!upload || IMPORT_RESOURCES[upload.resource].area !== area) throw uploadGone()
  return upload
}

/** A file's rows and layout, read as at its upload (the store reads a kept file again with it). */
export const readUploadedFile: ReadUpload = async (file) => {
  const table = await readTable(file, IMPORT_MAX_ROWS)
  return { table, layoutHash: layoutHash(table.headers) }
}

function checkMapping(upload: Upload, mapping: ImportMapping, complete: boolean) {
  const problems = mappingProblems(upload.resource, mapping, upload.table.headers.length)
  if (problems.wrongLength || problems.unknown.length > 0 || problems.repeated.length > 0)
    throw new AppError('bad_request', 'import.badMapping', undefined, 'bad_mapping')
  if (complete && problems.missing.length > 0)
    throw new AppError(
      'bad_request',
      'import.missingFields',
      { fields: problems.missing.join(', ') },
      'missing_fields',
    )
}

/**
 * POST …/uploads: the file read into rows and kept for an hour; its mapping is the one last used for
 * this layout (when it still fits: same columns, fields the resource still has), else suggested from
 * the headers.
 */
export async function uploadFile(
  db: Db,
  store: UploadStore,
  user: StaffActor,
  area: ImportArea,
  form: { resource: ImportResource; fileName: string; file: Uint8Array },
  now: Date,
): Promise<ImportUpload> {
  checkArea(form.resource, area)
  if (form.file.byteLength > IMPORT_MAX_BYTES)
    throw new AppError(
      'bad_request',
      'import.tooLarge',
      { mb: IMPORT_MAX_BYTES / 1024 / 1024 },
      'file_too_large',
    )
  if (form.file.byteLength === 0) throw new AppError('bad_request', 'import.empty', undefined, 'file_empty')
  const bytes = Buffer.from(form.file.buffer, form.file.byteOffset, form.file.byteLength)
  let table: Upload['table']
  let hash: string
  try {
    ;({ table, layoutHash: hash } = await readUploadedFile(bytes))
  } catch (err) {
    if (err instanceof TooManyRows)
      throw new AppError('bad_request', 'import.tooManyRows', { max: IMPORT_MAX_ROWS }, 'too_many_rows')
    if (err instanceof UnreadableTable)
      throw new AppError('bad_request', 'import.unreadable', undefined, 'unreadable')
    throw err
  }
  if (table.rows.length === 0) throw new AppError('bad_request', 'import.empty', undefined, 'file_empty')
  const remembered = await findMapping(db, form.resource, hash)
  const fits =
    remembered !== null &&
    (() => {
      const p = mappingProblems(form.resource, remembered, table.headers.length)
      return !p.wrongLength && p.unknown.length === 0 && p.repeated.length === 0
    })()
  const upload = await store.add(
    {
      userId: user.id,
      resource: form.resource,
      fileName: form.fileName,
      table,
      layoutHash: hash,
      createdAt: now,
    },
    bytes,
  )
  return {
    uploadId: upload.id,
    resource: upload.resource,
    fileName: upload.fileName,
    format: table.format,
    headers: table.headers,
    sample: table.rows.slice(0, SAMPLE_ROWS).map((row) => row.map(cellText)),
    rowCount: table.rows.length,
    mapping: fits ? remembered! : suggestMappingOf(upload),
    remembered: fits,
    expiresAt: new Date(now.getTime() + UPLOAD_TTL_MS).toISOString(),
  }
}

const suggestMappingOf = (upload: Upload) => suggestMapping(upload.resource, upload.table.headers)

/** The file's rows as the resource's bulk rows under this mapping. */
export const rowsOf = (upload: Upload, mapping: ImportMapping, limit = Number.POSITIVE_INFINITY) =>
  upload.table.rows.slice(0, limit).map((cells) => rowOfCells(upload.resource, mapping, cells))

/**
 * A row error's message naming the file's column ("Fiyat") rather than the row's field (salePrice).
 * A field the row has is never "required": the bulk check says so of any value of the wrong type (a
 * word in a number's column), which for a file means the cell is not valid.
 */
function inFileTerms(
  error: { field: string; code: string; message: string },
  row: Record<string, unknown>,
  upload: Upload,
  mapping: ImportMapping,
  locale: Locale,
): string {
  const message =
    error.code === 'required' && row[error.field] !== undefined
      ? translate(locale, 'sync.row.invalid', { field: error.field, value: '' })
      : error.message
  const column = mapping.indexOf(error.field)
  const header = column >= 0 ? upload.table.headers[column] : undefined
  return header ? message.replace(`"${error.field}"`, `"${header}"`) : message
}

/**
 * POST …/uploads/:id/preview: a dry run of the import (the writer runs on the rows and rolls back),
 * row by row, over the file's first PREVIEW_MAX_ROWS rows; the mapping is remembered for the layout.
 * A page of the rows of one status is answered; paging again with the same mapping does not run again.
 */
export async function previewImport(
  db: Db,
  store: UploadStore,
  user: StaffActor,
  area: ImportArea,
  uploadId: string,
  body: {
    mapping: ImportMapping
    page: number
    pageSize: number
    status: (typeof ROW_STATUS_FILTERS)[number]
  },
  locale: Locale,
  now: Date,
): Promise<ImportPreview> {
  const upload = await uploadOr404(store, uploadId, user, area, now)
  checkMapping(upload, body.mapping, false)
  const mappingKey = `${locale}:${JSON.stringify(body.mapping)}`
  if (upload.dryRun?.mappingKey !== mappingKey) {
    await rememberMapping(db, upload, body.mapping, user, now)
    const items = rowsOf(upload, body.mapping, PREVIEW_MAX_ROWS)
    const answer = await runBulk(db, {
      resource: upload.resource,
      items,
      policy: 'rejectFailedRows',
      actor: user,
      locale,
      now,
      dryRun: true,
    })
    const rows: DryRunRow[] = answer.results.map((result, i) => ({
      row: i + 1,
      code: result.code,
      status: result.status,
      reasons: (result.errors ?? []).map((e) => inFileTerms(e, items[i]!, upload, body.mapping, locale)),
    }))
    upload.dryRun = { mappingKey, counts: answer.counts, rows }
  }
  const { counts, rows } = upload.dryRun!
  const matching = body.status === 'all' ? rows : rows.filter((r) => r.status === body.status)
  const start = (body.page - 1) * body.pageSize
  return {
    counts,
    previewed: rows.length,
    rowCount: upload.table.rows.length,
    matching: matching.length,
    page: body.page,
    pageSize: body.pageSize,
    rows: matching.slice(start, start + body.pageSize),
  }
}

async function rememberMapping(db: Db, upload: Upload, mapping: ImportMapping, user: StaffActor, now: Date) {
  await saveMapping(db, {
    resource: upload.resource,
    layoutHash: upload.layoutHash,
    mapping,
    updatedBy: user.id,
    updatedAt: now,
  })
}

/**
 * POST …/uploads/:id/start: the import as a job of every row of the file (the rows stored, then
 * written chunk by chunk by the job worker); the mapping is remembered and the upload taken out of
 * the store before the job starts.
 */
export async function startImport(
  db: Db,
  store: UploadStore,
  user: StaffActor,
  area: ImportArea,
  uploadId: string,
  mapping: ImportMapping,
  locale: Locale,
  now: Date,
): Promise<{ jobId: number }> {
  const upload = await uploadOr404(store, uploadId, user, area, now)
  checkMapping(upload, mapping, true)
  await rememberMapping(db, upload, mapping, user, now)
  // Taken out first: of two clicks, or two processes, one starts the job and the other hears it gone.
  if (!(await store.claim(upload.id))) throw uploadGone()
  const rows = function* () {
    for (const cells of upload.table.rows) yield rowOfCells(upload.resource, mapping, cells)
  }
  const started = await startJob(db, {
    resource: upload.resource,
    rows: rows(),
    actor: user,
    source: 'import',
    fileName: upload.fileName,
    locale,
    now,
  })
  return started
}

const JOBS_SHOWN = 20
/** Jobs looked through for the area's imports (API loads are among them). */
const JOBS_SCANNED = 200

const isImportOf = (job: Job, area: ImportArea) =>
  job.source === 'import' && isImportResource(job.resource) && IMPORT_RESOURCES[job.resource].area === area

/** A job of this area's imports, with its rejected rows at this door; else 404. */
export async function importJob(db: Db, area: ImportArea, id: number, now: Date): Promise<Job> {
  const job = await findJob(db, id, { now, rejectedRowsUrl: rejectedUrl(area) })
  if (!job || !isImportOf(job, area)) throw notFound()
  return job
}

/** GET …/jobs: the area's latest imports, newest first. */
export async function recentImports(db: Db, area: ImportArea, now: Date): Promise<{ items: Job[] }> {
  const jobs = await recentJobs(db, JOBS_SCANNED, { now, rejectedRowsUrl: rejectedUrl(area) })
  return { items: jobs.filter((job) => isImportOf(job, area)).slice(0, JOBS_SHOWN) }
}

const rejectedUrl = (area: ImportArea) => (id: number) => `/yonetim/import/${area}/jobs/${id}/rejected`

/** GET …/jobs/:id/rejected: the job's rejected rows as CSV with the reasons, every cell neutralised. */
export async function importRejectedRows(
  db: Db,
  area: ImportArea,
  id: number,
  locale: Locale,
  now: Date,
): Promise<{ job: Job; lines: AsyncIterable<string> }> {
  const job = await importJob(db, area, id, now)
  return { job, lines: rejectedRowsCsv(db, job.id, locale) }
}
