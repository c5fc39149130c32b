import { EventEmitter } from 'node:events'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import pg from 'pg'
import { serialize } from 'pg-protocol'
import type { BackendMessage } from 'pg-protocol/dist/messages'
import { Parser } from 'pg-protocol/dist/parser'
import { beginsTransaction, PgliteSession, type ProtocolEngine } from './pglite-session'

type Serializer = typeof serialize

/**
 * A node-postgres pool over PGlite. PGlite is one session; the pool's clients share it through a
 * PgliteSession, which hands their batches to the engine without waiting for each other's answers
 * and gives a transaction the session to itself until it ends. The clients are never closed for
 * idleness (their records of the session's prepared statements are the session's anyway).
 */
export function poolOverPglite(engine: ProtocolEngine, session = new PgliteSession(engine)): pg.Pool {
  class PgliteClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connection: new PgliteConnection(session) } as pg.ClientConfig)
    }
  }
  return new pg.Pool({ max: PGLITE_POOL_SIZE, idleTimeoutMillis: 0, Client: PgliteClient } as pg.PoolConfig)
}

/**
 * Clients on the embedded database's one session: enough that the engine always has the next batch
 * waiting while it runs one (measured in docs/decisions.md "Several clients on the embedded
 * database's one session").
 */
export const PGLITE_POOL_SIZE = 4

/**
 * PGlite on `dataDir` (in memory without one), with the extensions the migrations create.
 * `loadDataDir`: a backup (Database.backup's tarball) to fill an empty `dataDir` with first.
 */
export function createPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<PGlite> {
  return PGlite.create(dataDir ?? 'memory://', {
    extensions: { pg_trgm },
    ...(loadDataDir ? { loadDataDir } : {}),
  })
}

/**
 * PGlite in this thread, answering whole protocol messages. execProtocolRawStream, not
 * execProtocolRaw: the latter also parses every answer with PGlite's own parser and keeps the parsed
 * messages for execProtocol, which nothing here reads (about 1 KB of heap per statement, never freed).
 */
export function pgliteEngine(pglite: PGlite): ProtocolEngine {
  return {
    ready: pglite.waitReady,
    run: async (messages) => {
      const chunks: Uint8Array[] = []
      // The chunk is a view of PGlite's memory, reused by its next write: copy it.
      await pglite.execProtocolRawStream(messages, { onRawData: (chunk) => chunks.push(chunk.slice()) })
      // One buffer of its own (not a slice of Node's shared pool), so it may move to another thread.
      const [only] = chunks
      if (only && chunks.length === 1) return only
      const answer = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0))
      let at = 0
      for (const chunk of chunks) {
        answer.set(chunk, at)
        at += chunk.length
      }
      return answer
    },
    dump: async () => new Uint8Array(await (await pglite.dumpDataDir('gzip')).arrayBuffer()),
  }
}

/**
 * A node-postgres connection whose wire is PGlite instead of a socket: pg's Client writes its
 * messages here, they are serialized with pg's own serializer, handed to PGlite together (all that
 * one query writes in one turn, so Parse/Bind/Describe/Execute/Sync make one call), and PGlite's
 * answer is parsed with pg's own parser into the events the Client listens to. PGlite is one
 * session, which the pool's clients share through a PgliteSession (poolOverPglite).
 *
 * The messages pg sends during a startup (password, SSL, SASL) have no meaning for PGlite, which
 * is its own server already started: connecting answers "ready" at once, as PGlite's own adapter
 * (@electric-sql/pglite/node-postgres) does. That adapter is not used because it hands pg's
 * type-parser option to PGlite's serializer as parameter types, which throws on Drizzle's queries.
 */
export class PgliteConnection extends EventEmitter {
  // Read and written by pg's Client and Query: which named statements the session has parsed (the
  // session's records, shared by every client on it).
  readonly parsedStatements: Record<string, string>
  readonly submittedNamedStatements: Record<string, string>
  _connecting = false
  readonly stream = { destroy: () => this.end() }

  readonly #session: PgliteSession
  readonly #parser = new Parser()
  #pending: Uint8Array[] = []
  #pendingBegins = false
  #flushQueued = false
  #chain: Promise<unknown>

  constructor(session: PgliteSession) {
    super()
    this.#session = session
    this.parsedStatements = session.parsedStatements
    this.submittedNamedStatements = session.submittedNamedStatements
    this.#chain = session.ready
  }

  connect(): void {
    this._connecting = true
    this.#chain = this.#chain.then(() => {
      this.emit('connect')
      this.emit('readyForQuery', { name: 'readyForQuery', length: 5, status: 'I' })
    })
  }

  // The Client calls startup on 'connect'; PGlite's session is already started.
  startup(): void {}
  requestSsl(): void {}
  password(): void {}
  sendSASLInitialResponseMessage(): void {}
  sendSCRAMClientFinalMessage(): void {}
  cancel(): void {}
  ref(): void {}
  unref(): void {}

  query(text: string): void {
    if (beginsTransaction(text)) this.#pendingBegins = true
    this.#send(serialize.query(text))
  }
  parse(query: Parameters<Serializer['parse']>[0]): void {
    this.#send(serialize.parse(query))
  }
  bind(config: Parameters<Serializer['bind']>[0]): void {
    this.#send(serialize.bind(config))
  }
  execute(config: Parameters<Serializer['execute']>[0]): void {
    this.#send(serialize.execute(config))
  }
  describe(message: Parameters<Serializer['describe']>[0]): void {
    this.#send(serialize.describe(message))
  }
  close(message: Parameters<Serializer['close']>[0]): void {
    this.#send(serialize.close(message))
  }
  flush(): void {
    this.#send(serialize.flush())
  }
  sync(): void {
    this.#send(serialize.sync())
  }
  sendCopyFromChunk(chunk: Buffer): void {
    this.#send(serialize.copyData(chunk))
  }
  endCopyFrom(): void {
    this.#send(serialize.copyDone())
  }
  sendCopyFail(message: string): void {
    this.#send(serialize.copyFail(message))
  }

  end(): void {
    this.#session.release(this, serialize.query('rollback'))
    this.#chain = this.#chain.then(() => {
      this.emit('end')
      this.removeAllListeners()
    })
  }

  #send(message: Uint8Array): void {
    this.#pending.push(message)
    if (this.#flushQueued) return
    this.#flushQueued = true
    // Everything pg writes for one query is written in one synchronous run: send it as one batch.
    queueMicrotask(() => {
      this.#flushQueued = false
      // A buffer of its own (Buffer.concat may hand out a slice of Node's shared pool), so that a
      // worker thread's engine can take it over instead of copying.
      const batch = Buffer.allocUnsafeSlow(this.#pending.reduce((n, m) => n + m.length, 0))
      let at = 0
      for (const message of this.#pending) {
        batch.set(message, at)
        at += message.length
      }
      this.#pending = []
      const begins = this.#pendingBegins
      this.#pendingBegins = false
      this.#chain = this.#chain
        .then(() => this.#session.run(this, batch, begins))
        .then(
          (answer) =>
            this.#parser.parse(Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength), (msg) =>
              this.#deliver(msg),
            ),
          (err: unknown) => this.emit('error', err),
        )
        // A listener that throws must not stop every later batch.
        .catch((err: unknown) => this.emit('error', err))
    })
  }

  #deliver(msg: BackendMessage): void {
    this.emit(msg.name === 'error' ? 'errorMessage' : msg.name, msg)
  }
}
