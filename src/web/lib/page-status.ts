import { createContext, useContext } from 'react'

/**
 * The HTTP status of a page drawn on the server. The server answers with the status the page's final
 * render asked for, so an address that is no page, category, brand or product is a real 404 for search
 * engines and monitoring, not a 200 with a "not found" text. Null in the browser, where the status has
 * already been sent.
 */
export type PageStatus = { code: number }

export const PageStatusContext = createContext<PageStatus | null>(null)

/**
 * Marks the page being drawn with `code` (404 from the not-found state). Written while rendering, as
 * a server render runs no effects; each render pass starts again from 200 (entry-server.tsx), so only
 * what the final render shows counts.
 */
export function usePageStatus(code: number): void {
  const status = useContext(PageStatusContext)
  if (status) status.code = code
}
