import compress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'

/** Answers smaller than this go out as they are: the compressed form would save next to nothing. */
export const COMPRESS_THRESHOLD_BYTES = 1024

/**
 * Compresses the pages and API answers of every route registered after this on the fly: brotli when
 * the client takes it, else gzip, else nothing, for text types (HTML, JSON, SVG…) of at least
 * COMPRESS_THRESHOLD_BYTES; `Vary: accept-encoding` is added to what it compresses. Brotli at
 * quality 4: the best size for the time of a per-request answer (the built assets are compressed at
 * the highest quality once, at build time, and sent by the static files with their own headers).
 * Request bodies are not decompressed: no client of this API sends them compressed, and a small
 * compressed body could otherwise unpack to far more than the body limit checks on the wire.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip', 'identity'],
    threshold: COMPRESS_THRESHOLD_BYTES,
  })
}
