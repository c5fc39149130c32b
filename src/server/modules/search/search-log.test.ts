import { describe, expect, it, vi } from 'vitest'
import type { Db } from '../../db/client'
import * as repository from './search.repository'
import { SearchLog } from './search-log'

describe('SearchLog', () => {
  it('writes behind in one batch and folds repeats of a search into hits', async () => {
    vi.useFakeTimers()
    const insert = vi.spyOn(repository, 'insertSearchLogs').mockResolvedValue()
    const log = new SearchLog({} as Db, 1000, () => new Date(0))
    const entry = { userId: 1, query: 'somun', resultCount: 10, source: 'autocomplete' as const }
    await log.record(entry)
    await log.record(entry)
    await log.record({ ...entry, userId: 2 })
    expect(insert).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1000)
    expect(insert).toHaveBeenCalledTimes(1)
    expect(insert.mock.calls[0]![1].map((e) => [e.userId, e.hits])).toEqual([
      [1, 2],
      [2, 1],
    ])
    vi.useRealTimers()
    insert.mockRestore()
  })

  it('writes at once with a zero interval, and close() writes what is left', async () => {
    const insert = vi.spyOn(repository, 'insertSearchLogs').mockResolvedValue()
    const now = new SearchLog({} as Db, 0)
    await now.record({ userId: null, query: 'a', resultCount: 0, source: 'search' })
    expect(insert).toHaveBeenCalledTimes(1)
    const later = new SearchLog({} as Db, 60_000)
    await later.record({ userId: null, query: 'b', resultCount: 0, source: 'search' })
    await later.close()
    expect(insert).toHaveBeenCalledTimes(2)
    insert.mockRestore()
  })
})
