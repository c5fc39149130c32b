import { Alert, Anchor, Box, Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core'
import { Link } from 'react-router'
import type { StaffCustomerDetail } from '../../../../contracts/staff-customers'
import { formatMoney } from '../../../../domain/money-format'
import { AlertIcon } from '../../../components/icons/Icons'
import { LoadError } from '../../../components/LoadError'
import { useTranslation } from '../../../i18n/use-translation'
import { useLocalePath, useSession } from '../../../lib/session-context'
import { EntityHistory } from '../audit/EntityHistory'
import { useStaffCan } from '../use-staff-can'
import { ActiveBadge } from './ActiveBadge'
import { CustomerBranches } from './CustomerBranches'
import { CustomerInvoices } from './CustomerInvoices'
import { CustomerStatement } from './CustomerStatement'
import { CustomerTermsForm } from './CustomerTermsForm'
import { CustomerUsers } from './CustomerUsers'
import { useStaffCustomer } from './staff-customers-api'
import { useCustomerFilters } from './use-customer-filters'

const D = 'staffCustomers.detail'

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box style={{ minWidth: 0 }}>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {children}
      </Text>
    </Box>
  )
}

function Facts({ company }: { company: StaffCustomerDetail }) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const or = (...parts: (string | null)[]) => parts.filter(Boolean).join(' · ') || '—'
  return (
    <SimpleGrid
      component="dl"
      m={0}
      cols={{ base: 1, xs: 2, md: 4 }}
      spacing="sm"
      data-testid="customer-facts"
    >
      <Fact label={t(`${D}.tax`)}>{or(company.taxOffice, company.taxNumber)}</Fact>
      <Fact label={t(`${D}.contact`)}>{or(company.email, company.phone)}</Fact>
      <Fact label={t(`${D}.address`)}>
        {or(company.address, [company.town, company.city].filter(Boolean).join(' / ') || null)}
      </Fact>
      <Fact label={t(`${D}.overdue`)}>
        {company.overdue.balance > 0
          ? t(`${D}.overdueText`, {
              amount: formatMoney({ value: company.overdue.balance, currency: 'TRY' }, locale),
              days: company.overdue.days,
            })
          : t(`${D}.noOverdue`)}
      </Fact>
    </SimpleGrid>
  )
}

/** Where else the company's records are: each staff screen filtered to it. */
function Links({ id }: { id: number }) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const links = [
    ['orders', '/yonetim/siparisler', `customerId=${id}`],
    ['offers', '/yonetim/teklifler', `customerId=${id}`],
    ['transfers', '/yonetim/havale', `customerId=${id}`],
  ] as const
  return (
    <Group component="nav" gap="md" aria-label={t(`${D}.links`)} data-testid="customer-links">
      {links.map(([key, path, query]) => (
        <Anchor key={key} component={Link} to={`${localePath(path)}?${query}`} size="sm">
          {t(`${D}.link.${key}`)}
        </Anchor>
      ))}
    </Group>
  )
}

/**
 * One company on its own page (`/yonetim/musteriler?id=`): its facts, terms, branches, users and
 * statement, its change history (its branches' included), and links to its orders, offers and transfers.
 */
export function StaffCustomerDetailView({ id, onBack }: { id: number; onBack: () => void }) {
  const { t } = useTranslation()
  const detail = useStaffCustomer(id)
  const canWrite = useStaffCan('customers:write')
  const { filters, range } = useCustomerFilters()
  const company = detail.data
  const back = (
    <Group>
      <Button variant="subtle" onClick={onBack} px={4} data-testid="customer-back">
        {t(`${D}.back`)}
      </Button>
    </Group>
  )
  if (detail.isError && !company) {
    return (
      <Stack gap="md">
        {back}
        <LoadError title={t(`${D}.error`)} error={detail.error} onRetry={() => detail.refetch()} />
      </Stack>
    )
  }
  if (!company) {
    return (
      <Stack gap="md" aria-busy="true">
        {back}
        <Text size="sm">{t(`${D}.loading`)}</Text>
        <Skeleton height={160} />
      </Stack>
    )
  }
  return (
    <Stack gap="lg" data-testid="customer-detail">
      <Stack gap="md">
        {back}
        <Group justify="space-between" align="center">
          <Title order={2} size="h3">
            {t(`${D}.title`, { name: company.name, code: company.code })}
          </Title>
          <ActiveBadge active={company.active} />
        </Group>
        <Facts company={company} />
        <Links id={company.id} />
      </Stack>
      {!canWrite && (
        <Alert color="yellow" icon={<AlertIcon />} title={t('staff.roleReadOnlyTitle')}>
          {t('staff.roleReadOnlyText')}
        </Alert>
      )}
      <CustomerTermsForm key={company.id} company={company} canWrite={canWrite} />
      <CustomerBranches company={company} canWrite={canWrite} />
      <CustomerUsers company={company} />
      <CustomerStatement
        customerId={company.id}
        from={filters.from ?? ''}
        to={filters.to ?? ''}
        onRange={range}
      />
      <CustomerInvoices key={`invoices-${company.id}`} customerId={company.id} />
      <EntityHistory
        entity="customer"
        entityId={company.id}
        recordLabel={(row) => {
          const branch =
            row.entity === 'branch' && company.branches.find((b) => String(b.id) === row.entityId)
          return branch ? t(`${D}.branchRecord`, { name: branch.name }) : null
        }}
      />
    </Stack>
  )
}
