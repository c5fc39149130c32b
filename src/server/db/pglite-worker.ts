// The embedded database's own thread (db/pglite-thread.ts starts it): PGlite runs here, so the
// server's event loop only serializes and parses protocol messages while PostgreSQL's work in WASM
// takes the other core. Messages run in the order they arrive (several may be waiting: see
// db/pglite-session.ts): { id, messages } in, { id, answer } or { id, error } out; { id, dump: true }
// answers the data directory as a gzipped tarball; { close: true } closes PGlite and ends the thread.
import { parentPort, workerData } from 'node:worker_threads'
import { createPglite, pgliteEngine } from './pglite-connection'

const port = parentPort
if (!port) throw new Error('pglite-worker runs as a worker thread only')

type Request = { id: number; messages: Uint8Array } | { id: number; dump: true } | { close: true }

try {
  const pglite = await createPglite((workerData as { dataDir: string | undefined }).dataDir)
  const engine = pgliteEngine(pglite)
  await engine.ready
  port.on('message', async (request: Request) => {
    if ('close' in request) {
      await pglite.close()
      port.postMessage({ closed: true })
      port.close()
      return
    }
    try {
      const answer = 'dump' in request ? await engine.dump() : await engine.run(request.messages)
      // The answer owns its buffer (pgliteEngine copies), so it can move to the other thread.
      port.postMessage({ id: request.id, answer }, [answer.buffer as ArrayBuffer])
    } catch (err) {
      port.postMessage({ id: request.id, error: err instanceof Error ? err.message : String(err) })
    }
  })
  port.postMessage({ ready: true })
} catch (err) {
  port.postMessage({ ready: false, error: err instanceof Error ? err.message : String(err) })
}
