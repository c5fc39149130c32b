import { ActionIcon, Badge, Button, Table, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { Order } from '../../../contracts/orders'
import { formatMoney } from '../../../domain/money-format'
import { ChevronDownIcon } from '../../components/icons/Icons'
import { useSession } from '../../lib/session-context'
import { formatOrderDate, OrderItemsTable } from './OrderItemsTable'

/** Columns of the order list; the expanded row spans them all. */
export const ORDER_COLUMNS = 6
const listImageSize = 56

/** The cancel column: a badge once cancelled, the button while the order may still be cancelled. */
function CancelCell({
  order,
  cancelling,
  onCancel,
}: {
  order: Order
  cancelling: boolean
  onCancel: (order: Order) => void
}) {
  const { t } = useTranslation()
  if (order.isCancel) {
    return (
      <Badge color="red" variant="light" data-testid="order-cancelled">
        {t('orders.cancelled')}
      </Badge>
    )
  }
  if (order.cancellable) {
    return (
      <Button
        size="compact-sm"
        variant="light"
        color="red"
        loading={cancelling}
        onClick={() => onCancel(order)}
        aria-label={t('orders.cancelFor', { orderNo: order.orderNo })}
      >
        {t('orders.cancel')}
      </Button>
    )
  }
  return (
    <Text size="sm" c="dimmed">
      {t(`orders.status.${order.status}`)}
    </Text>
  )
}

/** One order: its row, and below it the items while it is open. */
export function OrderRows({
  order,
  open,
  onToggle,
  cancelling,
  onCancel,
}: {
  order: Order
  open: boolean
  onToggle: () => void
  cancelling: boolean
  onCancel: (order: Order) => void
}) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const itemsId = `order-items-${order.id}`
  return (
    <>
      <Table.Tr data-testid="order-row" data-order-id={order.id}>
        <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
          {order.orderNo}
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatOrderDate(order.date, locale)}</Table.Td>
        <Table.Td>{order.creator}</Table.Td>
        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="order-total">
          {formatMoney(order.total, locale)}
        </Table.Td>
        <Table.Td>
          <CancelCell order={order} cancelling={cancelling} onCancel={onCancel} />
        </Table.Td>
        <Table.Td ta="center">
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={onToggle}
            aria-expanded={open}
            aria-controls={open ? itemsId : undefined}
            aria-label={t(open ? 'orders.hideItems' : 'orders.showItems', { orderNo: order.orderNo })}
          >
            <ChevronDownIcon
              size={18}
              style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms ease' }}
            />
          </ActionIcon>
        </Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr id={itemsId} data-testid="order-details">
          <Table.Td colSpan={ORDER_COLUMNS} bg="var(--mantine-color-gray-light)" p="sm">
            <OrderItemsTable
              order={order}
              imageSize={listImageSize}
              label={t('orders.itemsOf', { orderNo: order.orderNo })}
            />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  )
}
