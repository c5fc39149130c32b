import { Group, Stack, Text } from '@mantine/core'
import type { Order } from '../../../../contracts/orders'
import { formatMoney } from '../../../../domain/money-format'
import { PlainList } from '../../../components/PlainList'
import { ProductImage } from '../../../components/ProductImage'
import { useSession } from '../../../lib/session-context'

const imageSize = 48

/**
 * Phone: the lines of an order as a compact list instead of the wide table — image, name, code, then
 * quantity × unit price = amount. Same test ids as the table's cells.
 */
export function OrderItemList({ order, label }: { order: Order; label: string }) {
  const { locale } = useSession()
  return (
    <PlainList label={label} gap="xs" data-testid="order-items">
      {order.orderItems.map((item) => (
        <Group
          component="li"
          key={item.id}
          gap="sm"
          wrap="nowrap"
          align="flex-start"
          data-testid="order-item"
        >
          <ProductImage file={item.image} alt="" height={imageSize} width={imageSize} />
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {item.name}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {item.code}
            </Text>
            <Group gap={4} justify="space-between" wrap="wrap">
              <Text size="sm" c="dimmed">
                <span data-testid="item-quantity">
                  {item.quantity} {item.unit}
                </span>
                {' × '}
                <span data-testid="item-price">{formatMoney(item.price, locale)}</span>
              </Text>
              <Text size="sm" fw={600} data-testid="item-amount">
                {formatMoney(item.amount, locale)}
              </Text>
            </Group>
          </Stack>
        </Group>
      ))}
    </PlainList>
  )
}
