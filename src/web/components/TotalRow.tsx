import { Group, Text } from '@mantine/core'
import type { Money } from '../../contracts/common'
import { formatMoney } from '../../domain/money-format'
import { useSession } from '../lib/session-context'

/**
 * One line of a totals block (subtotal, KDV, total) of the cart, an order or an offer: the label on
 * the left, the amount in the visitor's language on the right, never wrapped; `strong` for the total.
 * `compact` keeps the label small and the total one size down, for the offer list's narrow cells.
 */
export function TotalRow({
  label,
  money,
  testId,
  strong = false,
  compact = false,
}: {
  label: string
  money: Money
  testId: string
  strong?: boolean
  compact?: boolean
}) {
  const { locale } = useSession()
  return (
    <Group justify="space-between" gap={compact ? 'lg' : 'xs'} wrap="nowrap">
      <Text size={strong && !compact ? 'md' : 'sm'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text
        size={strong ? (compact ? 'md' : 'lg') : 'sm'}
        fw={strong ? 700 : 500}
        data-testid={testId}
        style={{ whiteSpace: 'nowrap' }}
      >
        {formatMoney(money, locale)}
      </Text>
    </Group>
  )
}
