import { onTestFinished, vi } from 'vitest'

/**
 * jsdom has no URL.createObjectURL: a test of a download gives it one for its own duration (the web
 * tests share one module graph per worker, so nothing may outlive the test).
 */
export function stubObjectUrls() {
  const had = { create: URL.createObjectURL, revoke: URL.revokeObjectURL }
  const create = vi.fn((_blob: Blob) => 'blob:test')
  Object.assign(URL, { createObjectURL: create, revokeObjectURL: vi.fn() })
  onTestFinished(() => {
    Object.assign(URL, { createObjectURL: had.create, revokeObjectURL: had.revoke })
  })
  return create
}
