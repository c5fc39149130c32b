import { assertOutsideTransaction } from '../../db/transaction-context'

/** Why a download of the bulletin failed, in words safe to log and to show staff. */
export class BulletinDownloadError extends Error {
  constructor(reason: string) {
    super(reason)
    this.name = 'BulletinDownloadError'
  }
}

/** At most this much of an answer is read: the real file is about 10 KB. */
const MAX_BYTES = 1024 * 1024

/**
 * Downloads the bulletin (today.xml) as text. Never inside a database transaction: a slow bank would
 * hold its locks. A timeout, a refused connection or a non-200 answer throws BulletinDownloadError
 * with a short reason (the URL is ours, but nothing of the answer's body goes into it).
 */
export async function downloadBulletin(url: string, timeoutMs: number): Promise<string> {
  assertOutsideTransaction('TCMB bulletin download')
  let response: Response
  try {
    response = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/xml, text/xml' },
      redirect: 'follow',
    })
  } catch (err) {
    const name = err instanceof Error ? err.name : ''
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new BulletinDownloadError(`timeout after ${timeoutMs} ms`)
    // The cause's code (ECONNREFUSED, ENOTFOUND…) or short message: no header or body of ours in it.
    const cause = (err as { cause?: { code?: unknown; message?: unknown } })?.cause
    const why =
      typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : ''
    throw new BulletinDownloadError(`network error${why ? ` (${why.slice(0, 80)})` : ''}`)
  }
  if (response.status !== 200) {
    await response.body?.cancel().catch(() => undefined)
    throw new BulletinDownloadError(`HTTP ${response.status}`)
  }
  try {
    const body = await response.arrayBuffer()
    if (body.byteLength > MAX_BYTES) throw new BulletinDownloadError('answer too large')
    return new TextDecoder('utf-8').decode(body)
  } catch (err) {
    if (err instanceof BulletinDownloadError) throw err
    const name = err instanceof Error ? err.name : ''
    throw new BulletinDownloadError(
      name === 'TimeoutError' || name === 'AbortError' ? `timeout after ${timeoutMs} ms` : 'answer cut off',
    )
  }
}
