import { Worker } from 'node:worker_threads'
import type { ProtocolEngine } from './pglite-session'

type Answer =
  | { ready: true }
  | { ready: false; error: string }
  | { id: number; answer: Uint8Array }
  | { id: number; error: string }
  | { closed: true }

/**
 * PGlite in a worker thread (db/pglite-worker.ts, built to `workerFile`), as a protocol engine for
 * PgliteConnection. Several batches may be on their way at once (db/pglite-session.ts); the thread
 * runs them in the order they were posted, and each answer is matched to its batch by id.
 */
export function pgliteInWorker(
  workerFile: string,
  dataDir: string | undefined,
  /** Called when the thread fails or ends without close(): every later statement would fail. */
  onFailure: (err: Error) => void = () => {},
): ProtocolEngine & { close: () => Promise<void> } {
  const worker = new Worker(workerFile, { workerData: { dataDir } })
  const waiting = new Map<number, { resolve: (a: Uint8Array) => void; reject: (e: Error) => void }>()
  let nextId = 0
  let stopped: Error | null = null
  let onClosed: (() => void) | null = null
  let closing = false
  const failAll = (err: Error) => {
    if (!stopped && !closing) onFailure(err)
    stopped = err
    for (const w of waiting.values()) w.reject(err)
    waiting.clear()
  }
  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: Answer) => {
      if ('ready' in message) {
        if (message.ready) resolve()
        else reject(new Error(`the embedded database did not start: ${message.error}`))
      } else if ('closed' in message) {
        onClosed?.()
      } else {
        const w = waiting.get(message.id)
        waiting.delete(message.id)
        if ('answer' in message) w?.resolve(message.answer)
        else w?.reject(new Error(message.error))
      }
    })
    worker.on('error', (err) => {
      reject(err)
      failAll(err)
    })
    worker.on('exit', (code) => {
      const err = new Error(`the embedded database's thread ended (exit code ${code})`)
      reject(err)
      failAll(err)
      onClosed?.()
    })
  })
  const ask = (message: { messages: Uint8Array } | { dump: true }, transfer: ArrayBuffer[]) => {
    if (stopped) return Promise.reject(stopped)
    const id = ++nextId
    return new Promise<Uint8Array>((resolve, reject) => {
      waiting.set(id, { resolve, reject })
      worker.postMessage({ id, ...message }, transfer)
    })
  }
  return {
    ready,
    run: (messages) => {
      // A buffer holding these messages only moves to the thread; any other is copied.
      const own = messages.byteOffset === 0 && messages.byteLength === messages.buffer.byteLength
      return ask({ messages }, own ? [messages.buffer as ArrayBuffer] : [])
    },
    dump: () => ask({ dump: true }, []),
    close: async () => {
      if (stopped) return
      closing = true
      const closed = new Promise<void>((resolve) => {
        onClosed = resolve
      })
      worker.postMessage({ close: true })
      await closed
      await worker.terminate()
    },
  }
}
