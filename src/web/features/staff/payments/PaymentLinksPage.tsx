import { Table, Text } from '@mantine/core'
import { type AdminPaymentLink, paymentLinkStatuses } from '../../../../contracts/back-office'
import { formatMoney } from '../../../../domain/money-format'
import { useTranslation } from '../../../i18n/use-translation'
import { useDates } from '../../../lib/dates'
import { useSession } from '../../../lib/session-context'
import { usePhoneLayout } from '../../../lib/use-phone-layout'
import { StaffLayout } from '../StaffLayout'
import { useAdminPaymentLinks } from './payments-admin-api'
import { type LinkColumn, LinkStatusBadge, PaymentLinkCards } from './StaffCards'
import { StaffList } from './StaffList'
import { useListFilter } from './use-list-filter'

/**
 * The six columns fit the staff screen's content from 1280 px on (names, e-mails, dates and headers
 * wrap). Narrower, down to the phone layout's cards, the table scrolls sideways in a region that takes
 * the keyboard focus.
 */
function LinksTable({ links }: { links: AdminPaymentLink[] }) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const dates = useDates()
  const col = (key: LinkColumn) => t(`staffPayments.links.columns.${key}`)
  return (
    <Table.ScrollContainer
      minWidth={720}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={t('staffPayments.links.list')}
    >
      <Table
        verticalSpacing="sm"
        highlightOnHover
        aria-label={t('staffPayments.links.list')}
        data-testid="links-table"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{col('dealer')}</Table.Th>
            <Table.Th ta="right">{col('amount')}</Table.Th>
            <Table.Th>{col('status')}</Table.Th>
            <Table.Th>{col('email')}</Table.Th>
            <Table.Th>{col('createdAt')}</Table.Th>
            <Table.Th>{col('expiresAt')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {links.map((link) => (
            <Table.Tr key={link.id} data-testid="link-row">
              <Table.Td miw={140}>
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
                <LinkStatusBadge status={link.status} />
                {link.paidAt && (
                  <Text size="xs" c="dimmed" mt={4}>
                    {t('staffPayments.links.paidOn', { date: dates.dateTime(link.paidAt) })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{link.email ?? '—'}</Table.Td>
              <Table.Td>{dates.dateTime(link.createdAt)}</Table.Td>
              <Table.Td>{dates.dateTime(link.expiresAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

function Links() {
  const { t } = useTranslation()
  const phone = usePhoneLayout()
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
      {(items) => (phone ? <PaymentLinkCards links={items} /> : <LinksTable links={items} />)}
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
