import { MantineProvider } from '@mantine/core'
import { ModalsProvider } from '@mantine/modals'
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { i18n } from 'i18next'
import { lazy, type ReactNode, Suspense, useMemo } from 'react'
import { I18nextProvider } from 'react-i18next'
import type { Bootstrap } from '../../contracts/bootstrap'
import { useTranslation } from '../i18n/use-translation'
import { SessionProvider } from './SessionProvider'
import { themeWithLabels } from './theme'

export interface AppProvidersProps {
  bootstrap: Bootstrap
  i18n: i18n
  queryClient: QueryClient
  /** 'test' turns off Mantine transitions and portals. */
  env?: 'default' | 'test'
  children: ReactNode
}

// The toasts' renderer (and its transition library) is not needed for the first paint: it comes in its
// own chunk. A toast shown before it arrives waits in @mantine/notifications' store and appears then.
const ToastHost = lazy(() => import('./ToastHost').then((m) => ({ default: m.ToastHost })))

function TranslatedModalsProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  return (
    <ModalsProvider labels={{ confirm: t('common.confirm'), cancel: t('common.cancel') }}>
      {children}
    </ModalsProvider>
  )
}

/**
 * Mantine with the app's theme, its labels in the page's language. The app has one colour scheme,
 * light (its colours are chosen for contrast on white, docs/decisions.md), forced so that what the
 * HTML says from the first paint (`data-mantine-color-scheme="light"` on <html>, index.html) is
 * never changed by a scheme left in the browser's storage.
 */
function TranslatedMantineProvider({ env, children }: { env: 'default' | 'test'; children: ReactNode }) {
  const { t } = useTranslation()
  const theme = useMemo(() => themeWithLabels({ close: t('common.close') }), [t])
  return (
    <MantineProvider theme={theme} env={env} forceColorScheme="light">
      {children}
    </MantineProvider>
  )
}

export function AppProviders({ bootstrap, i18n, queryClient, env = 'default', children }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <TranslatedMantineProvider env={env}>
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
        <QueryClientProvider client={queryClient}>
          <SessionProvider bootstrap={bootstrap}>
            <TranslatedModalsProvider>{children}</TranslatedModalsProvider>
          </SessionProvider>
        </QueryClientProvider>
      </TranslatedMantineProvider>
    </I18nextProvider>
  )
}
