import { ActionIcon, Center, Indicator, Loader, Popover } from '@mantine/core'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { CartIcon } from '../../../components/icons/Icons'
import { useTranslation } from '../../../i18n/use-translation'
import { useCartCount, useHasCart } from '../../../lib/cart/cart-query'
import { loginPath } from '../../../lib/locale-path'
import { useSession } from '../../../lib/session-context'

// The dropdown's content (lines, totals, the clear confirmation) loads on the first open or hover.
const loadMiniCart = () => import('./MiniCart')
const MiniCart = lazy(() => loadMiniCart().then((m) => ({ default: m.MiniCart })))

function CartButtonIcon({ count }: { count: number }) {
  return (
    <Indicator label={count} size={18} offset={4} color="red" showZero zIndex={2}>
      <CartIcon size={22} />
    </Indicator>
  )
}

/** A guest sees only the count (0), linking to login (spec/1 §1). */
function GuestCart() {
  const { t } = useTranslation()
  const { locale } = useSession()
  return (
    <ActionIcon
      component={Link}
      to={loginPath(locale)}
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={t('cart.label', { count: 0 })}
    >
      <CartButtonIcon count={0} />
    </ActionIcon>
  )
}

/** A dealer's cart icon with the line count; it opens the mini cart. */
function DealerCart() {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const count = useCartCount()
  const [opened, setOpened] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  // The mini cart closes itself before its clear confirmation opens: the focus goes to the cart button
  // first, so the confirmation hands it back there (the clear button it was on is gone by then).
  const closeFromInside = () => {
    setOpened(false)
    button.current?.focus()
  }

  // Following a link inside the dropdown (a product, the cart page) closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every change of the address
  useEffect(() => setOpened(false), [pathname])

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width="min(380px, calc(100vw - 16px))"
      shadow="md"
      trapFocus
      returnFocus
      withinPortal
      zIndex={300}
    >
      <Popover.Target>
        <ActionIcon
          ref={button}
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('cart.label', { count })}
          onClick={() => setOpened((o) => !o)}
          onMouseEnter={() => void loadMiniCart()}
          onFocus={() => void loadMiniCart()}
          data-testid="cart-button"
        >
          <CartButtonIcon count={count} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p="sm">
        {opened && (
          <Suspense
            fallback={
              <Center py="lg">
                <Loader size="sm" aria-label={t('cart.loading')} />
              </Center>
            }
          >
            <MiniCart onClose={closeFromInside} />
          </Suspense>
        )}
      </Popover.Dropdown>
    </Popover>
  )
}

/**
 * The header's cart: for a dealer the line count and the mini cart; for a guest the count linking to
 * login; an administrator has no cart, so nothing.
 */
export function CartIndicator() {
  const { user } = useSession()
  const hasCart = useHasCart()
  if (!user) return <GuestCart />
  return hasCart ? <DealerCart /> : null
}
