import { afterAll, describe, expect, it } from 'vitest'
import {
  createFuzzWorld,
  expectedVisits,
  FUZZ_RUNS,
  FUZZ_SEED,
  failureReport,
  fuzzRoute,
  fuzzRoutes,
  ROUTE_GROUPS,
  type RouteGroup,
} from './harness'

/** Time for one route's inputs (a slow, shared CI machine: a route takes 5–30 s). */
const ROUTE_TIMEOUT_MS = 240_000

/**
 * The fuzz suite of one route group: every route of the group as found in the app's route table at
 * run time, FUZZ_RUNS inputs each (fixed seed FUZZ_SEED), sent by a guest, a dealer and an
 * administrator with valid CSRF headers, each hostile class among them. See harness.ts for the inputs
 * and the rules.
 */
export async function defineFuzzSuite(group: RouteGroup) {
  const world = await createFuzzWorld()
  afterAll(() => world.t.close())
  const routes = fuzzRoutes(world.t, group)

  describe(`fuzz: ${group} routes (${FUZZ_RUNS} inputs each, seed ${FUZZ_SEED})`, () => {
    it('has routes to fuzz', () => {
      expect(routes.length).toBeGreaterThan(0)
    })

    if (group === 'other') {
      it('fuzzes every route of the route table in exactly one group', () => {
        const covered = new Map<string, number>()
        for (const g of ROUTE_GROUPS) {
          for (const route of fuzzRoutes(world.t, g)) {
            for (const url of route.files ?? [route.url]) {
              for (const method of route.methods) {
                const key = `${method} ${url}`
                covered.set(key, (covered.get(key) ?? 0) + 1)
              }
            }
          }
        }
        const missed = world.t.app.routeTable
          .map((r) => `${r.method} ${r.url}`)
          .filter((key) => covered.get(key) !== 1)
        expect(missed).toEqual([])
      })
    }

    it.each(routes.map((r) => [r.label, r] as const))(
      '%s: no 5xx, documented errors, refused requests write nothing',
      async (_label, route) => {
        const { failures, runs, statuses, visited } = await fuzzRoute(world, route)
        expect(runs).toBe(process.env.FUZZ_PATH ? 1 : FUZZ_RUNS)
        if (failures.length > 0) throw new Error(failureReport(route, failures))
        // However few the inputs (FUZZ_RUNS), none of the route's doors went untried.
        if (!process.env.FUZZ_PATH) {
          expect(
            expectedVisits(route).filter((v) => !visited.has(v)),
            'callers and hostile classes not sent',
          ).toEqual([])
        }
        // A route that refuses every input is fuzzed only at its door: say so in the output.
        if (process.env.FUZZ_VERBOSE) console.log(route.label, JSON.stringify(statuses))
      },
      ROUTE_TIMEOUT_MS,
    )
  })
  return world
}
