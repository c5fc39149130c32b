import { describe, expect, it, vi } from 'vitest'
import { reloadWhenRestoredAfterSessionChange } from './restored-page'

/** The browser's pageshow: persisted is true when the page comes back from the back/forward cache. */
function pageshow(persisted: boolean) {
  const event = new Event('pageshow')
  Object.defineProperty(event, 'persisted', { value: persisted })
  window.dispatchEvent(event)
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('a page restored from the back/forward cache', () => {
  it.each([
    ['the session changed since (login or logout)', true, 'token-of-new-session', true],
    ['the session is the same', true, 'token-of-page', false],
    ['the server could not be asked', true, null, false],
    ['the page was loaded, not restored', false, 'token-of-new-session', false],
  ])('is reloaded only when %s', async (_case, persisted, serverToken, reloads) => {
    const reload = vi.fn()
    const sessionToken = vi.fn(async () => serverToken)
    const stop = reloadWhenRestoredAfterSessionChange('token-of-page', { sessionToken, reload })
    pageshow(persisted)
    await settle()
    stop()
    expect(sessionToken).toHaveBeenCalledTimes(persisted ? 1 : 0)
    expect(reload).toHaveBeenCalledTimes(reloads ? 1 : 0)
  })
})
