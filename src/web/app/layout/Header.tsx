import { Burger, Button, Container, Group } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { lazy, Suspense, useRef, useState } from 'react'
import { Link } from 'react-router'
import { UserMenu } from '../../features/account/UserMenu'
import { CartIndicator } from '../../features/cart/components/CartIndicator'
import { CurrencyMenu } from '../../features/preferences/CurrencyMenu'
import { LanguageMenu } from '../../features/preferences/LanguageMenu'
import { useTranslation } from '../../i18n/use-translation'
import { loginPath } from '../../lib/locale-path'
import { useLocalePath, useSession } from '../../lib/session-context'
import { BranchMenu } from './BranchMenu'
import classes from './Header.module.css'
import { Logo } from './Logo'
import { QuickOrderLink } from './QuickOrderLink'
import { SearchBox } from './SearchBox'

// The drawer (and its scroll-lock machinery) loads on the first tap of the burger.
const MobileMenu = lazy(() => import('./MobileMenu').then((m) => ({ default: m.MobileMenu })))

/**
 * Logo, search, branch (a customer with several), currency (logged-in users), language, user menu or
 * login link, the quick order (dealers), cart. Below 48em the branch, currency, language and user
 * menu move into a drawer behind the burger.
 */
export function Header() {
  const { t } = useTranslation()
  const { user, locale } = useSession()
  const localePath = useLocalePath()
  const [drawerOpened, drawer] = useDisclosure(false)
  const [drawerUsed, setDrawerUsed] = useState(false)
  const burger = useRef<HTMLButtonElement>(null)

  return (
    <header className={classes.header}>
      <Container size="xl" className={classes.bar}>
        <div className={classes.brand}>
          <Burger
            ref={burger}
            hiddenFrom="sm"
            size="sm"
            opened={drawerOpened}
            onClick={() => {
              setDrawerUsed(true)
              drawer.toggle()
            }}
            aria-label={t('header.openMenu')}
            aria-expanded={drawerOpened}
          />
          <Logo />
          <Button
            component={Link}
            to={localePath('/urunler')}
            variant="subtle"
            size="compact-md"
            visibleFrom="sm"
          >
            {t('nav.products')}
          </Button>
        </div>
        <div className={classes.search}>
          <SearchBox />
        </div>
        <nav className={classes.actions} aria-label={t('header.userNavigation')}>
          <Group gap="xs" wrap="nowrap" visibleFrom="sm">
            {user && <BranchMenu nameFrom="lg" />}
            {user && <CurrencyMenu />}
            <LanguageMenu />
            {user && <UserMenu user={user} />}
          </Group>
          {!user && (
            <Button component={Link} to={loginPath(locale)} variant="light" size="compact-md">
              {t('header.login')}
            </Button>
          )}
          <QuickOrderLink />
          <CartIndicator />
        </nav>
      </Container>
      {drawerUsed && (
        <Suspense fallback={null}>
          <MobileMenu opened={drawerOpened} onClose={drawer.close} menuButton={burger} />
        </Suspense>
      )}
    </header>
  )
}
