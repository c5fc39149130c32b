import type { Db } from './client'

/**
 * A named prepared statement made once per database handle (the app's, or a transaction's) and kept
 * while the handle lives: node-postgres prepares it once per pooled connection, so PostgreSQL plans
 * it once there instead of on every call, and Drizzle builds its SQL once. PGlite, reached through
 * node-postgres as well (db/pglite-connection.ts), prepares it once in its one session. For the
 * statements run by nearly every request (docs/decisions.md "Prepared statements on the hottest reads").
 */
export function preparedPerHandle<Statement>(prepare: (db: Db) => Statement): (db: Db) => Statement {
  const made = new WeakMap<Db, Statement>()
  return (db) => {
    let statement = made.get(db)
    if (!statement) {
      statement = prepare(db)
      made.set(db, statement)
    }
    return statement
  }
}
