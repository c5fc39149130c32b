import { Table, Text } from '@mantine/core'
import type { StaffPayment } from '../../../../contracts/payments-staff'
import { formatMoney } from '../../../../domain/money-format'
import { useTranslation } from '../../../i18n/use-translation'
import { useDates } from '../../../lib/dates'
import { useSession } from '../../../lib/session-context'
import { CopyableRef } from './CopyableRef'
import { OpenPaymentButton, type PaymentColumn, PaymentNote } from './PaymentRowParts'
import { PaymentStatusBadge } from './PaymentStatusBadge'

const nowrap = { whiteSpace: 'nowrap' } as const

/**
 * The columns fit the staff screen's content from 1366 px on (dates, types, names and the long
 * headers wrap; amounts, the card number and the order number do not; the installments go under
 * what the card was charged). Narrower, down to the phone
 * layout's cards, the table scrolls sideways in a region that takes the keyboard focus. A payment
 * that needs attention stands out with its reason under its status.
 */
export function PaymentsTable({
  payments,
  onOpen,
}: {
  payments: StaffPayment[]
  onOpen: (id: string) => void
}) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const dates = useDates()
  const tl = (value: number) => formatMoney({ value, currency: 'TRY' }, locale)
  const col = (key: PaymentColumn) => t(`staffPayments.payments.columns.${key}`)
  return (
    <Table.ScrollContainer
      minWidth={1000}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={t('staffPayments.payments.list')}
    >
      <Table
        verticalSpacing="sm"
        highlightOnHover
        aria-label={t('staffPayments.payments.list')}
        data-testid="payments-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{col('date')}</Table.Th>
            <Table.Th>{col('status')}</Table.Th>
            <Table.Th>{col('dealer')}</Table.Th>
            <Table.Th>{col('type')}</Table.Th>
            <Table.Th>{col('card')}</Table.Th>
            <Table.Th ta="right">{col('amount')}</Table.Th>
            <Table.Th ta="right">{col('total')}</Table.Th>
            <Table.Th>{col('reference')}</Table.Th>
            <Table.Th>{col('details')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payments.map((p) => (
            <Table.Tr
              key={p.id}
              data-testid="payment-row"
              data-status={p.status}
              bg={p.status === 'needs_attention' ? 'var(--mantine-color-orange-0)' : undefined}
            >
              <Table.Td>{dates.dateTime(p.createdAt)}</Table.Td>
              <Table.Td maw={220}>
                <PaymentStatusBadge status={p.status} />
                <PaymentNote payment={p} />
              </Table.Td>
              <Table.Td miw={110}>
                <Text size="sm" fw={500}>
                  {p.dealer.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {p.dealer.code}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{t(`staffPayments.payments.type.${p.paymentType}`)}</Text>
                {p.order && (
                  <Text size="xs" c="dimmed" style={nowrap}>
                    {p.order.no}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="xs" ff="monospace" style={nowrap}>
                  {p.cardMasked}
                </Text>
                <Text size="xs" c="dimmed">
                  {p.cardHolder}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={nowrap}>
                {tl(p.amount)}
              </Table.Td>
              <Table.Td ta="right" style={nowrap}>
                <Text size="sm">{tl(p.totalAmount)}</Text>
                <Text size="xs" c="dimmed">
                  {p.installment === 1
                    ? t('staffPayments.payments.single')
                    : t('staffPayments.payments.installments', { count: p.installment })}
                </Text>
              </Table.Td>
              <Table.Td miw={165}>
                <CopyableRef value={p.gatewayRef} />
              </Table.Td>
              <Table.Td>
                <OpenPaymentButton payment={p} onOpen={onOpen} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
