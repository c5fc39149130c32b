type Navigate = (url: string) => void

let assign: Navigate = (url) => window.location.assign(url)

/** A full page load, so the server renders a fresh bootstrap (after login, logout, language change). */
export function fullNavigate(url: string): void {
  assign(url)
}

/**
 * Tests only: jsdom loads no pages, so a test puts a spy in the page load's place and calls what this
 * returns to put the page load back. (A seam rather than vi.mock: the web tests share one module graph
 * per worker, where a module mocked in one file is already loaded for real by another.)
 */
export function interceptFullNavigate(spy: Navigate): () => void {
  const before = assign
  assign = spy
  return () => {
    assign = before
  }
}

export function currentPath(): string {
  return window.location.pathname + window.location.search
}
