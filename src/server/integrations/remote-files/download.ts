import { isFetchableUrl } from '../../../domain/remote-file'
import { assertOutsideTransaction } from '../../db/transaction-context'

export type DownloadOptions = {
  /** The whole download at most this long (headers and body). */
  timeoutMs: number
  /** Bytes at most; a longer file is refused (by its Content-Length when it says, else while reading). */
  maxBytes: number
}

export type DownloadResult =
  | { ok: true; bytes: Buffer; contentType: string | null }
  /** `retryable` false: trying again cannot mend it (too large, not a web address). */
  | { ok: false; error: string; retryable: boolean }

const fail = (error: string, retryable = true): DownloadResult => ({
  ok: false,
  error: error.slice(0, 300),
  retryable,
})

/**
 * One file from the ERP's address: http(s) only (redirects followed, to http(s) only), within a
 * deadline and a size. Never called inside a database transaction: the caller stores the bytes in a
 * short one of its own afterwards. A 404 is retried like a 5xx: an ERP may publish a file after the
 * record that names it.
 */
export async function downloadFile(url: string, options: DownloadOptions): Promise<DownloadResult> {
  assertOutsideTransaction('remote file download')
  if (!isFetchableUrl(url)) return fail('not an http(s) address', false)
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, options.timeoutMs)
  try {
    const response = await fetch(url, { signal: controller.signal, redirect: 'follow' })
    if (!response.ok) {
      await response.body?.cancel().catch(() => {})
      return fail(`HTTP ${response.status}`)
    }
    const declared = Number(response.headers.get('content-length'))
    if (Number.isFinite(declared) && declared > options.maxBytes) {
      await response.body?.cancel().catch(() => {})
      return fail(`too large: ${declared} bytes (at most ${options.maxBytes})`, false)
    }
    const chunks: Buffer[] = []
    let size = 0
    const reader = response.body?.getReader()
    for (;;) {
      const part = reader ? await reader.read() : { done: true as const, value: undefined }
      if (part.done) break
      size += part.value.byteLength
      if (size > options.maxBytes) {
        await reader?.cancel().catch(() => {})
        return fail(`too large: over ${options.maxBytes} bytes`, false)
      }
      chunks.push(Buffer.from(part.value))
    }
    return { ok: true, bytes: Buffer.concat(chunks), contentType: response.headers.get('content-type') }
  } catch (err) {
    if (timedOut) return fail(`timed out after ${options.timeoutMs} ms`)
    const cause = (err as { cause?: { code?: string; message?: string } }).cause
    return fail(cause?.code ?? cause?.message ?? (err as Error).message ?? String(err))
  } finally {
    clearTimeout(timer)
  }
}
