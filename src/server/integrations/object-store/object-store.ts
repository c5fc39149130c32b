import type { Readable } from 'node:stream'

/** One stored object as it is read back: its bytes as a stream, and their number when known. */
export type StoredObject = { body: Readable; size: number | null }

/**
 * Where uploaded images are kept: files under a directory, or objects in an S3-compatible bucket
 * (config.imageStore). Keys are relative paths of our own making (`up/p/12/<hash>-480.webp`); a write
 * is whole or absent, never half a file. Never called inside a database transaction: a slow disk or
 * bucket would hold the transaction's locks meanwhile.
 */
export interface ObjectStore {
  readonly kind: 'disk' | 's3'
  put(key: string, bytes: Buffer, contentType: string): Promise<void>
  /** null when there is no such object. */
  get(key: string): Promise<StoredObject | null>
  /** Nothing to delete is no error. */
  delete(key: string): Promise<void>
  close(): Promise<void>
}

/** Our keys only: lower-case path segments of letters, digits, dot, hyphen and underscore, no `..`. */
const KEY = /^(?:[a-z0-9_-][a-z0-9._-]{0,99}\/){0,5}[a-z0-9_-][a-z0-9._-]{0,99}$/

export function checkedKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.'))
    throw new Error(`not an object key: ${JSON.stringify(key).slice(0, 120)}`)
  return key
}
