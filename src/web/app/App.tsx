import type { QueryClient } from '@tanstack/react-query'
import type { i18n } from 'i18next'
import { useState } from 'react'
import { BrowserRouter } from 'react-router'
import type { Bootstrap } from '../../contracts/bootstrap'
import { type ServerHints, ServerHintsContext } from '../lib/server-hints'
import { AppProviders } from './AppProviders'
import { createQueryClient } from './query-client'
import { AppRoutes } from './router'

export interface AppProps {
  bootstrap: Bootstrap
  i18n: i18n
  /** Filled with the data the server rendered the page with; a new, empty one when not given. */
  queryClient?: QueryClient
  /** What the server assumed when it drew the page (null: it did not). */
  serverHints?: ServerHints | null
}

export function App({ bootstrap, i18n, queryClient: given, serverHints = null }: AppProps) {
  const [queryClient] = useState(() => given ?? createQueryClient())
  return (
    <ServerHintsContext.Provider value={serverHints}>
      <AppProviders bootstrap={bootstrap} i18n={i18n} queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </ServerHintsContext.Provider>
  )
}
