import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
import './app/global.css'
import { notifications } from '@mantine/notifications'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { createI18n, loadTranslations } from './i18n/setup'
import { configureApi } from './lib/api-client'
import { readBootstrap } from './lib/bootstrap'

async function start(root: HTMLElement) {
  const bootstrap = readBootstrap()
  document.documentElement.lang = bootstrap.locale
  const i18n = createI18n(bootstrap.locale, await loadTranslations(bootstrap.locale))
  configureApi({
    csrfToken: bootstrap.csrfToken,
    locale: bootstrap.locale,
    onForbidden: (message) =>
      notifications.show({ color: 'red', message: message || i18n.t('errors.forbidden') }),
  })
  createRoot(root).render(
    <StrictMode>
      <App bootstrap={bootstrap} i18n={i18n} />
    </StrictMode>,
  )
}

const root = document.getElementById('root')
if (root) {
  start(root).catch((error: unknown) => {
    // Without bootstrap or texts nothing can render; the console says why.
    console.error('Toptan could not start', error)
  })
}
