/**
 * What the log keeps of an unexpected error (docs/decisions.md "What a 500 logs"): its class, its code,
 * a message without the request's values, and the stack's frames. Drizzle's "Failed query: … params: …"
 * keeps the statement (placeholders, not values) and drops the parameters; PostgreSQL's messages lose
 * their quoted values ('value "…" is out of range') and its `detail` ('Key (email)=(…) already
 * exists') is never read; the constraint, table and column names stay, they say where without what.
 */
export type LoggedError = {
  type: string
  code?: string
  message: string
  constraint?: string
  table?: string
  column?: string
  stack?: string
  cause?: LoggedError
}

const MAX_MESSAGE = 2000
/** PostgreSQL's error codes (SQLSTATE): five digits or capitals. */
const SQLSTATE = /^[0-9A-Z]{5}$/

function scrubMessage(message: string, fromDatabase: boolean): string {
  let text = message
  const params = text.indexOf('\nparams:')
  if (text.startsWith('Failed query:') && params !== -1) text = text.slice(0, params)
  // The database quotes the value it refused; the names it quotes are in constraint/table/column.
  if (fromDatabase) text = text.replace(/"[^"]*"/g, '"…"')
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text
}

function stringField(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= 200 ? value : undefined
}

export function loggableError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) {
    return { type: typeof error, message: '(not an Error object)' }
  }
  const fields = error as Error & Record<string, unknown>
  const code = stringField(fields.code)
  const fromDatabase = code !== undefined && SQLSTATE.test(code)
  const type = error.constructor?.name || error.name || 'Error'
  const message = scrubMessage(error.message, fromDatabase)
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line))
  const logged: LoggedError = { type, message }
  if (code) logged.code = code
  if (fromDatabase) {
    for (const key of ['constraint', 'table', 'column'] as const) {
      const value = stringField(fields[key])
      if (value) logged[key] = value
    }
  }
  if (frames.length) logged.stack = [`${type}: ${message}`, ...frames].join('\n')
  if (error.cause !== undefined && depth < 3) logged.cause = loggableError(error.cause, depth + 1)
  return logged
}
