import { randomBytes } from 'node:crypto'
import type { ImportPreview } from '../../../contracts/imports'
import type { ImportResource } from '../../../domain/import-fields'
import type { Db } from '../../db/client'
import type { ParsedTable } from '../../spreadsheets/table-reader'
import { claimUpload, findUpload, insertUpload } from './imports.repository'

/** How long an uploaded file waits for its import. */
export const UPLOAD_TTL_MS = 60 * 60 * 1000
/** Files whose rows one process keeps read at once: a file of 100,000 rows holds some 100 MB of cells. */
const KEPT_READ = 8

export type DryRunRow = ImportPreview['rows'][number]

export type Upload = {
  id: string
  userId: number
  resource: ImportResource
  fileName: string
  table: ParsedTable
  layoutHash: string
  createdAt: Date
  /** The last dry run, by the mapping it ran with (a page of it is answered without running again). */
  dryRun?: { mappingKey: string; counts: ImportPreview['counts']; rows: DryRunRow[] }
}

/** Reads a stored file's rows again (in a process that has not read them yet). */
export type ReadUpload = (file: Buffer) => Promise<Pick<Upload, 'table' | 'layoutHash'>>

/**
 * Uploaded files between their upload and their import, for the user who sent them, for an hour.
 * The file itself is in the database (import_uploads), so a staff member's next request may reach any
 * app process, or the same one after a restart; the rows read from it stay in this process's memory
 * for the last few files, so paging a preview does not read the file again. Whether the upload is
 * still there (not imported, not expired) is always asked of the database.
 */
export class UploadStore {
  private readonly read = new Map<string, Upload>()

  constructor(
    private readonly db: Db,
    private readonly readUpload: ReadUpload,
  ) {}

  async add(upload: Omit<Upload, 'id' | 'dryRun'>, file: Buffer): Promise<Upload> {
    const entry: Upload = { ...upload, id: randomBytes(16).toString('base64url') }
    await insertUpload(
      this.db,
      {
        id: entry.id,
        userId: entry.userId,
        resource: entry.resource,
        fileName: entry.fileName,
        file,
        createdAt: entry.createdAt,
      },
      new Date(entry.createdAt.getTime() - UPLOAD_TTL_MS),
    )
    this.keep(entry)
    return entry
  }

  /** The user's upload, or null (someone else's, expired, imported, or never made). */
  async get(id: string, userId: number, now: Date): Promise<Upload | null> {
    const notBefore = new Date(now.getTime() - UPLOAD_TTL_MS)
    const kept = this.read.get(id)
    const stored = await findUpload(this.db, id, userId, notBefore, { withFile: !kept })
    if (!stored) {
      this.read.delete(id)
      return null
    }
    if (kept) return kept
    const { table, layoutHash } = await this.readUpload(stored.file!)
    const upload: Upload = {
      id,
      userId,
      resource: stored.resource as ImportResource,
      fileName: stored.fileName,
      table,
      layoutHash,
      createdAt: stored.createdAt,
    }
    this.keep(upload)
    return upload
  }

  /**
   * Takes the upload out for its import: true for exactly one caller, whichever process it reached,
   * so a second click never imports the file twice.
   */
  async claim(id: string): Promise<boolean> {
    this.read.delete(id)
    return claimUpload(this.db, id)
  }

  private keep(upload: Upload) {
    this.read.delete(upload.id)
    while (this.read.size >= KEPT_READ) this.read.delete(this.read.keys().next().value!)
    this.read.set(upload.id, upload)
  }
}
