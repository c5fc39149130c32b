import { createContext, useContext } from 'react'

/**
 * What the server assumed when it drew the page, which the browser's first render must repeat to take
 * the HTML over: whether the browser is a phone (guessed from its User-Agent, as the server cannot
 * measure the screen) and whether the visitor accepted the cookie notice (its cookie). Null when the
 * page was not drawn by the server.
 */
export type ServerHints = { phone: boolean; cookieConsent: boolean }

export const ServerHintsContext = createContext<ServerHints | null>(null)

export function useServerHints(): ServerHints | null {
  return useContext(ServerHintsContext)
}
