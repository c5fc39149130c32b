import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFuzzWorld, doorInputs, expectedVisits, type FuzzRoute, fuzzRoute } from '../test/fuzz/harness'
import { sendError } from './error-handler'

/**
 * The fuzz suite's own rules can fail: routes made to break each of them (a 500, an error body of the
 * wrong shape, a refusal that writes a row) are caught, with the request in the report.
 */

let world: Awaited<ReturnType<typeof createFuzzWorld>>
beforeAll(async () => {
  world = await createFuzzWorld({
    beforeReady: (app) => {
      app.post('/api/fuzz-test/crash', async () => {
        throw new Error('boom')
      })
      app.post('/api/fuzz-test/bare-error', async (_request, reply) =>
        reply.code(400).send({ message: 'no' }),
      )
      app.post('/api/fuzz-test/write-then-refuse', async (request, reply) => {
        await world.t.database.db.execute(
          sql`insert into warehouses (code, name, sort_order) values (${`W${Math.random()}`.slice(0, 12)}, 'x', 0)`,
        )
        return sendError(request, reply, 'bad_request', 'error.badRequest')
      })
    },
  })
})
afterAll(() => world.t.close())

const route = (url: string): FuzzRoute => ({ label: `POST ${url}`, methods: ['POST'], url })

describe('the fuzz harness', () => {
  it('reports an answer of 500', async () => {
    const { failures } = await fuzzRoute(world, route('/api/fuzz-test/crash'), 30)
    expect(failures.some((f) => f.problem === 'answered 500')).toBe(true)
  })

  it('reports an error answer without the documented shape', async () => {
    const { failures } = await fuzzRoute(world, route('/api/fuzz-test/bare-error'), 30)
    expect(failures.some((f) => f.problem === 'error answer without error.code')).toBe(true)
  })

  it('sends one input through each door first, and records the callers and hostile classes sent', async () => {
    const r = route('/api/fuzz-test/bare-error')
    const missed = async (runs: number) => {
      const { visited } = await fuzzRoute(world, r, runs)
      return expectedVisits(r).filter((v) => !visited.has(v))
    }
    expect(expectedVisits(r)).toEqual([
      'guest',
      'dealer',
      'admin',
      'hostile query',
      'hostile header',
      'hostile body',
    ])
    // A run shorter than the doors misses some, and the suite's check would say so; one as long as
    // the doors misses none, whatever the seed draws after them.
    expect((await missed(2)).length).toBeGreaterThan(0)
    expect(await missed(6)).toEqual([])
    expect(doorInputs(r).map((input) => [input.caller, ...input.hostile])).toEqual([
      expect.arrayContaining(['guest']),
      expect.arrayContaining(['dealer']),
      expect.arrayContaining(['admin']),
      expect.arrayContaining(['query']),
      expect.arrayContaining(['header']),
      expect.arrayContaining(['body']),
    ])
  })

  it('reports a refused request that wrote a row, naming the table', async () => {
    const { failures } = await fuzzRoute(world, route('/api/fuzz-test/write-then-refuse'), 30)
    expect(failures.some((f) => f.problem === 'refused request wrote rows: warehouses')).toBe(true)
  })
})
