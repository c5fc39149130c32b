import { ActionIcon, Badge, type ButtonProps, Table, Text } from '@mantine/core'
import type { Order } from '../../../../contracts/orders'
import { formatMoney } from '../../../../domain/money-format'
import { BusyButton } from '../../../components/BusyButton'
import { ChevronDownIcon } from '../../../components/icons/Icons'
import { OrderItemsTable } from '../../../components/order/OrderItemsTable'
import { OrderHistorySection } from '../../../components/order/OrderStatusHistory'
import { useTranslation } from '../../../i18n/use-translation'
import { useDates } from '../../../lib/dates'
import { useSession } from '../../../lib/session-context'

/** Columns of the order list; the expanded row spans them all. */
const ORDER_COLUMNS = 7
const listImageSize = 56

/** What the table (desktop) and the cards (phone) show and do; the page holds the state. */
export interface OrderListProps {
  orders: Order[]
  openIds: ReadonlySet<number>
  onToggle: (id: number) => void
  cancellingId: number | undefined
  onCancel: (order: Order) => void
}

export function CancelledBadge({ size }: { size?: 'md' | 'lg' }) {
  const { t } = useTranslation()
  return (
    <Badge color="red" variant="light" size={size} data-testid="order-cancelled">
      {t('orders.cancelled')}
    </Badge>
  )
}

/** İptal Et, named after its order for screen readers (the same name in both layouts). */
export function CancelOrderButton({
  order,
  cancelling,
  onCancel,
  ...props
}: {
  order: Order
  cancelling: boolean
  onCancel: (order: Order) => void
} & ButtonProps) {
  const { t } = useTranslation()
  return (
    <BusyButton
      variant="light"
      color="red"
      busy={cancelling}
      onClick={() => onCancel(order)}
      aria-label={t('orders.cancelFor', { orderNo: order.orderNo })}
      {...props}
    >
      {t('orders.cancel')}
    </BusyButton>
  )
}

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
  if (order.isCancel) return <CancelledBadge />
  if (order.cancellable) {
    return <CancelOrderButton size="compact-sm" order={order} cancelling={cancelling} onCancel={onCancel} />
  }
  return (
    <Text size="sm" c="dimmed">
      {t(`orders.status.${order.status}`)}
    </Text>
  )
}

/** One order: its row, and below it the items while it is open. */
function OrderRows({
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
  const dates = useDates()
  const itemsId = `order-items-${order.id}`
  return (
    <>
      <Table.Tr data-testid="order-row" data-order-id={order.id}>
        <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
          {order.orderNo}
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{dates.dateTime(order.date)}</Table.Td>
        <Table.Td>{order.creator}</Table.Td>
        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="order-total">
          {formatMoney(order.total, locale)}
        </Table.Td>
        <Table.Td>
          <CancelCell order={order} cancelling={cancelling} onCancel={onCancel} />
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="order-erp-no">
          {order.erpDocumentNo ?? '—'}
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
            <OrderHistorySection order={order} />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  )
}

/** Desktop: the orders as a table, one row per order and its items below it while open. */
export function OrdersTable({ orders, openIds, onToggle, cancellingId, onCancel }: OrderListProps) {
  const { t } = useTranslation()
  return (
    <Table.ScrollContainer minWidth={680} type="native">
      <Table verticalSpacing="sm" highlightOnHover aria-label={t('orders.list')} data-testid="orders-table">
        <Table.Thead style={{ whiteSpace: 'nowrap' }}>
          <Table.Tr>
            <Table.Th>{t('orders.columns.orderNo')}</Table.Th>
            <Table.Th>{t('orders.columns.date')}</Table.Th>
            <Table.Th>{t('orders.columns.creator')}</Table.Th>
            <Table.Th ta="right">{t('orders.columns.total')}</Table.Th>
            <Table.Th>{t('orders.columns.cancel')}</Table.Th>
            <Table.Th>{t('orders.columns.erpNo')}</Table.Th>
            <Table.Th ta="center">{t('orders.columns.details')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order) => (
            <OrderRows
              key={order.id}
              order={order}
              open={openIds.has(order.id)}
              onToggle={() => onToggle(order.id)}
              cancelling={cancellingId === order.id}
              onCancel={onCancel}
            />
          ))}
          {orders.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={ORDER_COLUMNS}>{t('orders.empty')}</Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
