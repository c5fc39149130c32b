import type { ImageStoreConfig } from '../../config'
import { DiskObjectStore } from './disk-store'
import type { ObjectStore } from './object-store'
import { S3ObjectStore } from './s3-store'

export type { ObjectStore, StoredObject } from './object-store'

/** The store config.imageStore names: a directory (the default) or an S3-compatible bucket. */
export function createObjectStore(config: ImageStoreConfig): ObjectStore {
  return config.kind === 's3' ? new S3ObjectStore(config) : new DiskObjectStore(config.dir)
}
