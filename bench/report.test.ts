import { describe, expect, it } from 'vitest'
import { throughputOf } from './measure.mjs'
import { sizeTable } from './report.mjs'
import type { ScenarioResult } from './types'

const figures = { requests: 350, rps: 35, p50: 40, p90: 60, p99: 90, max: 120, mean: 45 }

describe("a size's table in the bench report", () => {
  it('shows the throughput on the row of the part it counts', () => {
    const order: ScenarioResult = {
      id: 'order-place',
      label: 'order, add 1 + place',
      detail: '10 dealers',
      p99Budget: false,
      ...figures,
      non2xx: 0,
      errors: 0,
      timeouts: 0,
      statusCodes: { 200: 700 },
      connections: 10,
      sessions: 10,
      parts: [
        { label: 'add to cart', ...figures, ok: 350 },
        { label: 'place order', ...figures, ok: 350 },
      ],
      throughput: throughputOf({ label: 'place order', name: 'orders/s' }, 350, 10),
    }
    const rows = sizeTable({ size: 5000, database: 'embedded', scenarios: [order] }).split('\n')
    expect(rows.find((r) => r.includes('· place order'))).toContain('35 orders/s')
    expect(rows.find((r) => r.includes('· add to cart'))).not.toContain('orders/s')
  })
})
