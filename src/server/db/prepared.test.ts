import { describe, expect, it } from 'vitest'
import type { Db } from './client'
import { preparedPerHandle } from './prepared'

describe('preparedPerHandle', () => {
  it('prepares once per database handle and keeps each handle its own statement', () => {
    const prepared: Db[] = []
    const statement = preparedPerHandle((db) => {
      prepared.push(db)
      return { for: db }
    })
    const app = {} as Db
    const transaction = {} as Db
    expect(statement(app)).toBe(statement(app))
    expect(statement(transaction).for).toBe(transaction)
    expect(statement(app).for).toBe(app)
    expect(prepared).toEqual([app, transaction])
  })
})
