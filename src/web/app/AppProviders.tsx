import { MantineProvider } from '@mantine/core'
import { ModalsProvider } from '@mantine/modals'
import { Notifications } from '@mantine/notifications'
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { i18n } from 'i18next'
import type { ReactNode } from 'react'
import { I18nextProvider, useTranslation } from 'react-i18next'
import type { Bootstrap } from '../../contracts/bootstrap'
import { SessionProvider } from './SessionProvider'
import { theme } from './theme'

export interface AppProvidersProps {
  bootstrap: Bootstrap
  i18n: i18n
  queryClient: QueryClient
  /** 'test' turns off Mantine transitions and portals. */
  env?: 'default' | 'test'
  children: ReactNode
}

function TranslatedModalsProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <ModalsProvider labels={{ confirm: t('common.confirm'), cancel: t('common.cancel') }}>
      {children}
    </ModalsProvider>
  )
}

export function AppProviders({ bootstrap, i18n, queryClient, env = 'default', children }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} env={env}>
        <Notifications position="top-center" autoClose={5000} />
        <QueryClientProvider client={queryClient}>
          <SessionProvider bootstrap={bootstrap}>
            <TranslatedModalsProvider>{children}</TranslatedModalsProvider>
          </SessionProvider>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  )
}
