import { randomBytes } from 'node:crypto'
import type { ImportPreview } from '../../../contracts/imports'
import type { ImportResource } from '../../../domain/import-fields'
import type { ParsedTable } from '../../spreadsheets/table-reader'

/** How long an uploaded file waits for its import. */
export const UPLOAD_TTL_MS = 60 * 60 * 1000
/** Files kept at once (the oldest goes first): a file of 100,000 rows holds some 100 MB of cells. */
const MAX_UPLOADS = 8

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

/**
 * Uploaded files between their upload and their import, in this process's memory: the parsed rows
 * under a random id, for the user who sent them, for an hour. With several app processes the staff's
 * requests must reach the same one (a sticky session), as for the live screens without Redis.
 */
export class UploadStore {
  private readonly uploads = new Map<string, Upload>()

  add(upload: Omit<Upload, 'id'>): Upload {
    this.prune(upload.createdAt)
    while (this.uploads.size >= MAX_UPLOADS) this.uploads.delete(this.uploads.keys().next().value!)
    const entry = { ...upload, id: randomBytes(16).toString('base64url') }
    this.uploads.set(entry.id, entry)
    return entry
  }

  /** The user's upload, or null (someone else's, expired, or never made). */
  get(id: string, userId: number, now: Date): Upload | null {
    this.prune(now)
    const upload = this.uploads.get(id)
    return upload && upload.userId === userId ? upload : null
  }

  delete(id: string) {
    this.uploads.delete(id)
  }

  private prune(now: Date) {
    for (const [id, upload] of this.uploads)
      if (now.getTime() - upload.createdAt.getTime() >= UPLOAD_TTL_MS) this.uploads.delete(id)
  }
}
