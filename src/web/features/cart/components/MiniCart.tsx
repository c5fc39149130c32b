import { Anchor, Button, Divider, Group, ScrollArea, Stack, Text } from '@mantine/core'
import { Link } from 'react-router'
import type { Cart } from '../../../../contracts/cart'
import { formatMoney } from '../../../../domain/money-format'
import { PlainList } from '../../../components/PlainList'
import { ProductImage } from '../../../components/ProductImage'
import { useTranslation } from '../../../i18n/use-translation'
import { useCart } from '../../../lib/cart/cart-api'
import { describeError } from '../../../lib/error-message'
import { useLocalePath, useSession } from '../../../lib/session-context'
import { useCartChange } from '../api/cart-mutations'
import { useConfirmClear } from '../hooks/use-confirm-clear'

const miniImageSize = 48

function MiniCartLines({ cart }: { cart: Cart }) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const localePath = useLocalePath()
  return (
    <ScrollArea.Autosize mah={300} type="auto" offsetScrollbars="present">
      <PlainList label={t('cart.lines')} gap="xs">
        {cart.items.map((line) => (
          <Group
            component="li"
            key={line.id}
            gap="sm"
            wrap="nowrap"
            align="flex-start"
            data-testid="mini-cart-line"
          >
            <ProductImage file={line.product.image} alt="" height={miniImageSize} width={miniImageSize} />
            <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
              <Anchor component={Link} to={localePath(line.product.url)} size="sm" fw={500} lineClamp={2}>
                {line.product.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {line.product.code}
              </Text>
              <Text size="xs" data-testid="mini-cart-line-quantity">
                {t('cart.lineQuantity', {
                  quantity: line.quantity,
                  unit: line.productUnit.value,
                  price: formatMoney(line.unitPrice, locale),
                })}
              </Text>
            </Stack>
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(line.amount, locale)}
            </Text>
          </Group>
        ))}
      </PlainList>
    </ScrollArea.Autosize>
  )
}

function TotalRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500}>
        {value}
      </Text>
    </Group>
  )
}

/**
 * The header's dropdown (spec/1 §2): item count, lines (quantity × unit price), subtotal, total with
 * tax, the clear button (after a confirmation), the link to the cart page, or the empty-cart message.
 */
export function MiniCart({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const localePath = useLocalePath()
  const cart = useCart()
  const change = useCartChange()
  const confirmClear = useConfirmClear(() => change.mutate({ kind: 'clear' }))

  if (cart.isPending) {
    return (
      <Text size="sm" c="dimmed" role="status">
        {t('cart.loading')}
      </Text>
    )
  }
  if (cart.isError) {
    return (
      <Stack gap="xs" role="alert">
        <Text size="sm" fw={600}>
          {t('cart.error')}
        </Text>
        <Text size="sm">{describeError(cart.error, t)}</Text>
        <Button size="xs" variant="light" onClick={() => cart.refetch()}>
          {t('common.retry')}
        </Button>
      </Stack>
    )
  }
  const data = cart.data
  if (data.items.length === 0) {
    return (
      <Stack gap="sm" align="center" py="sm" data-testid="mini-cart">
        <Text size="sm" ta="center" data-testid="cart-empty">
          {t('cart.empty')}
        </Text>
        <Button component={Link} to={localePath('/urunler')} variant="light" size="xs">
          {t('cart.goToProducts')}
        </Button>
      </Stack>
    )
  }
  return (
    <Stack gap="sm" data-testid="mini-cart">
      <Group justify="space-between">
        <Text fw={700}>{t('cart.title')}</Text>
        <Text size="sm" c="dimmed" data-testid="mini-cart-count">
          {t('cart.itemCount', { count: data.count })}
        </Text>
      </Group>
      <MiniCartLines cart={data} />
      <Divider />
      <Stack gap={4} data-testid="mini-cart-totals">
        <TotalRow label={t('cart.subtotal')} value={formatMoney(data.totals.subtotal, locale)} />
        <TotalRow label={t('cart.tax')} value={formatMoney(data.totals.tax, locale)} />
        <TotalRow label={t('cart.totalWithTax')} value={formatMoney(data.totals.total, locale)} strong />
      </Stack>
      <Group grow gap="xs">
        <Button
          variant="light"
          color="red"
          size="sm"
          onClick={() => {
            onClose()
            confirmClear()
          }}
        >
          {t('cart.clear')}
        </Button>
        <Button component={Link} to={localePath('/sepet')} size="sm" onClick={onClose}>
          {t('cart.goToCart')}
        </Button>
      </Group>
    </Stack>
  )
}
