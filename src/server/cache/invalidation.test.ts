import { describe, expect, it } from 'vitest'
import { type CacheChange, Invalidation, type InvalidationChannel } from './invalidation'

/** A channel on a shared in-memory bus that, like Redis and NOTIFY, echoes a message to its sender too. */
function bus() {
  const members: Array<(message: string) => void> = []
  const gaps: Array<() => void> = []
  const channel = (): InvalidationChannel => ({
    kind: 'redis',
    publish: (message) => {
      for (const member of members) member(message)
    },
    start: (onMessage, onGap) => {
      members.push(onMessage)
      gaps.push(onGap)
    },
    close: async () => {},
  })
  return { channel, gap: (i: number) => gaps[i]!() }
}

function member(channel: InvalidationChannel) {
  const invalidation = new Invalidation(channel)
  const applied: CacheChange[] = []
  invalidation.target((change) => applied.push(change))
  return { invalidation, applied }
}

describe('Invalidation', () => {
  it('applies a forget here at once and in every other process once', () => {
    const shared = bus()
    const [a, b, c] = [member(shared.channel()), member(shared.channel()), member(shared.channel())]
    a.invalidation.forget({ list: 'product:7' }, { session: 'abc' })
    expect(a.applied).toEqual([{ list: 'product:7' }, { session: 'abc' }])
    expect(b.applied).toEqual([{ list: 'product:7' }, { session: 'abc' }])
    expect(c.applied).toEqual(b.applied)
    expect([a.invalidation.received, b.invalidation.received]).toEqual([0, 2])
  })

  it('ignores what is not a change and messages that are not JSON', () => {
    const shared = bus()
    const b = member(shared.channel())
    const send = shared.channel()
    send.start(
      () => {},
      () => {},
    )
    send.publish('not json')
    send.publish(JSON.stringify({ from: 'x', changes: [{ list: 3 }, { userSessions: 5 }, { all: false }] }))
    expect(b.applied).toEqual([{ userSessions: 5 }])
  })

  it('forgets everything after a gap in the channel', () => {
    const shared = bus()
    const a = member(shared.channel())
    shared.gap(0)
    expect(a.applied).toEqual([{ all: true }])
  })

  it('sends a batch too large for one NOTIFY as "forget everything" to the others', () => {
    const shared = bus()
    const [a, b] = [member(shared.channel()), member(shared.channel())]
    const many = Array.from({ length: 1000 }, (_, i) => ({ list: `product:${i}` }))
    a.invalidation.forget(...many)
    expect(a.applied).toHaveLength(1000)
    expect(b.applied).toEqual([{ all: true }])
  })

  it('tells nobody on the embedded database', () => {
    let published = 0
    const local = member({
      kind: 'local',
      publish: () => published++,
      start: () => {},
      close: async () => {},
    })
    local.invalidation.forget({ reference: 'settings' })
    expect(local.applied).toEqual([{ reference: 'settings' }])
    expect(published).toBe(0)
  })
})
