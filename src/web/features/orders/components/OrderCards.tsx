import { Badge, Box, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import type { Order } from '../../../../contracts/orders'
import { formatMoney } from '../../../../domain/money-format'
import { ChevronDownIcon } from '../../../components/icons/Icons'
import { OrderHistorySection } from '../../../components/order/OrderStatusHistory'
import { PlainList } from '../../../components/PlainList'
import { useTranslation } from '../../../i18n/use-translation'
import { useDates } from '../../../lib/dates'
import { useSession } from '../../../lib/session-context'
import { OrderItemList } from './OrderItemList'
import { CancelledBadge, CancelOrderButton, type OrderListProps } from './OrderRows'

/** A labelled value of a card: the column header of the desktop table above its value. */
function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box style={{ minWidth: 0 }}>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Box>
  )
}

/** Where the order stands: the cancelled badge (as on desktop), else its status. */
function StatusBadge({ order }: { order: Order }) {
  const { t } = useTranslation()
  if (order.isCancel) return <CancelledBadge size="lg" />
  return (
    <Badge
      color={order.status === 'new' ? 'blue' : order.status === 'delivered' ? 'green' : 'gray'}
      variant="light"
      size="lg"
    >
      {t(`orders.status.${order.status}`)}
    </Badge>
  )
}

function OrderCard({
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
  const canCancel = !order.isCancel && order.cancellable
  return (
    <Card component="li" withBorder padding="sm" data-testid="order-row" data-order-id={order.id}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Box style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed">
              {t('orders.columns.orderNo')}
            </Text>
            <Text fw={700}>{order.orderNo}</Text>
          </Box>
          <StatusBadge order={order} />
        </Group>
        <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing="xs" m={0}>
          <Field label={t('orders.columns.date')}>{dates.dateTime(order.date)}</Field>
          <Field label={t('orders.columns.creator')}>{order.creator}</Field>
          {order.erpDocumentNo && <Field label={t('orders.columns.erpNo')}>{order.erpDocumentNo}</Field>}
        </SimpleGrid>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed">
            {t('orders.columns.total')}
          </Text>
          <Text fw={700} size="lg" data-testid="order-total" style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(order.total, locale)}
          </Text>
        </Group>
        <Group gap="xs" grow wrap="wrap">
          {canCancel && (
            <CancelOrderButton size="md" order={order} cancelling={cancelling} onCancel={onCancel} />
          )}
          <Button
            size="md"
            variant={open ? 'filled' : 'default'}
            onClick={onToggle}
            aria-expanded={open}
            aria-controls={open ? itemsId : undefined}
            aria-label={t(open ? 'orders.hideItems' : 'orders.showItems', { orderNo: order.orderNo })}
            rightSection={
              <ChevronDownIcon
                size={18}
                style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms ease' }}
              />
            }
          >
            {t('orders.itemsButton')}
          </Button>
        </Group>
        {open && (
          <Box
            id={itemsId}
            data-testid="order-details"
            bg="var(--mantine-color-gray-light)"
            p="xs"
            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
          >
            <OrderItemList order={order} label={t('orders.itemsOf', { orderNo: order.orderNo })} />
            <OrderHistorySection order={order} />
          </Box>
        )}
      </Stack>
    </Card>
  )
}

/** Phone: each order as a card with every column labelled, its buttons full width and touch-sized. */
export function OrderCards({ orders, openIds, onToggle, cancellingId, onCancel }: OrderListProps) {
  const { t } = useTranslation()
  if (orders.length === 0) return <Text>{t('orders.empty')}</Text>
  return (
    <PlainList label={t('orders.list')} data-testid="orders-cards">
      {orders.map((order) => (
        <OrderCard
          key={order.id}
          order={order}
          open={openIds.has(order.id)}
          onToggle={() => onToggle(order.id)}
          cancelling={cancellingId === order.id}
          onCancel={onCancel}
        />
      ))}
    </PlainList>
  )
}
