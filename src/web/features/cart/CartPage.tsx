import { Alert, Button, Grid, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import type { Cart } from '../../../contracts/cart'
import { AlertIcon, CartIcon } from '../../components/icons/Icons'
import { LoadError } from '../../components/LoadError'
import { Redirect } from '../../components/Redirect'
import { useTranslation } from '../../i18n/use-translation'
import { addErrorsOf } from '../../lib/add-errors'
import { useCart, useHasCart } from '../../lib/cart/cart-api'
import { loginPath } from '../../lib/locale-path'
import { useFocusRescue } from '../../lib/page-heading'
import { useLocalePath, useSession } from '../../lib/session-context'
import { usePageTitle } from '../../lib/use-page-title'
import { usePhoneLayout } from '../../lib/use-phone-layout'
import { useCartChange } from './api/cart-mutations'
import { AddErrors, addErrorsByProduct } from './components/AddErrors'
import { CartCards, CartTable } from './components/CartLines'
import { CartSummary } from './components/CartSummary'
import { CheckoutSlot } from './components/CheckoutSlot'
import { QuickAddLine } from './components/QuickAddLine'
import { useCartInChosenPlan } from './hooks/use-cart-in-plan'
import { useConfirmClear } from './hooks/use-confirm-clear'

function CartSkeleton() {
  const { t } = useTranslation()
  return (
    <Stack gap="xs" role="status" aria-label={t('cart.loading')}>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} height={80} />
      ))}
    </Stack>
  )
}

function EmptyCart() {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  return (
    <Stack align="center" gap="md" py={48} ta="center" data-testid="cart-empty">
      <CartIcon size={48} color="var(--mantine-color-dimmed)" />
      <Text size="lg">{t('cart.empty')}</Text>
      <Button component={Link} to={localePath('/urunler')}>
        {t('cart.goToProducts')}
      </Button>
    </Stack>
  )
}

/**
 * The cart's lines and checkout. `leftWith` is the cart an order (or offer) was just made of: shown,
 * busy, until the next page is there, instead of the emptied cart's "empty" text for a moment.
 */
function DealerCart({
  leftWith,
  onLeave,
  addErrors,
}: {
  leftWith: Cart | null
  onLeave: (cart: Cart) => void
  addErrors: Map<number, string>
}) {
  const { t } = useTranslation()
  const cart = useCart()
  const change = useCartChange()
  const confirmClear = useConfirmClear(() => change.mutate({ kind: 'clear' }))
  // A removed line or the emptied cart takes its focused button with it: the heading gets the focus.
  useFocusRescue(cart.data?.items.length)

  // The same element in both places, so the checkout (its made order) stays mounted.
  if (leftWith) return <CartView cart={leftWith} leaving onLeave={onLeave} />
  if (cart.isPending) return <CartSkeleton />
  if (cart.isError) {
    return <LoadError title={t('cart.error')} error={cart.error} onRetry={() => cart.refetch()} />
  }
  const data = cart.data
  if (data.items.length === 0) return <EmptyCart />
  return (
    <CartView
      cart={data}
      leaving={false}
      onLeave={onLeave}
      onChange={change.mutate}
      onClear={confirmClear}
      addErrors={addErrors}
    />
  )
}

/** The lines, the checkout and the summary; a cart being left changes nothing any more. */
function CartView({
  cart: data,
  leaving,
  onLeave,
  onChange = () => {},
  onClear = () => {},
  addErrors,
}: {
  cart: Cart
  leaving: boolean
  onLeave: (cart: Cart) => void
  onChange?: ReturnType<typeof useCartChange>['mutate']
  onClear?: () => void
  addErrors?: Map<number, string>
}) {
  // Below Mantine's sm breakpoint the lines become stacked cards.
  const phone = usePhoneLayout()
  const priced = useCartInChosenPlan(data, leaving)
  const shown = priced.inPlan?.cart
  const lines = {
    cart: shown ?? data,
    onChange,
    addErrors,
    unpriced: priced.inPlan?.unpriced,
    pricesPending: !shown,
  }
  return (
    <Stack gap="lg">
      {phone ? <CartCards {...lines} /> : <CartTable {...lines} />}
      <Grid gap="lg">
        {/* The checkout actions take the wide column beside the summary (below it on a phone). */}
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }} order={{ base: 2, md: 1 }}>
          <CheckoutSlot
            cart={data}
            shown={shown}
            planId={priced.planId}
            onPlanChange={priced.setPlanId}
            leaving={leaving}
            onLeave={onLeave}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }} order={{ base: 1, md: 2 }}>
          <CartSummary cart={shown} planName={priced.plan?.name} onClear={onClear} />
        </Grid.Col>
      </Grid>
    </Stack>
  )
}

/**
 * The cart page at /sepet (spec/1 §2, spec/2 §2 item table and order summary). Guests are sent to
 * login; an administrator is told the cart is not for staff accounts.
 */
export function CartPage() {
  const { t } = useTranslation()
  const { user, locale } = useSession()
  const localePath = useLocalePath()
  const hasCart = useHasCart()
  const [leftWith, setLeftWith] = useState<Cart | null>(null)
  // What an offer edited back into the cart could not put in (spec/2 §8), until closed.
  const location = useLocation()
  const navigate = useNavigate()
  const addErrors = addErrorsOf(location.state)
  const closeAddErrors = () => navigate(location.pathname + location.search, { replace: true, state: null })
  // Closing them takes their close button away: the heading gets the focus.
  useFocusRescue(addErrors.length)
  const shown = useCart().data
  const count = (leftWith ?? shown)?.count
  usePageTitle(t('cart.title'))

  if (!user) return <Redirect to={loginPath(locale, localePath('/sepet'))} />
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('cart.title')}
        {count ? (
          <Text span c="dimmed" fz="md" fw={400} ml="sm" data-testid="cart-count">
            ({t('cart.itemCount', { count })})
          </Text>
        ) : null}
      </Title>
      {hasCart ? (
        <>
          <AddErrors errors={addErrors} onClose={closeAddErrors} />
          {/* A code and a quantity straight into the cart; not while an order is made of it. */}
          {!leftWith && <QuickAddLine />}
          <DealerCart leftWith={leftWith} onLeave={setLeftWith} addErrors={addErrorsByProduct(addErrors)} />
        </>
      ) : (
        <Alert color="yellow" icon={<AlertIcon />} title={t('cart.adminTitle')}>
          {t('cart.adminText')}
        </Alert>
      )}
    </Stack>
  )
}
