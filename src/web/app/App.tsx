import type { i18n } from 'i18next'
import { useState } from 'react'
import { BrowserRouter } from 'react-router'
import type { Bootstrap } from '../../contracts/bootstrap'
import { AppProviders } from './AppProviders'
import { createQueryClient } from './query-client'
import { AppRoutes } from './router'

export function App({ bootstrap, i18n }: { bootstrap: Bootstrap; i18n: i18n }) {
  const [queryClient] = useState(createQueryClient)
  return (
    <AppProviders bootstrap={bootstrap} i18n={i18n} queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  )
}
