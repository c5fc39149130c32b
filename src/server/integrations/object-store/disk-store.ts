import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, open, rename, stat, unlink } from 'node:fs/promises'
import path from 'node:path'
import { assertOutsideTransaction } from '../../db/transaction-context'
import { checkedKey, type ObjectStore, type StoredObject } from './object-store'

const isMissing = (err: unknown) =>
  (err as NodeJS.ErrnoException)?.code === 'ENOENT' || (err as NodeJS.ErrnoException)?.code === 'ENOTDIR'

/**
 * Objects as files under one directory (IMAGES_DIR, default DATA_DIR/images). A file is written to a
 * temporary name beside its place, flushed to disk, then renamed over it: a reader (or a crash) sees
 * the whole file or none, never a half-written one.
 */
export class DiskObjectStore implements ObjectStore {
  readonly kind = 'disk'

  constructor(private readonly root: string) {}

  private pathOf(key: string) {
    return path.join(this.root, ...checkedKey(key).split('/'))
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    assertOutsideTransaction('image file write')
    const target = this.pathOf(key)
    await mkdir(path.dirname(target), { recursive: true })
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`
    try {
      const file = await open(temp, 'wx', 0o644)
      try {
        await file.writeFile(bytes)
        await file.sync()
      } finally {
        await file.close()
      }
      await rename(temp, target)
    } catch (err) {
      await unlink(temp).catch(() => undefined)
      throw err
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.pathOf(key)
    try {
      const info = await stat(file)
      if (!info.isFile()) return null
      return { body: createReadStream(file), size: info.size }
    } catch (err) {
      if (isMissing(err)) return null
      throw err
    }
  }

  async delete(key: string): Promise<void> {
    assertOutsideTransaction('image file delete')
    try {
      await unlink(this.pathOf(key))
    } catch (err) {
      if (!isMissing(err)) throw err
    }
  }

  async close(): Promise<void> {}
}
