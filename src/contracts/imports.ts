import { z } from 'zod'
import { type ImportResource, importResources } from '../domain/import-fields'
import { inputText } from './common'

/**
 * Spreadsheet imports in the staff area (`/yonetim/import/<area>/…`): a file is uploaded and kept on
 * the server for a while under an upload id, its columns are mapped to the resource's fields, a dry
 * run says row by row what the import would do, then the import runs as a job.
 */

/** The largest file taken (a 100,000-row product sheet is about 6 MB as XLSX, 12 MB as CSV). */
export const IMPORT_MAX_BYTES = 40 * 1024 * 1024
/** The most rows of one file. */
export const IMPORT_MAX_ROWS = 200_000
/** The dry run covers at most this many rows (from the top); the import itself takes them all. */
export const PREVIEW_MAX_ROWS = 5_000
export const PREVIEW_PAGE_SIZES = [25, 50, 100] as const

export const importResourceSchema = z.enum(importResources as [ImportResource, ...ImportResource[]])

/** POST …/uploads, multipart: the file, its resource and its name as the browser had it. */
export const importUploadFormSchema = z.strictObject({
  resource: importResourceSchema,
  fileName: inputText().trim().min(1).max(200),
  file: z
    .custom<Uint8Array>((value) => value instanceof Uint8Array, { message: 'a file' })
    .meta({ type: 'string', format: 'binary', description: 'XLSX or CSV' }),
})

const mappingSchema = z.array(z.string().max(40).nullable()).max(200)

export const importUploadSchema = z.object({
  uploadId: z.string(),
  resource: importResourceSchema,
  fileName: z.string(),
  format: z.enum(['xlsx', 'csv']),
  headers: z.array(z.string()),
  /** The first rows as shown (text), for the mapping table's sample values. */
  sample: z.array(z.array(z.string())),
  rowCount: z.number(),
  /** Per column, the field it fills: the mapping last used for files of this layout, or suggested. */
  mapping: mappingSchema,
  /** Whether the mapping is the one remembered for this layout (else suggested by the headers). */
  remembered: z.boolean(),
  expiresAt: z.string(),
})
export type ImportUpload = z.infer<typeof importUploadSchema>

export const ROW_STATUS_FILTERS = ['all', 'created', 'updated', 'unchanged', 'rejected'] as const

export const importPreviewBodySchema = z.strictObject({
  mapping: mappingSchema,
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z
    .number()
    .int()
    .refine((n) => (PREVIEW_PAGE_SIZES as readonly number[]).includes(n))
    .default(25),
  status: z.enum(ROW_STATUS_FILTERS).default('all'),
})
export type ImportPreviewBody = z.input<typeof importPreviewBodySchema>

export const importPreviewRowSchema = z.object({
  /** The row's place among the file's rows, from 1. */
  row: z.number(),
  code: z.string(),
  status: z.enum(['created', 'updated', 'unchanged', 'rejected']),
  reasons: z.array(z.string()),
})

export const importPreviewSchema = z.object({
  counts: z.object({ created: z.number(), updated: z.number(), unchanged: z.number(), rejected: z.number() }),
  /** Rows the dry run covered, and the file's rows (more when the file is longer than the cap). */
  previewed: z.number(),
  rowCount: z.number(),
  /** Rows of the status asked for, and this page of them. */
  matching: z.number(),
  page: z.number(),
  pageSize: z.number(),
  rows: z.array(importPreviewRowSchema),
})
export type ImportPreview = z.infer<typeof importPreviewSchema>

export const importStartBodySchema = z.strictObject({ mapping: mappingSchema })
