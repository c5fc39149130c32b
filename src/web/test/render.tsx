import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { MemoryRouter } from 'react-router'
import type { Bootstrap } from '../../contracts/bootstrap'
import { AppProviders } from '../app/AppProviders'
import { createQueryClient } from '../app/query-client'
import en from '../i18n/en.json'
import { createI18n } from '../i18n/setup'
import tr from '../i18n/tr.json'
import { guestBootstrap } from './fixtures'

export interface RenderOptions {
  bootstrap?: Bootstrap
  route?: string
}

/** Renders `ui` inside the app's providers (Mantine in test mode: no transitions, no portals). */
export function renderWithProviders(
  ui: ReactElement,
  { bootstrap = guestBootstrap(), route = '/' }: RenderOptions = {},
) {
  const i18n = createI18n(bootstrap.locale, bootstrap.locale === 'en' ? en : tr)
  const queryClient = createQueryClient()
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 }, mutations: { retry: false } })
  return {
    queryClient,
    ...render(
      <AppProviders bootstrap={bootstrap} i18n={i18n} queryClient={queryClient} env="test">
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </AppProviders>,
    ),
  }
}
