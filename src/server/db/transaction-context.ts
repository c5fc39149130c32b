import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * Marks the asynchronous work that runs inside a database transaction, so that adapters which talk
 * to the outside world (the payment gateway, the mailer, Redis, outgoing HTTP) can refuse to run
 * there. A transaction that waits on the network holds its row locks — and on the embedded database
 * the one session every request shares — for as long as the other side takes to answer.
 */
const context = new AsyncLocalStorage<{ depth: number }>()

/** What an adapter throws when it is called inside a transaction: a programming error, never a user's. */
export class NetworkInTransactionError extends Error {
  constructor(what: string) {
    super(`${what} called inside a database transaction: commit first, then call the network`)
    this.name = 'NetworkInTransactionError'
  }
}

export const insideTransaction = (): boolean => context.getStore() !== undefined

/** Throws when the caller runs inside a database transaction. */
export function assertOutsideTransaction(what: string): void {
  if (insideTransaction()) throw new NetworkInTransactionError(what)
}

/**
 * Wraps `db.transaction` so its callback (and everything it awaits) runs in the marked context. Both
 * drivers go through Drizzle's node-postgres dialect, so one wrapper serves both.
 */
export function markTransactions<D extends { transaction: Transaction }>(db: D): D {
  const begin = db.transaction.bind(db)
  db.transaction = ((run: (tx: unknown) => Promise<unknown>, config?: unknown) =>
    begin(
      (tx: unknown) => context.run({ depth: (context.getStore()?.depth ?? 0) + 1 }, () => run(tx)),
      config,
    )) as D['transaction']
  return db
}

// Drizzle's transaction(run, config) as this module needs to see it (client.ts's Db has it so).
// biome-ignore lint/suspicious/noExplicitAny: the wrapper passes the callback's transaction through untouched
type Transaction = (run: (tx: any) => Promise<any>, config?: any) => Promise<any>
