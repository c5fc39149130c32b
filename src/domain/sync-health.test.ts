import { describe, expect, it } from 'vitest'
import { resourceHealth } from './sync-health'

describe('resourceHealth', () => {
  const at = '2026-11-30T09:00:00.000Z'
  it.each([
    [{ lastWriteAt: null, rejectedInWindow: 0 }, 'never'],
    [{ lastWriteAt: null, rejectedInWindow: 3 }, 'rejected'],
    [{ lastWriteAt: at, rejectedInWindow: 0 }, 'ok'],
    [{ lastWriteAt: new Date(at), rejectedInWindow: 0 }, 'ok'],
    [{ lastWriteAt: at, rejectedInWindow: 1 }, 'rejected'],
  ] as const)('%o is %s', (figures, state) => {
    expect(resourceHealth(figures)).toBe(state)
  })
})
