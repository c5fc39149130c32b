import { describe, expect, it } from 'vitest'
import { isDatabaseUnavailable } from './connection-errors'

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code })

describe('isDatabaseUnavailable', () => {
  it('knows a refused or dropped connection, a server shutting down or starting, and a pool timeout', () => {
    for (const error of [
      withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      withCode('ECONNRESET'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('57P03', 'the database system is starting up'),
      withCode('08006'),
      withCode('53300', 'sorry, too many clients already'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
    ]) {
      expect(isDatabaseUnavailable(error), error.message).toBe(true)
    }
  })

  it("looks through Drizzle's wrapper to the driver's error", () => {
    const wrapped = new Error('Failed query: select 1\nparams: ', {
      cause: withCode('ECONNREFUSED'),
    })
    expect(isDatabaseUnavailable(wrapped)).toBe(true)
  })

  it('leaves every other error a 500: constraint violations, bugs, non-errors', () => {
    expect(isDatabaseUnavailable(withCode('23505', 'duplicate key value'))).toBe(false)
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: withCode('22P02') }))).toBe(false)
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(
      false,
    )
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false)
    expect(isDatabaseUnavailable(undefined)).toBe(false)
  })
})
