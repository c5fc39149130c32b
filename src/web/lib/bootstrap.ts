import type { Bootstrap } from '../../contracts/bootstrap'

/** Parses a `<script type="application/json" id="…">` block the server put in the page, or null. */
export function readJsonScript<T>(id: string, doc: Document = document): T | null {
  const text = doc.getElementById(id)?.textContent
  if (!text) return null
  return JSON.parse(text) as T
}

/**
 * The first-paint data the server embeds in every page (`src/contracts/bootstrap.ts`). The server
 * builds it from the same schema, so it is trusted as typed; the CSRF meta tag is the fallback token.
 */
export function readBootstrap(doc: Document = document): Bootstrap {
  const bootstrap = readJsonScript<Bootstrap>('bootstrap', doc)
  if (!bootstrap) throw new Error('The page has no bootstrap data (script#bootstrap).')
  if (!bootstrap.csrfToken) {
    bootstrap.csrfToken = doc.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? ''
  }
  return bootstrap
}
