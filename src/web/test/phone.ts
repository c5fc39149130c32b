import { vi } from 'vitest'

/**
 * Makes every `(max-width: …)` media query match, so components that switch on Mantine's sm breakpoint
 * render their phone layout. Undone by vi.restoreAllMocks().
 */
export function mockPhoneWidth() {
  return vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        onchange: null,
        addListener() {},
        removeListener() {},
        addEventListener() {},
        removeEventListener() {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  )
}
