import { afterEach, beforeEach, vi } from 'vitest'
import { interceptFullNavigate } from '../lib/navigation'

/**
 * A spy in the place of full page loads for every test of the calling file (jsdom loads no pages),
 * reset and taken out after each test. Call it at the file's top level.
 */
export function spyOnFullNavigate() {
  const spy = vi.fn<(url: string) => void>()
  let restore = () => {}
  beforeEach(() => {
    restore = interceptFullNavigate(spy)
  })
  afterEach(() => {
    restore()
    spy.mockReset()
  })
  return spy
}
