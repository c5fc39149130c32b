import { Box, Stack, Text } from '@mantine/core'
import type { Order } from '../../../contracts/orders'
import { useTranslation } from '../../i18n/use-translation'
import { useDates } from '../../lib/dates'

type Change = Order['history'][number] & { by?: string | null }

/**
 * An order's status changes, oldest first: when, the new status, who moved it and the note. The dealer
 * reads "Satıcı" or "Siz"; staff read the person's name (`by`), when they pass it.
 */
export function OrderStatusHistory({
  history,
  label,
  emptyText,
}: {
  history: Change[]
  label: string
  emptyText?: string
}) {
  const { t } = useTranslation()
  const dates = useDates()
  if (history.length === 0) return emptyText ? <Text size="sm">{emptyText}</Text> : null
  return (
    <Stack
      component="ol"
      gap={0}
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={label}
      data-testid="order-history"
    >
      {history.map((change, i) => (
        <Box
          component="li"
          // The history only grows at its end: a change's place is its identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={i}
          pl="md"
          pb="xs"
          style={{ borderLeft: '2px solid var(--mantine-color-gray-4)' }}
          data-testid="order-history-step"
        >
          <Text size="sm" fw={600}>
            {t(`orders.status.${change.to}`)}
          </Text>
          <Text size="xs" c="dimmed">
            {dates.dateTime(change.at)} ·{' '}
            {change.by !== undefined && change.by !== null
              ? change.by
              : change.byStaff
                ? t('orders.history.byStaff')
                : t('orders.history.byYou')}
          </Text>
          {change.note && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {t('orders.history.note', { note: change.note })}
            </Text>
          )}
        </Box>
      ))}
    </Stack>
  )
}

/** The dealer's view under an order's items: the heading and the history, when there is one. */
export function OrderHistorySection({ order }: { order: Order }) {
  const { t } = useTranslation()
  if (order.history.length === 0) return null
  return (
    <Stack gap={4} mt="sm">
      <Text size="sm" fw={700}>
        {t('orders.history.title')}
      </Text>
      <OrderStatusHistory
        history={order.history}
        label={t('orders.history.label', { orderNo: order.orderNo })}
      />
    </Stack>
  )
}
