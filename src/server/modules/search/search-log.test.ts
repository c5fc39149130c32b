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

describe('SearchLog, the terms typed into the search box', () => {
  const SETTLE = 2000
  const start = new Date('2026-03-14T09:00:00.000Z')
  const setup = () => {
    vi.useFakeTimers({ now: start })
    const insert = vi.spyOn(repository, 'insertSearchLogs').mockResolvedValue()
    const log = new SearchLog({} as Db, 0, () => new Date(), undefined, SETTLE)
    const logged = () =>
      insert.mock.calls.flatMap((call) =>
        call[1].map(
          (e) => `${e.source} ${e.userId} ${e.query} ×${e.hits} @${e.createdAt.getTime() - start.getTime()}`,
        ),
      )
    const done = () => {
      vi.useRealTimers()
      insert.mockRestore()
    }
    return { log, logged, done }
  }
  const term = (query: string, userId: number | null = 7) => ({ userId, query, resultCount: 3 })

  it('logs the term a person settled on once, not each keystroke, timed at its last key', async () => {
    const { log, logged, done } = setup()
    for (const query of ['v', 'vi', 'vid', 'vida']) {
      await log.typed('session-a', term(query))
      await vi.advanceTimersByTimeAsync(300)
    }
    expect(logged()).toEqual([])
    await vi.advanceTimersByTimeAsync(SETTLE)
    expect(logged()).toEqual(['autocomplete 7 vida ×1 @900'])
    done()
  })

  it('logs the held term at once when the person starts another search', async () => {
    const { log, logged, done } = setup()
    await log.typed('session-a', term('vida'))
    await vi.advanceTimersByTimeAsync(500)
    await log.typed('session-a', term('s'))
    expect(logged()).toEqual(['autocomplete 7 vida ×1 @0'])
    await log.typed('session-a', term('somun'))
    await vi.advanceTimersByTimeAsync(SETTLE)
    expect(logged()).toEqual(['autocomplete 7 vida ×1 @0', 'autocomplete 7 somun ×1 @500'])
    done()
  })

  it('counts a term taken back as the same search', async () => {
    const { log, logged, done } = setup()
    for (const query of ['vidalar', 'vida', 'vidal']) await log.typed('session-a', term(query))
    await vi.advanceTimersByTimeAsync(SETTLE)
    expect(logged()).toEqual(['autocomplete 7 vidal ×1 @0'])
    done()
  })

  it('logs only the search page when the typed term led to it', async () => {
    const { log, logged, done } = setup()
    await log.typed('session-a', term('vida 4'))
    await log.record({ userId: 7, query: 'vida 4x40', resultCount: 12, source: 'search' }, 'session-a')
    await vi.advanceTimersByTimeAsync(SETTLE * 2)
    expect(logged()).toEqual(['search 7 vida 4x40 ×1 @0'])
    done()
  })

  it('keeps each visitor’s term apart, guests too, and a search of another visitor leaves it', async () => {
    const { log, logged, done } = setup()
    await log.typed('session-a', term('vida'))
    await log.typed('session-b', term('vi', null))
    await log.typed('session-b', term('vida', null))
    await log.record({ userId: 9, query: 'vida', resultCount: 12, source: 'search' }, 'session-c')
    await vi.advanceTimersByTimeAsync(SETTLE)
    expect(logged().sort()).toEqual([
      'autocomplete 7 vida ×1 @0',
      'autocomplete null vida ×1 @0',
      'search 9 vida ×1 @0',
    ])
    done()
  })

  it('waits for the later of two typists before logging theirs', async () => {
    const { log, logged, done } = setup()
    await log.typed('session-a', term('vida'))
    await vi.advanceTimersByTimeAsync(1500)
    await log.typed('session-b', term('somun', 8))
    await vi.advanceTimersByTimeAsync(600)
    expect(logged()).toEqual(['autocomplete 7 vida ×1 @0'])
    await vi.advanceTimersByTimeAsync(1500)
    expect(logged()).toEqual(['autocomplete 7 vida ×1 @0', 'autocomplete 8 somun ×1 @1500'])
    done()
  })

  it('logs what is held on close', async () => {
    const { log, logged, done } = setup()
    await log.typed('session-a', term('vida'))
    await log.close()
    expect(logged()).toEqual(['autocomplete 7 vida ×1 @0'])
    done()
  })

  it('logs every term at once with no settling time', async () => {
    vi.useFakeTimers({ now: start })
    const insert = vi.spyOn(repository, 'insertSearchLogs').mockResolvedValue()
    const log = new SearchLog({} as Db, 0, () => new Date(), undefined, 0)
    await log.typed('session-a', term('v'))
    await log.typed('session-a', term('vi'))
    expect(insert.mock.calls.flatMap((c) => c[1].map((e) => e.query))).toEqual(['v', 'vi'])
    vi.useRealTimers()
    insert.mockRestore()
  })
})
