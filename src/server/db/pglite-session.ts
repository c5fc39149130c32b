/** Where the protocol bytes go: PGlite, in this thread (pgliteEngine) or a worker's (db/pglite-thread.ts). */
export type ProtocolEngine = {
  ready: Promise<unknown>
  /**
   * Runs whole frontend messages and answers the backend's messages, as bytes. The messages are the
   * engine's from then on (a worker thread's engine moves their buffer there).
   */
  run: (messages: Uint8Array) => Promise<Uint8Array>
  /**
   * The data directory as a gzipped tarball (PGlite's dumpDataDir), taken after every batch handed
   * over before it. The session calls it only while no transaction is open (PgliteSession.exclusive).
   */
  dump: () => Promise<Uint8Array>
}

/** What the session is doing, for the metrics. */
export type SessionStats = {
  /** Batches handed to the engine and not answered yet. */
  running: number
  /** Batches held back while a transaction (or a backup) has the session to itself. */
  held: number
  /** A transaction (or a backup) has the session to itself. */
  exclusive: boolean
}

/** Which connection a batch comes from: any object, compared by identity. */
type Sender = object

type Waiting =
  | {
      sender: Sender
      batch: Uint8Array
      beginsTransaction: boolean
      resolve: (answer: Uint8Array) => void
      reject: (err: unknown) => void
    }
  | {
      /** Work that needs the session alone, between transactions (exclusive()). */
      sender: Sender
      alone: () => Promise<void>
    }

/**
 * PGlite's one session, shared by several node-postgres clients (docs/decisions.md "Several clients
 * on the embedded database's one session").
 *
 * Every client's batch is a whole exchange (pg ends each query with Sync), so batches of different
 * clients may follow one another in the session, and several may be on their way to the engine at
 * once: the engine runs them in the order they were handed over, and its thread never waits for this
 * one to send the next. A transaction is the exception. From the batch that opens one until the
 * answer that shows the session idle again, only the owner's batches go; the others wait here, in
 * order, so no statement of another client ever runs inside someone else's transaction.
 *
 * The named statements the clients have parsed are the session's, so the clients share pg's two
 * records of them (PgliteConnection hands these objects to pg's Client): a statement parsed by one
 * is bound by the others without a second Parse, which would fail with "already exists".
 */
export class PgliteSession {
  readonly parsedStatements: Record<string, string> = {}
  readonly submittedNamedStatements: Record<string, string> = {}
  readonly ready: Promise<unknown>

  readonly #engine: ProtocolEngine
  #owner: Sender | null = null
  #waiting: Waiting[] = []
  #running = 0

  constructor(engine: ProtocolEngine) {
    this.#engine = engine
    this.ready = engine.ready
  }

  /**
   * Runs one batch of `sender`'s messages. `beginsTransaction`: the batch opens a transaction (a
   * simple query BEGIN or START TRANSACTION), so the session is the sender's from this batch on.
   */
  run(sender: Sender, batch: Uint8Array, beginsTransaction: boolean): Promise<Uint8Array> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ sender, batch, beginsTransaction, resolve, reject })
      this.#dispatch()
    })
  }

  /**
   * Runs `work` with the session to itself, at a moment no transaction is open: it starts once the
   * transaction under way (if any) ends and the batches handed over before it have run, and every
   * batch that comes meanwhile waits until it is done. What it sees is exactly the committed
   * transactions: the backup's consistency rests on this.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const sender = {}
      this.#waiting.push({
        sender,
        alone: () =>
          work().then(
            (value) => resolve(value),
            (err: unknown) => reject(err),
          ),
      })
      this.#dispatch()
    })
  }

  stats(): SessionStats {
    return { running: this.#running, held: this.#waiting.length, exclusive: this.#owner !== null }
  }

  /** The sender is gone (its client ended): a transaction it left open is rolled back. */
  release(sender: Sender, rollback: Uint8Array): void {
    this.#waiting = this.#waiting.filter((w) => {
      if (w.sender !== sender || 'alone' in w) return true
      w.reject(new Error('the connection ended'))
      return false
    })
    if (this.#owner === sender) void this.run(sender, rollback, false).catch(() => {})
  }

  #dispatch(): void {
    const held: Waiting[] = []
    for (const waiting of this.#waiting) {
      if (this.#owner !== null && this.#owner !== waiting.sender) {
        held.push(waiting)
        continue
      }
      if ('alone' in waiting) {
        // Everything after it waits; the engine runs the batches handed over before it first.
        this.#owner = waiting.sender
        void waiting.alone().finally(() => {
          this.#owner = null
          this.#dispatch()
        })
        continue
      }
      if (waiting.beginsTransaction) this.#owner = waiting.sender
      this.#send(waiting)
    }
    this.#waiting = held
  }

  #send({ sender, batch, resolve, reject }: Extract<Waiting, { batch: Uint8Array }>): void {
    this.#running++
    const done = () => {
      this.#running--
    }
    this.#engine.run(batch).then(
      (answer) => {
        done()
        const status = lastReadyStatus(answer)
        if (status === 'I' && this.#owner === sender) {
          this.#owner = null
          // Resolved first: the owner's client parses its answer before the others' batches go.
          resolve(answer)
          this.#dispatch()
          return
        }
        if (status !== null && status !== 'I' && this.#owner !== sender) {
          // A transaction opened by something other than BEGIN: other clients' batches may already
          // have run inside it. Never expected from Drizzle, whose transactions start with BEGIN.
          reject(new Error('a transaction was opened without BEGIN on the shared embedded session'))
          return
        }
        resolve(answer)
      },
      (err: unknown) => {
        done()
        reject(err)
      },
    )
  }
}

/** The status byte of the answer's last ReadyForQuery ('I', 'T' or 'E'), or null if it has none. */
export function lastReadyStatus(answer: Uint8Array): string | null {
  // ReadyForQuery is 'Z', length 5, status: the last six bytes of an answer that ends with one.
  const at = answer.length - 6
  if (at < 0 || answer[at] !== 0x5a || answer[at + 4] !== 5) return null
  return String.fromCharCode(answer[at + 5] ?? 0)
}

/** A simple query that opens a transaction. */
export function beginsTransaction(text: string): boolean {
  return /^\s*(begin|start\s+transaction)\b/i.test(text)
}
