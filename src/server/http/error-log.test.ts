import { describe, expect, it } from 'vitest'
import { loggableError } from './error-log'

/** A stand-in for node-postgres's DatabaseError: a code, a detail with the row's values, names. */
class DatabaseError extends Error {
  code = '23505'
  detail = 'Key (email)=(gizli@ornek.test) already exists.'
  constraint = 'users_email_key'
  table = 'users'
}

/** A stand-in for drizzle's DrizzleQueryError: the statement and its parameters in the message. */
class DrizzleQueryError extends Error {
  constructor(
    readonly query: string,
    readonly params: unknown[],
    cause: unknown,
  ) {
    super(`Failed query: ${query}\nparams: ${params.join(',')}`, { cause })
  }
}

describe('loggableError', () => {
  it("keeps drizzle's statement without its parameters, and the cause without its detail", () => {
    const cause = new DatabaseError('duplicate key value violates unique constraint "users_email_key"')
    const error = new DrizzleQueryError(
      'insert into "users" ("email") values ($1)',
      ['gizli@ornek.test'],
      cause,
    )
    const logged = loggableError(error)
    expect(JSON.stringify(logged)).not.toContain('gizli')
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: insert into "users" ("email") values ($1)',
      cause: {
        type: 'DatabaseError',
        code: '23505',
        constraint: 'users_email_key',
        table: 'users',
        message: 'duplicate key value violates unique constraint "…"',
      },
    })
    expect(logged.stack).toMatch(/^DrizzleQueryError: Failed query: [^\n]*\n\s+at /)
    expect(logged.stack).not.toContain('params')
  })

  it('drops the value PostgreSQL quotes in its message (\'value "…" is out of range\')', () => {
    const error = Object.assign(new Error('value "2147483648" is out of range for type integer'), {
      code: '22003',
    })
    expect(loggableError(error).message).toBe('value "…" is out of range for type integer')
  })

  it('keeps an ordinary error as it is, and says so for a thrown non-error', () => {
    const logged = loggableError(new TypeError('x is not a function'))
    expect(logged).toMatchObject({ type: 'TypeError', message: 'x is not a function' })
    expect(logged.stack).toContain('error-log.test.ts')
    expect(loggableError('a string with secrets')).toEqual({
      type: 'string',
      message: '(not an Error object)',
    })
  })
})
