import { Container } from '@mantine/core'
import { Suspense, useEffect } from 'react'
import { Outlet } from 'react-router'
import { WarrantyInquiryProvider } from '../../features/warranty/WarrantyInquiryProvider'
import { useTranslation } from '../../i18n/use-translation'
import classes from './AppLayout.module.css'
import { CookieNotice } from './CookieNotice'
import { Footer } from './Footer'
import { Header } from './Header'
import { LiveRegion } from './LiveRegion'
import { OverdueDebtBanner } from './OverdueDebtBanner'
import { PageLoader } from './PageLoader'
import { RouteFocus } from './RouteFocus'
import { ScrollToTop } from './ScrollToTop'
import { TestModeRibbon } from './TestModeRibbon'

/**
 * Says the page is live once the page itself has been taken over (it sits in the page's Suspense
 * boundary, so its effect runs with the page's): public/boot.js then gives the app what the visitor
 * typed and pressed on the server-drawn HTML before.
 */
function LiveSignal() {
  useEffect(() => {
    window.dispatchEvent(new Event('toptan:live'))
  }, [])
  return null
}

/** The layout of every page, with the warranty inquiry's provider around it (header entries use it). */
export function AppLayout() {
  return (
    <WarrantyInquiryProvider>
      <LayoutShell />
    </WarrantyInquiryProvider>
  )
}

function LayoutShell() {
  const { t } = useTranslation()
  return (
    <div className={classes.shell}>
      <a href="#main" className={classes.skipLink}>
        {t('app.skipToContent')}
      </a>
      <TestModeRibbon />
      <Header />
      <main id="main" tabIndex={-1} className={classes.main}>
        <Container size="xl" py="md">
          <OverdueDebtBanner />
          <Suspense fallback={<PageLoader />}>
            <Outlet />
            <LiveSignal />
          </Suspense>
        </Container>
      </main>
      <Footer />
      <CookieNotice />
      <ScrollToTop />
      <RouteFocus />
      <LiveRegion />
    </div>
  )
}
