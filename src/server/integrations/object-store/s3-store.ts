import { Readable } from 'node:stream'
import type { S3Client } from '@aws-sdk/client-s3'
import type { S3Config } from '../../config'
import { assertOutsideTransaction } from '../../db/transaction-context'
import { checkedKey, type ObjectStore, type StoredObject } from './object-store'

/** Objects live under this prefix in the bucket, so it may hold other things beside them. */
const PREFIX = 'images/'
/** An image is under 2 MB: a call that takes longer than this is a stuck connection. */
const TIMEOUT_MS = 20_000

/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Ceph…), signed with SigV4. With
 * S3_ENDPOINT the requests are path-style (`endpoint/bucket/key`), which every such store understands;
 * without it, AWS's own virtual-hosted address for the region. Checksums only where S3 requires them:
 * the SDK's default CRC32 headers are refused by some S3-compatible stores, and SigV4 already signs the
 * body's SHA-256.
 */
export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3'
  private readonly bucket: string
  /**
   * The SDK is loaded on first use: a server keeping images on disk never loads it (some 0.2 s and
   * 25 MB at start, measured).
   */
  private connection: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: S3Client }> | null = null

  constructor(private readonly config: S3Config) {
    this.bucket = config.bucket
  }

  private connect() {
    this.connection ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: this.config.region,
        ...(this.config.endpoint ? { endpoint: this.config.endpoint, forcePathStyle: true } : {}),
        credentials: { accessKeyId: this.config.accessKeyId, secretAccessKey: this.config.secretAccessKey },
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        maxAttempts: 3,
      }),
    }))
    return this.connection
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    assertOutsideTransaction('image upload to S3')
    const { sdk, client } = await this.connect()
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key: PREFIX + checkedKey(key),
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.length,
        // Names change with content: whoever reads the bucket directly (a CDN) may keep it for good.
        CacheControl: 'public, max-age=31536000, immutable',
      }),
      { abortSignal: AbortSignal.timeout(TIMEOUT_MS) },
    )
  }

  async get(key: string): Promise<StoredObject | null> {
    const { sdk, client } = await this.connect()
    try {
      const answer = await client.send(
        new sdk.GetObjectCommand({ Bucket: this.bucket, Key: PREFIX + checkedKey(key) }),
        { abortSignal: AbortSignal.timeout(TIMEOUT_MS) },
      )
      if (!(answer.Body instanceof Readable)) return null
      return { body: answer.Body, size: answer.ContentLength ?? null }
    } catch (err) {
      if (
        err instanceof sdk.NoSuchKey ||
        (err instanceof sdk.S3ServiceException && err.$metadata.httpStatusCode === 404)
      )
        return null
      throw err
    }
  }

  async delete(key: string): Promise<void> {
    assertOutsideTransaction('image delete in S3')
    const { sdk, client } = await this.connect()
    // S3 answers 204 for a key that is not there too.
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: PREFIX + checkedKey(key) }), {
      abortSignal: AbortSignal.timeout(TIMEOUT_MS),
    })
  }

  async close(): Promise<void> {
    if (this.connection) (await this.connection).client.destroy()
  }
}
