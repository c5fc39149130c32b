import { Table, Text } from '@mantine/core'
import type { AdminPayment } from '../../../../contracts/back-office'
import { paymentStatuses } from '../../../../contracts/payments'
import { formatMoney } from '../../../../domain/money-format'
import { useTranslation } from '../../../i18n/use-translation'
import { useSession } from '../../../lib/session-context'
import { usePhoneLayout } from '../../../lib/use-phone-layout'
import { formatMailDate } from '../mail-format'
import { StaffLayout } from '../StaffLayout'
import { PaymentStatusBadge } from './PaymentStatusBadge'
import { useAdminPayments } from './payments-admin-api'
import { PaymentCards, type PaymentColumn } from './StaffCards'
import { StaffList } from './StaffList'
import { useListFilter } from './use-list-filter'

const nowrap = { whiteSpace: 'nowrap' } as const

/**
 * The nine columns fit the staff screen's content from 1280 px on (dates, types, names and the long
 * headers wrap; amounts, the card number and the order number do not). Narrower, down to the phone
 * layout's cards, the table scrolls sideways in a region that takes the keyboard focus.
 */
function PaymentsTable({ payments }: { payments: AdminPayment[] }) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const tl = (value: number) => formatMoney({ value, currency: 'TRY' }, locale)
  const col = (key: PaymentColumn) => t(`staffPayments.payments.columns.${key}`)
  return (
    <Table.ScrollContainer
      minWidth={860}
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
            <Table.Th ta="right">{col('installment')}</Table.Th>
            <Table.Th>{col('order')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payments.map((p) => (
            <Table.Tr key={p.id} data-testid="payment-row">
              <Table.Td>{formatMailDate(p.createdAt, locale)}</Table.Td>
              <Table.Td>
                <PaymentStatusBadge status={p.status} />
                {p.failureMessage && (
                  <Text size="xs" c="red.8" mt={4} maw={160}>
                    {p.failureMessage}
                  </Text>
                )}
              </Table.Td>
              <Table.Td miw={110}>
                <Text size="sm" fw={500}>
                  {p.dealer.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {p.dealer.code}
                </Text>
              </Table.Td>
              <Table.Td>{t(`staffPayments.payments.type.${p.paymentType}`)}</Table.Td>
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
                {tl(p.totalAmount)}
              </Table.Td>
              <Table.Td ta="right">
                {p.installment === 1 ? t('staffPayments.payments.single') : p.installment}
              </Table.Td>
              <Table.Td style={nowrap}>{p.order?.no ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

function Payments() {
  const { t } = useTranslation()
  const phone = usePhoneLayout()
  const { status, page, show } = useListFilter(paymentStatuses)
  const query = useAdminPayments(status, page)
  return (
    <StaffList
      query={query}
      status={status}
      statuses={paymentStatuses}
      page={page}
      show={show}
      texts={{
        filter: t('staffPayments.payments.statusLabel'),
        status: (s) => t(`staffPayments.payments.status.${s}`),
        loading: t('staffPayments.payments.loading'),
        error: t('staffPayments.payments.error'),
        empty: t('staffPayments.payments.empty'),
        total: (count) => t('staffPayments.payments.total', { count }),
      }}
    >
      {(items) => (phone ? <PaymentCards payments={items} /> : <PaymentsTable payments={items} />)}
    </StaffList>
  )
}

/** /yonetim/odemeler — card payments (succeeded, failed, pending), newest first, 50 a page. */
export function PaymentsPage() {
  const { t } = useTranslation()
  return (
    <StaffLayout title={t('staffPayments.payments.title')} description={t('staffPayments.payments.intro')}>
      <Payments />
    </StaffLayout>
  )
}
