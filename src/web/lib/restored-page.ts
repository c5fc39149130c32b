/** The CSRF token of the visitor's session now, as GET /api/bootstrap answers it (null when unknown). */
async function currentSessionToken(): Promise<string | null> {
  try {
    const response = await fetch('/api/bootstrap', {
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
      cache: 'no-store',
    })
    if (!response.ok) return null
    const body = (await response.json()) as { csrfToken?: unknown }
    return typeof body.csrfToken === 'string' ? body.csrfToken : null
  } catch {
    return null
  }
}

/**
 * Pages may be kept in the browser's back/forward cache (the server sends `private, no-cache`, not
 * no-store). A page restored from there is the page as it was left: when the visitor has logged in or
 * out since (each a full page load), its user, its data and its CSRF token belong to a session that is
 * over, and its next write would fail the CSRF check. The token is per session, so a token from the
 * server that differs from the one the page was rendered with means exactly that: load the page again.
 * Answers a function that stops listening.
 */
export function reloadWhenRestoredAfterSessionChange(
  pageToken: string,
  deps: { sessionToken?: () => Promise<string | null>; reload?: () => void } = {},
): () => void {
  const { sessionToken = currentSessionToken, reload = () => window.location.reload() } = deps
  const onPageShow = (event: PageTransitionEvent) => {
    if (!event.persisted) return
    void sessionToken().then((token) => {
      if (token !== null && token !== pageToken) reload()
    })
  }
  window.addEventListener('pageshow', onPageShow)
  return () => window.removeEventListener('pageshow', onPageShow)
}
