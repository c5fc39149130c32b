// Mantine's reset, variables and static classes first; each component's own stylesheet comes with the
// module that uses it (scripts/vite-mantine-css.ts), all inside `@layer mantine` so the app's CSS wins.
import '@mantine/core/styles/baseline.layer.css'
import '@mantine/core/styles/default-css-variables.layer.css'
import '@mantine/core/styles/global.layer.css'
import './app/global.css'
import { notifications } from '@mantine/notifications'
import { hydrate } from '@tanstack/react-query'
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { App } from './app/App'
import { createQueryClient } from './app/query-client'
import type { ServerRenderState } from './entry-server'
import { createI18n, loadTranslations } from './i18n/setup'
import { configureApi } from './lib/api-client'
import { readBootstrap, readJsonScript } from './lib/bootstrap'
import { reloadWhenRestoredAfterSessionChange } from './lib/restored-page'

async function start(root: HTMLElement) {
  const bootstrap = readBootstrap()
  reloadWhenRestoredAfterSessionChange(bootstrap.csrfToken)
  document.documentElement.lang = bootstrap.locale
  const i18n = createI18n(bootstrap.locale, await loadTranslations(bootstrap.locale))
  configureApi({
    csrfToken: bootstrap.csrfToken,
    locale: bootstrap.locale,
    onForbidden: (message) =>
      notifications.show({ color: 'red', message: message || i18n.t('errors.forbidden') }),
  })
  const rendered = readJsonScript<ServerRenderState>('ssr-state')
  if (rendered && root.firstElementChild) {
    // The server sent the page drawn, with the data it drew it from: React takes that HTML over
    // (hydration) instead of drawing it again, and the queries start from the same data.
    const queryClient = createQueryClient()
    hydrate(queryClient, rendered.queries)
    // As a transition, like the first render below: the work is cut into short tasks.
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <App bootstrap={bootstrap} i18n={i18n} queryClient={queryClient} serverHints={rendered.hints} />
        </StrictMode>,
      )
    })
    return
  }
  // The first render as a transition: React yields to the browser every few milliseconds instead of
  // holding the main thread for the whole page (one long task on a slow phone).
  const reactRoot = createRoot(root)
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App bootstrap={bootstrap} i18n={i18n} />
      </StrictMode>,
    )
  })
}

const root = document.getElementById('root')
if (root) {
  start(root).catch((error: unknown) => {
    // Without bootstrap or texts nothing can render; the console says why.
    console.error('Toptan could not start', error)
  })
}
