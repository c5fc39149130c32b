import { describe, expect, it } from 'vitest'
import { PerUserQueue } from './per-user-queue'

const tick = () => new Promise((r) => setTimeout(r, 1))

describe('PerUserQueue', () => {
  it("runs one user's tasks one after another, other users alongside, and forgets idle users", async () => {
    const queue = new PerUserQueue()
    const log: string[] = []
    const task = (name: string) => async () => {
      log.push(`start ${name}`)
      await tick()
      log.push(`end ${name}`)
      return name
    }
    const results = await Promise.all([
      queue.run(1, task('a1')),
      queue.run(1, task('a2')),
      queue.run(2, task('b1')),
    ])
    expect(results).toEqual(['a1', 'a2', 'b1'])
    expect(log.indexOf('end a1')).toBeLessThan(log.indexOf('start a2'))
    expect(log.indexOf('start b1')).toBeLessThan(log.indexOf('end a1'))
    await tick()
    expect(queue.size).toBe(0)
  })

  it('goes on after a failed task and passes its error to its caller only', async () => {
    const queue = new PerUserQueue()
    const failed = queue.run(1, async () => {
      throw new Error('stock')
    })
    const next = queue.run(1, async () => 'ok')
    await expect(failed).rejects.toThrow('stock')
    await expect(next).resolves.toBe('ok')
  })
})
