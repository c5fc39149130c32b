import { Badge, Table, Text } from '@mantine/core'
import type { AdminPayment } from '../../../../contracts/back-office'
import { type PaymentStatus, paymentStatuses } from '../../../../contracts/payments'
import { formatMoney } from '../../../../domain/money-format'
import { useTranslation } from '../../../i18n/use-translation'
import { useSession } from '../../../lib/session-context'
import { formatMailDate } from '../mail-format'
import { StaffLayout } from '../StaffLayout'
import { useAdminPayments } from './payments-admin-api'
import { StaffList } from './StaffList'
import { useListFilter } from './use-list-filter'

const statusColor: Record<PaymentStatus, string> = { succeeded: 'green', failed: 'red', pending: 'gray' }

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation()
  return (
    <Badge color={statusColor[status]} variant="light">
      {t(`staffPayments.payments.status.${status}`)}
    </Badge>
  )
}

function PaymentsTable({ payments }: { payments: AdminPayment[] }) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const tl = (value: number) => formatMoney({ value, currency: 'TRY' }, locale)
  return (
    <Table.ScrollContainer minWidth={1100} type="native">
      <Table
        verticalSpacing="sm"
        highlightOnHover
        aria-label={t('staffPayments.payments.list')}
        data-testid="payments-table"
      >
        <Table.Thead style={{ whiteSpace: 'nowrap' }}>
          <Table.Tr>
            <Table.Th>{t('staffPayments.payments.columns.date')}</Table.Th>
            <Table.Th>{t('staffPayments.payments.columns.status')}</Table.Th>
            <Table.Th>{t('staffPayments.payments.columns.dealer')}</Table.Th>
            <Table.Th>{t('staffPayments.payments.columns.type')}</Table.Th>
            <Table.Th>{t('staffPayments.payments.columns.card')}</Table.Th>
            <Table.Th ta="right">{t('staffPayments.payments.columns.amount')}</Table.Th>
            <Table.Th ta="right">{t('staffPayments.payments.columns.total')}</Table.Th>
            <Table.Th ta="right">{t('staffPayments.payments.columns.installment')}</Table.Th>
            <Table.Th>{t('staffPayments.payments.columns.order')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payments.map((p) => (
            <Table.Tr key={p.id} data-testid="payment-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMailDate(p.createdAt, locale)}</Table.Td>
              <Table.Td>
                <PaymentStatusBadge status={p.status} />
                {p.failureMessage && (
                  <Text size="xs" c="red.8" mt={4} maw={200}>
                    {p.failureMessage}
                  </Text>
                )}
              </Table.Td>
              <Table.Td miw={180}>
                <Text size="sm" fw={500}>
                  {p.dealer.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {p.dealer.code}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {t(`staffPayments.payments.type.${p.paymentType}`)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm" ff="monospace">
                  {p.cardMasked}
                </Text>
                <Text size="xs" c="dimmed">
                  {p.cardHolder}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {tl(p.amount)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {tl(p.totalAmount)}
              </Table.Td>
              <Table.Td ta="right">
                {p.installment === 1 ? t('staffPayments.payments.single') : p.installment}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{p.order?.no ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

function Payments() {
  const { t } = useTranslation()
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
      {(items) => <PaymentsTable payments={items} />}
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
