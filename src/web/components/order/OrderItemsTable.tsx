import { Table, Text } from '@mantine/core'
import type { Order } from '../../../contracts/orders'
import { formatMoney } from '../../../domain/money-format'
import { useTranslation } from '../../i18n/use-translation'
import { useSession } from '../../lib/session-context'
import { ProductImage } from '../ProductImage'

/**
 * The lines of an order as they were bought (the order's snapshot): image, code, name, quantity with
 * its unit, unit price and line amount. Scrolls sideways on a narrow screen.
 */
export function OrderItemsTable({
  order,
  imageSize,
  label,
}: {
  order: Order
  imageSize: number
  label: string
}) {
  const { t } = useTranslation()
  const { locale } = useSession()
  return (
    <Table.ScrollContainer minWidth={620} type="native">
      <Table verticalSpacing="xs" aria-label={label} data-testid="order-items">
        <Table.Thead style={{ whiteSpace: 'nowrap' }}>
          <Table.Tr>
            <Table.Th w={imageSize + 16}>{t('orders.itemColumns.image')}</Table.Th>
            <Table.Th>{t('orders.itemColumns.code')}</Table.Th>
            <Table.Th>{t('orders.itemColumns.name')}</Table.Th>
            <Table.Th ta="right">{t('orders.itemColumns.quantity')}</Table.Th>
            <Table.Th ta="right">{t('orders.itemColumns.unitPrice')}</Table.Th>
            <Table.Th ta="right">{t('orders.itemColumns.amount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.orderItems.map((item) => (
            <Table.Tr key={item.id} data-testid="order-item">
              <Table.Td>
                <ProductImage file={item.image} alt="" height={imageSize} width={imageSize} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{item.code}</Table.Td>
              <Table.Td miw={160}>
                <Text size="sm">{item.name}</Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="item-quantity">
                {item.quantity} {item.unit}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="item-price">
                {formatMoney(item.price, locale)}
              </Table.Td>
              <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="item-amount">
                {formatMoney(item.amount, locale)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
