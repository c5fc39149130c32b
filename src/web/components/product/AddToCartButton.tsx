import { Button, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import type { TFunction } from 'i18next'
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import type { Product, Unit } from '../../../contracts/catalog'
import { type AddRefusal, type BuyControl, refuseAdd } from '../../../domain/cart-rules'
import { isVariantParent } from '../../../domain/variant'
import { useTranslation } from '../../i18n/use-translation'
import { announce } from '../../lib/announce'
import { isApiError } from '../../lib/api-error'
import { useAddToCart } from '../../lib/cart/cart-add'
import { useCart, useHasCart } from '../../lib/cart/cart-api'
import { baseUnitsInCart } from '../../lib/cart/cart-lines'
import { describeError } from '../../lib/error-message'
import { useLocalePath, useSession } from '../../lib/session-context'
import { showAlert } from '../alert'
import { BusyButton } from '../BusyButton'
import { CartIcon, CheckIcon, WhatsAppIcon } from '../icons/Icons'
import { useProductOffer } from './use-product-offer'

/** How long the button shows its success look after an add (spec/1 §9). */
export const ADD_SUCCESS_MS = 1250
/** How long it shows its error look after a failed add: as long as the failure's toast (spec/1 §9). */
export const ADD_ERROR_MS = 5000

export interface AddToCartButtonProps {
  product: Product
  /** The chosen unit (the default unit when the page offers no choice). */
  unit: Unit | null
  quantity: number
  size?: 'xs' | 'sm' | 'md'
  fullWidth?: boolean
  /**
   * 'list' (cards and rows): a product that needs a variant goes to its page with an alert.
   * 'detail': the product page, where the alert asks to choose the variant.
   */
  page?: 'list' | 'detail'
  /**
   * The quantity field's rule while its typed text breaks it (QuantityInput's onProblem): nothing is
   * added; `onInvalidQuantity` is called (the page puts the focus in the field), else the rule is
   * shown in an alert.
   */
  quantityProblem?: string | null
  onInvalidQuantity?: () => void
  /**
   * The product page: commits the quantity field (its rule applied to what is typed) and answers the
   * amount to add, so an add never waits on a value the field still holds.
   */
  commitQuantity?: () => number
}

type AddState = 'idle' | 'success' | 'error'

/** The wa.me link with a prefilled message naming the product (digits only in the number). */
export function whatsappLink(phone: string, message: string): string {
  return `https://wa.me/${phone.replace(/\D/g, '')}?text=${encodeURIComponent(message)}`
}

/** The words of what stands in place of the button ('Stokta Yok', 'Fiyat Sorunuz'…). */
export function buyControlText(t: TFunction, control: Exclude<BuyControl, { kind: 'add' }>): string {
  return {
    askOnWhatsapp: t('addToCart.askOnWhatsapp'),
    askPrice: t('addToCart.askPrice'),
    soldOut: t('addToCart.soldOut'),
    noStock: t('addToCart.noStock'),
  }[control.kind]
}

/**
 * Why a product's quantity cannot be used, in words ('Stokta Yok'), or null when it can be added: the
 * quantity control beside a replaced button is disabled with this reason.
 */
export function useQuantityUnavailable(product: Product): string | null {
  const { t } = useTranslation()
  const { control } = useProductOffer(product)
  return control.kind === 'add' ? null : buyControlText(t, control)
}

/** What stands in place of the button when it cannot be used (spec/1 §8). */
function Replacement({
  control,
  product,
  size,
}: {
  control: Exclude<BuyControl, { kind: 'add' }>
  product: Product
  size: AddToCartButtonProps['size']
}) {
  const { t } = useTranslation()
  if (control.kind === 'askOnWhatsapp') {
    const message = t('addToCart.whatsappMessage', { code: product.code, name: product.name })
    return (
      <Button
        component="a"
        href={whatsappLink(control.phone, message)}
        target="_blank"
        rel="noopener noreferrer"
        color="green"
        variant="light"
        size={size}
        leftSection={<WhatsAppIcon size={16} />}
        data-testid="buy-control"
        data-kind={control.kind}
      >
        {t('addToCart.askOnWhatsapp')}
      </Button>
    )
  }
  const text = buyControlText(t, control)
  return (
    <Text
      size="sm"
      fw={600}
      c={control.kind === 'askPrice' ? 'orange.8' : 'red.7'}
      data-testid="buy-control"
      data-kind={control.kind}
    >
      {text}
    </Text>
  )
}

/**
 * The add-to-cart control of cards, rows and the detail page. `buyControl` decides whether the button
 * stands here at all. The button is busy during the call (aria-busy, never disabled, so the keyboard
 * focus stays on it) and shows a success look for 1.25 s after; the outcome is also said in the app's
 * live region. The rules the server enforces are checked first so a refusal needs no round trip.
 */
export function AddToCartButton({
  product,
  unit,
  quantity: quantityProp,
  size = 'sm',
  fullWidth,
  page = 'list',
  quantityProblem = null,
  onInvalidQuantity,
  commitQuantity,
}: AddToCartButtonProps) {
  const { t } = useTranslation()
  const { bootstrap } = useSession()
  const localePath = useLocalePath()
  const navigate = useNavigate()
  const hasCart = useHasCart()
  const cart = useCart().data
  const add = useAddToCart()
  const [state, setState] = useState<AddState>('idle')
  const { settings } = bootstrap

  useEffect(() => {
    if (state === 'idle') return
    const timer = setTimeout(() => setState('idle'), state === 'success' ? ADD_SUCCESS_MS : ADD_ERROR_MS)
    return () => clearTimeout(timer)
  }, [state])

  const variantParent = isVariantParent({
    parentId: product.parentId,
    variantDimensions: product.varyantx?.dimensions,
  })
  const { control } = useProductOffer(product)
  if (control.kind !== 'add') return <Replacement control={control} product={product} size={size} />

  /** The server's rules, checked first for a dealer (guests and staff get the server's 401 / 403). */
  const precheck = (quantity: number): AddRefusal | null => {
    if (variantParent) return { reason: 'variantRequired' }
    if (!hasCart || !unit || product.salePrice === null || product.quantity === null) return null
    return refuseAdd({
      isVariantParent: false,
      salePrice: product.salePrice.value,
      multiplier: unit.multiplier,
      requested: quantity,
      stock: product.quantity,
      stockInfoStatus: settings.stockInfoStatus,
      inCartBaseUnits: baseUnitsInCart(cart, product.id),
      cartStockControl: settings.cartStockControl,
    })
  }

  /** The alert people acknowledge, and the same words in the live region. */
  const tell = (message: string) => {
    showAlert(t, message)
    announce(message)
  }

  const refuse = (refusal: AddRefusal) => {
    if (refusal.reason === 'variantRequired') {
      if (page === 'list') {
        navigate(localePath(product.url))
        tell(t('addToCart.variantRedirect'))
      } else {
        tell(t('addToCart.variantRequired'))
      }
      return
    }
    setState('error')
    tell(refusal.reason === 'stock' ? t('addToCart.stock', { n: refusal.requested }) : t('addToCart.noPrice'))
  }

  const onClick = () => {
    if (add.isPending) return
    if (quantityProblem) {
      announce(quantityProblem)
      return onInvalidQuantity ? onInvalidQuantity() : tell(quantityProblem)
    }
    const quantity = commitQuantity ? commitQuantity() : quantityProp
    const refusal = precheck(quantity)
    if (refusal) return refuse(refusal)
    if (!unit) {
      setState('error')
      return tell(t('addToCart.noUnit'))
    }
    setState('idle')
    add.mutate(
      { productId: product.id, unitId: unit.id, quantity },
      {
        onSuccess: () => {
          setState('success')
          announce(t('addToCart.added'))
        },
        onError: (error) => {
          // The login redirect or the 403 toast already answered (spec/1 §8).
          if (isApiError(error) && error.handled) return setState('idle')
          setState('error')
          // A network failure is not an alert (the spec keeps it quiet), but it must not pass for a
          // success either: the error look and a toast, and the cart is fetched again.
          if (!isApiError(error) || error.status === 0) {
            const message = t('addToCart.networkFailed')
            notifications.show({ color: 'red', message })
            return announce(message)
          }
          tell(describeError(error, t))
        },
      },
    )
  }

  const busy = add.isPending
  const look = busy ? 'busy' : state
  const text = {
    success: t('addToCart.added'),
    busy: t('addToCart.adding'),
    error: t('addToCart.failed'),
    idle: t('addToCart.label'),
  }[look]
  return (
    <BusyButton
      size={size}
      fullWidth={fullWidth}
      color={look === 'success' ? 'teal' : look === 'error' ? 'red' : undefined}
      leftSection={look === 'success' ? <CheckIcon size={16} /> : <CartIcon size={16} />}
      busy={busy}
      onClick={onClick}
      data-testid="add-to-cart"
      data-state={look}
    >
      {text}
    </BusyButton>
  )
}
