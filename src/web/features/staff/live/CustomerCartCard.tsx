import { Anchor, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core'
import type { MouseEvent } from 'react'
import type { CustomerCart } from '../../../../contracts/staff-live'
import { formatMoney } from '../../../../domain/money-format'
import { useTranslation } from '../../../i18n/use-translation'
import { useDates } from '../../../lib/dates'
import { useLocalePath, useSession } from '../../../lib/session-context'
import { formatAge } from './live-format'

/**
 * One dealer's cart: whose it is, when it last changed and its total, then its lines. A click anywhere
 * on a line opens the product in a new tab; from the keyboard, the line's link does (Tab to it, Enter).
 */
export function CustomerCartCard({ cart, now }: { cart: CustomerCart; now: number }) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const dates = useDates()
  const localePath = useLocalePath()
  const owner = cart.userName ?? t('customerCarts.guest')
  const age = formatAge(cart.updatedAt, now, locale) ?? t('customerCarts.justNow')

  const openRow = (event: MouseEvent<HTMLTableRowElement>, link: string) => {
    // The link itself opens the tab; a click elsewhere on the line does the same.
    if ((event.target as Element).closest('a')) return
    window.open(localePath(link), '_blank', 'noopener')
  }

  return (
    <Card component="li" withBorder padding="md" data-testid="customer-cart" data-cart-id={cart.id}>
      <Stack gap="sm">
        <Stack gap={2}>
          <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
            <Title order={2} size="h4" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              {owner}
            </Title>
            <Text fw={700} style={{ whiteSpace: 'nowrap' }} data-testid="cart-total">
              <VisuallyHidden>{t('customerCarts.total')}: </VisuallyHidden>
              {formatMoney(cart.total, locale)}
            </Text>
          </Group>
          {cart.companyName && (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {cart.companyName}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {t('customerCarts.changed')}:{' '}
            {/* Counted from the browser's clock: the server's drawing may be a minute apart. */}
            <time dateTime={cart.updatedAt} title={dates.dateTime(cart.updatedAt)} suppressHydrationWarning>
              {age}
            </time>
            {' · '}
            {t('customerCarts.lines', { count: cart.lineCount })}
          </Text>
        </Stack>
        <Table
          aria-label={t('customerCarts.table', { name: owner })}
          layout="fixed"
          verticalSpacing={6}
          horizontalSpacing="xs"
          highlightOnHover
          fz="sm"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('customerCarts.columns.name')}</Table.Th>
              <Table.Th w="32%">{t('customerCarts.columns.code')}</Table.Th>
              <Table.Th w="22%" ta="right">
                {t('customerCarts.columns.quantity')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {cart.items.map((item) => (
              <Table.Tr
                key={`${item.link}|${item.unit}`}
                data-testid="cart-line"
                style={{ cursor: 'pointer' }}
                onClick={(event) => openRow(event, item.link)}
              >
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Anchor href={localePath(item.link)} target="_blank" rel="noopener noreferrer" size="sm">
                    {item.productName} <VisuallyHidden>{t('customerCarts.newTab')}</VisuallyHidden>
                  </Anchor>
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.productCode}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {item.productQuantity} {item.unit}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {cart.lineCount > cart.items.length && (
          <Text size="xs" c="dimmed" data-testid="cart-truncated">
            {t('customerCarts.truncated', { shown: cart.items.length })}
          </Text>
        )}
      </Stack>
    </Card>
  )
}
