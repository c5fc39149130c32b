// Setup for the web component tests (jsdom): what Mantine needs and jsdom lacks, the MSW server that
// answers the app's requests, and cleanup between tests (Vitest runs without globals, so Testing Library
// cannot register it itself).
import { notifications } from '@mantine/notifications'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, vi } from 'vitest'
import { stopRecording } from './network'
import { server } from './server'

// findBy…/waitFor give up after 10 s instead of 1 s: on a 2-core machine running the suites side by
// side a first render of a page (its modules transformed on first use) took 1.3–1.6 s, and at a load
// of 10 the product list's first cards came after more than 5 s; a test that passes only on a quiet
// machine is a flaky test. A wrong page still fails, only later.
configure({ asyncUtilTimeout: 10_000 })

if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    // No media feature matches (a desktop at jsdom's width); an empty query matches, as in browsers
    // (the data table asks '' for a column shown at every width).
    window.matchMedia = (query: string): MediaQueryList => ({
      matches: query.trim() === '',
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    })
  }
  if (!window.ResizeObserver) {
    window.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
  }
  // Embla (the campaign carousel) watches which slides are in view.
  if (!window.IntersectionObserver) {
    window.IntersectionObserver = class {
      readonly root = null
      readonly rootMargin = '0px'
      readonly scrollMargin = '0px'
      readonly thresholds = [0]
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return []
      }
    }
  }
  window.scrollTo = () => {}
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {}
  // jsdom lays nothing out, so an element has nothing to scroll; a table scrolls its body back to the
  // top on a new page (mantine-datatable, in an animation frame that may come after the test).
  if (!Element.prototype.scrollTo) Element.prototype.scrollTo = () => {}
}

// A request no handler answers fails (a network error in the app, logged by MSW) and fails the test
// below: a test states every call it expects.
const unhandled: string[] = []
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' })
  server.events.on('request:unhandled', ({ request }) => {
    unhandled.push(`${request.method} ${new URL(request.url).pathname}${new URL(request.url).search}`)
  })
})

afterEach(() => {
  cleanup()
  // The files of a worker share one window (no isolation per file): what a test left in it goes.
  if (typeof window !== 'undefined') {
    window.localStorage.clear()
    window.sessionStorage.clear()
    window.history.replaceState(null, '', '/')
    document.title = ''
  }
  notifications.clean()
  // Spies too (a phone width made by mockPhoneWidth, a stubbed click): a test that forgot to undo
  // one drew the next test, in any file of the worker, in the phone layout.
  vi.restoreAllMocks()
  stopRecording()
  server.resetHandlers()
  const missed = unhandled.splice(0)
  if (missed.length > 0) throw new Error(`Requests no handler answered: ${missed.join(', ')}`)
})

afterAll(() => server.close())
