import { Container } from '@mantine/core'
import { Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet } from 'react-router'
import classes from './AppLayout.module.css'
import { CookieNotice } from './CookieNotice'
import { Footer } from './Footer'
import { Header } from './Header'
import { OverdueDebtBanner } from './OverdueDebtBanner'
import { PageLoader } from './PageLoader'
import { ScrollToTop } from './ScrollToTop'

export function AppLayout() {
  const { t } = useTranslation()
  return (
    <div className={classes.shell}>
      <a href="#main" className={classes.skipLink}>
        {t('app.skipToContent')}
      </a>
      <Header />
      <main id="main" tabIndex={-1} className={classes.main}>
        <Container size="xl" py="md">
          <OverdueDebtBanner />
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Container>
      </main>
      <Footer />
      <CookieNotice />
      <ScrollToTop />
    </div>
  )
}
