import { Anchor, Card, Group, Loader, Stack, Table, Text, VisuallyHidden } from '@mantine/core'
import { Link } from 'react-router'
import type { Cart, CartLine } from '../../../../contracts/cart'
import { formatMoney } from '../../../../domain/money-format'
import { PlainList } from '../../../components/PlainList'
import { ProductImage } from '../../../components/ProductImage'
import { useTranslation } from '../../../i18n/use-translation'
import { useLocalePath, useSession } from '../../../lib/session-context'
import type { CartChange } from '../api/cart-optimistic'
import { LineQuantity, LineUnit, RemoveLine } from './CartLineControls'

/** Image size of the cart's lines (the list size of spec/1 §9). */
export const cartImageSize = 80

export interface CartLinesProps {
  cart: Cart
  onChange: (change: CartChange) => void
  /** Products the cart just refused to take more of (an edited offer), with the reason. */
  addErrors?: Map<number, string> | undefined
  /** Lines without a price in the chosen payment plan, by line id. */
  unpriced?: ReadonlySet<number> | undefined
  /** The chosen plan's prices are on their way: no price is shown meanwhile. */
  pricesPending?: boolean
}

/** A line's unit price or amount: the money, 'no price in this plan', or a loader while it comes. */
function LinePrice({
  line,
  value,
  unpriced,
  pending,
}: {
  line: CartLine
  value: 'unitPrice' | 'amount'
  unpriced: ReadonlySet<number> | undefined
  pending: boolean
}) {
  const { t } = useTranslation()
  const { locale } = useSession()
  if (pending) {
    return <Loader size={14} aria-label={t('cart.planPricesPending')} data-testid="line-price-pending" />
  }
  if (unpriced?.has(line.id)) {
    return value === 'unitPrice' ? (
      <Text span size="sm" c="red">
        {t('cart.noPlanPrice')}
      </Text>
    ) : (
      '—'
    )
  }
  return formatMoney(line[value], locale)
}

function ProductLink({ line, addError }: { line: CartLine; addError?: string }) {
  const localePath = useLocalePath()
  const { t } = useTranslation()
  return (
    <>
      <Anchor component={Link} to={localePath(line.product.url)} size="sm" fw={500}>
        {line.product.name}
      </Anchor>
      {addError !== undefined && (
        <Text size="xs" c="red" data-testid="line-add-error">
          {t('cart.addErrors.mark', { message: addError })}
        </Text>
      )}
    </>
  )
}

/** Desktop: one row per line — image, code, name, unit, quantity, unit price, amount, remove. */
export function CartTable({ cart, onChange, addErrors, unpriced, pricesPending = false }: CartLinesProps) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  return (
    <Table.ScrollContainer minWidth={760} type="native">
      <Table verticalSpacing="xs" data-testid="cart-table" aria-label={t('cart.lines')}>
        <Table.Thead style={{ whiteSpace: 'nowrap' }}>
          <Table.Tr>
            <Table.Th w={cartImageSize + 16}>{t('cart.columns.image')}</Table.Th>
            <Table.Th>{t('cart.columns.code')}</Table.Th>
            <Table.Th>{t('cart.columns.name')}</Table.Th>
            <Table.Th>{t('cart.columns.unit')}</Table.Th>
            <Table.Th>{t('cart.columns.quantity')}</Table.Th>
            <Table.Th ta="right">{t('cart.columns.unitPrice')}</Table.Th>
            <Table.Th ta="right">{t('cart.columns.amount')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('cart.columns.remove')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {cart.items.map((line) => (
            <Table.Tr
              key={line.id}
              data-testid="cart-line"
              data-line-id={line.id}
              data-add-error={addErrors?.has(line.product.id) || undefined}
            >
              <Table.Td>
                <Anchor
                  component={Link}
                  to={localePath(line.product.url)}
                  tabIndex={-1}
                  aria-hidden="true"
                  display="block"
                >
                  <ProductImage
                    file={line.product.image}
                    alt=""
                    height={cartImageSize}
                    width={cartImageSize}
                  />
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {line.product.code}
                </Text>
              </Table.Td>
              <Table.Td miw={160}>
                <ProductLink line={line} addError={addErrors?.get(line.product.id)} />
              </Table.Td>
              <Table.Td>
                <LineUnit cart={cart} line={line} onChange={onChange} />
              </Table.Td>
              <Table.Td>
                <LineQuantity cart={cart} line={line} onChange={onChange} />
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="line-unit-price">
                <LinePrice line={line} value="unitPrice" unpriced={unpriced} pending={pricesPending} />
              </Table.Td>
              <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="line-amount">
                <LinePrice line={line} value="amount" unpriced={unpriced} pending={pricesPending} />
              </Table.Td>
              <Table.Td>
                <RemoveLine line={line} onChange={onChange} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

/** Phone: the same lines as stacked cards. */
export function CartCards({ cart, onChange, addErrors, unpriced, pricesPending = false }: CartLinesProps) {
  const { t } = useTranslation()
  return (
    <PlainList label={t('cart.lines')}>
      {cart.items.map((line) => (
        <Card
          component="li"
          key={line.id}
          withBorder
          padding="sm"
          data-testid="cart-line"
          data-line-id={line.id}
          data-add-error={addErrors?.has(line.product.id) || undefined}
        >
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ProductImage file={line.product.image} alt="" height={cartImageSize} width={cartImageSize} />
            <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
              <ProductLink line={line} addError={addErrors?.get(line.product.id)} />
              <Text size="xs" c="dimmed">
                {t('cart.columns.code')}: {line.product.code}
              </Text>
              <Text size="sm">
                {t('cart.columns.unitPrice')}:{' '}
                <span data-testid="line-unit-price">
                  <LinePrice line={line} value="unitPrice" unpriced={unpriced} pending={pricesPending} />
                </span>
              </Text>
            </Stack>
            <RemoveLine line={line} onChange={onChange} />
          </Group>
          <Group gap="sm" mt="sm" justify="space-between" wrap="wrap">
            <LineUnit cart={cart} line={line} onChange={onChange} />
            <LineQuantity cart={cart} line={line} onChange={onChange} />
          </Group>
          <Group justify="space-between" mt="xs">
            <Text size="sm" c="dimmed">
              {t('cart.columns.amount')}
            </Text>
            <Text fw={700} data-testid="line-amount">
              <LinePrice line={line} value="amount" unpriced={unpriced} pending={pricesPending} />
            </Text>
          </Group>
        </Card>
      ))}
    </PlainList>
  )
}
