import { Badge, Table, Text } from '@mantine/core'
import {
  type AdminPaymentLink,
  type PaymentLinkStatus,
  paymentLinkStatuses,
} from '../../../../contracts/back-office'
import { formatMoney } from '../../../../domain/money-format'
import { useTranslation } from '../../../i18n/use-translation'
import { useSession } from '../../../lib/session-context'
import { formatMailDate } from '../mail-format'
import { StaffLayout } from '../StaffLayout'
import { useAdminPaymentLinks } from './payments-admin-api'
import { StaffList } from './StaffList'
import { useListFilter } from './use-list-filter'

const statusColor: Record<PaymentLinkStatus, string> = { open: 'blue', paid: 'green', expired: 'gray' }

function LinksTable({ links }: { links: AdminPaymentLink[] }) {
  const { t } = useTranslation()
  const { locale } = useSession()
  return (
    <Table.ScrollContainer minWidth={900} type="native">
      <Table
        verticalSpacing="sm"
        highlightOnHover
        aria-label={t('staffPayments.links.list')}
        data-testid="links-table"
      >
        <Table.Thead style={{ whiteSpace: 'nowrap' }}>
          <Table.Tr>
            <Table.Th>{t('staffPayments.links.columns.dealer')}</Table.Th>
            <Table.Th ta="right">{t('staffPayments.links.columns.amount')}</Table.Th>
            <Table.Th>{t('staffPayments.links.columns.status')}</Table.Th>
            <Table.Th>{t('staffPayments.links.columns.email')}</Table.Th>
            <Table.Th>{t('staffPayments.links.columns.createdAt')}</Table.Th>
            <Table.Th>{t('staffPayments.links.columns.expiresAt')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {links.map((link) => (
            <Table.Tr key={link.id} data-testid="link-row">
              <Table.Td miw={180}>
                <Text size="sm" fw={500}>
                  {link.dealer.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {link.dealer.code}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney({ value: link.amount, currency: 'TRY' }, locale)}
              </Table.Td>
              <Table.Td>
                <Badge color={statusColor[link.status]} variant="light">
                  {t(`staffPayments.links.status.${link.status}`)}
                </Badge>
                {link.paidAt && (
                  <Text size="xs" c="dimmed" mt={4} style={{ whiteSpace: 'nowrap' }}>
                    {t('staffPayments.links.paidOn', { date: formatMailDate(link.paidAt, locale) })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{link.email ?? '—'}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMailDate(link.createdAt, locale)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMailDate(link.expiresAt, locale)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

function Links() {
  const { t } = useTranslation()
  const { status, page, show } = useListFilter(paymentLinkStatuses)
  const query = useAdminPaymentLinks(status, page)
  return (
    <StaffList
      query={query}
      status={status}
      statuses={paymentLinkStatuses}
      page={page}
      show={show}
      texts={{
        filter: t('staffPayments.links.statusLabel'),
        status: (s) => t(`staffPayments.links.status.${s}`),
        loading: t('staffPayments.links.loading'),
        error: t('staffPayments.links.error'),
        empty: t('staffPayments.links.empty'),
        total: (count) => t('staffPayments.links.total', { count }),
      }}
    >
      {(items) => <LinksTable links={items} />}
    </StaffList>
  )
}

/** /yonetim/odeme-baglantilari — payment links: open, paid or expired, newest first, 50 a page. */
export function PaymentLinksPage() {
  const { t } = useTranslation()
  return (
    <StaffLayout title={t('staffPayments.links.title')} description={t('staffPayments.links.intro')}>
      <Links />
    </StaffLayout>
  )
}
