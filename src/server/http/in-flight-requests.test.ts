import { describe, expect, it, vi } from 'vitest'
import { InFlightRequests } from './in-flight-requests'

describe('requests in flight', () => {
  it('counts requests and ends each once, however often its end is called', () => {
    const requests = new InFlightRequests()
    const first = requests.begin()
    const second = requests.begin()
    expect(requests.count).toBe(2)
    first()
    first()
    expect(requests.count).toBe(1)
    second()
    expect(requests.count).toBe(0)
  })

  it('is quiet at once with no request, when the last one ends, or at the latest after the wait', async () => {
    vi.useFakeTimers()
    try {
      const requests = new InFlightRequests()
      let quiet = false
      await requests.whenQuiet(100)

      const a = requests.begin()
      const b = requests.begin()
      void requests.whenQuiet(100).then(() => {
        quiet = true
      })
      a()
      await vi.advanceTimersByTimeAsync(10)
      expect(quiet).toBe(false)
      b()
      await vi.advanceTimersByTimeAsync(0)
      expect(quiet).toBe(true)

      // Steady traffic: the wait ends by its limit.
      quiet = false
      const c = requests.begin()
      void requests.whenQuiet(100).then(() => {
        quiet = true
      })
      await vi.advanceTimersByTimeAsync(99)
      expect(quiet).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      expect(quiet).toBe(true)
      c()
    } finally {
      vi.useRealTimers()
    }
  })
  it('waits out the grace after the last request, starting it again when another one comes in it', async () => {
    vi.useFakeTimers()
    try {
      const requests = new InFlightRequests()
      let quiet = false
      // Nothing answered lately: quiet at once.
      await requests.whenQuiet(1000, 20)

      const a = requests.begin()
      void requests.whenQuiet(1000, 20).then(() => {
        quiet = true
      })
      a()
      await vi.advanceTimersByTimeAsync(15)
      expect(quiet).toBe(false)
      // The page's next request comes within the grace: the wait goes on until it ends, then 20 ms.
      const b = requests.begin()
      await vi.advanceTimersByTimeAsync(50)
      expect(quiet).toBe(false)
      b()
      await vi.advanceTimersByTimeAsync(19)
      expect(quiet).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      expect(quiet).toBe(true)

      // Requests one after another without end: the limit still lets the work go on.
      const from = Date.now()
      let quietAfter = -1
      let end = requests.begin()
      void requests.whenQuiet(100, 20).then(() => {
        quietAfter = Date.now() - from
      })
      while (quietAfter < 0 && Date.now() - from < 200) {
        await vi.advanceTimersByTimeAsync(5)
        end()
        await vi.advanceTimersByTimeAsync(5)
        end = requests.begin()
      }
      end()
      expect(quietAfter).toBe(100)
    } finally {
      vi.useRealTimers()
    }
  })
})
