/** A full page load, so the server renders a fresh bootstrap (after login, logout, language change). */
export function fullNavigate(url: string): void {
  window.location.assign(url)
}

export function currentPath(): string {
  return window.location.pathname + window.location.search
}
