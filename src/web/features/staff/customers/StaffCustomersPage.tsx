import { Button, Card, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { DataTable, type DataTableSortStatus } from 'mantine-datatable'
import { useRef, useState } from 'react'
import { STAFF_CUSTOMERS_PAGE_SIZE, type StaffCustomerRow } from '../../../../contracts/staff-customers'
import { ExportMenu } from '../../../components/ExportMenu'
import { LoadError } from '../../../components/LoadError'
import { useTranslation } from '../../../i18n/use-translation'
import { useSession } from '../../../lib/session-context'
import { usePhoneLayout } from '../../../lib/use-phone-layout'
import { StaffLayout } from '../StaffLayout'
import { ActiveBadge } from './ActiveBadge'
import { percentText, riskLimitText } from './customer-format'
import { StaffCustomerDetailView } from './StaffCustomerDetail'
import { useStaffCustomers } from './staff-customers-api'
import { useCustomerFilters } from './use-customer-filters'

const C = 'staffCustomers'
const f = `${C}.filters`

function Filters() {
  const { t } = useTranslation()
  const { filters, change } = useCustomerFilters()
  const [q, setQ] = useState(filters.q)
  const sendQ = useDebouncedCallback((value: string) => change({ q: value.trim() }), 350)
  const active = filters.active === null ? 'all' : String(filters.active)
  return (
    <Group
      component="form"
      role="search"
      aria-label={t(`${f}.label`)}
      align="flex-end"
      gap="sm"
      wrap="wrap"
      onSubmit={(event) => {
        event.preventDefault()
        change({ q: q.trim() })
      }}
    >
      <TextInput
        label={t(`${f}.q`)}
        placeholder={t(`${f}.qPlaceholder`)}
        value={q}
        maxLength={100}
        onChange={(event) => {
          setQ(event.currentTarget.value)
          sendQ(event.currentTarget.value)
        }}
        w={{ base: '100%', sm: 280 }}
        data-testid="customers-filter-q"
      />
      <Stack gap={4}>
        <Text component="span" size="sm" fw={500} id="customers-filter-active">
          {t(`${f}.active`)}
        </Text>
        <SegmentedControl
          aria-labelledby="customers-filter-active"
          value={active}
          onChange={(value) => change({ active: value === 'all' ? null : value === 'true' })}
          data={[
            { value: 'all', label: t(`${f}.all`) },
            { value: 'true', label: t(`${f}.activeOnly`) },
            { value: 'false', label: t(`${f}.inactiveOnly`) },
          ]}
          data-testid="customers-filter-active"
        />
      </Stack>
    </Group>
  )
}

/** The list's filters and sort, as the export takes them. */
function CustomersExport() {
  const { filters } = useCustomerFilters()
  return (
    <ExportMenu
      path="/yonetim/customers/export"
      testId="customers-export"
      query={{
        q: filters.q || null,
        active: filters.active === null ? null : String(filters.active),
        sort: filters.sort,
        dir: filters.dir,
      }}
    />
  )
}

/** The company's code as the button that opens the company's own page. */
function OpenButton({ row, onOpen }: { row: StaffCustomerRow; onOpen: (id: number) => void }) {
  const { t } = useTranslation()
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      px={4}
      onClick={() => onOpen(row.id)}
      // The name starts with the code the button shows (WCAG 2.5.3, label in name).
      aria-label={t(`${C}.open`, { code: row.code, name: row.name })}
      data-customer-opener={row.id}
    >
      {row.code}
    </Button>
  )
}

function CustomersTable({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const { filters, change } = useCustomerFilters()
  const list = useStaffCustomers(filters)
  const c = `${C}.columns`
  const sortStatus: DataTableSortStatus<StaffCustomerRow> = {
    columnAccessor: filters.sort,
    direction: filters.dir,
  }
  return (
    <DataTable<StaffCustomerRow>
      withTableBorder
      borderRadius="sm"
      striped
      highlightOnHover
      minHeight={180}
      aria-label={t(`${C}.title`)}
      records={list.data?.items ?? []}
      fetching={list.isFetching}
      loaderBackgroundBlur={0}
      noRecordsText={list.isPending ? t(`${C}.loading`) : t(`${C}.empty`)}
      totalRecords={list.data?.total ?? 0}
      recordsPerPage={STAFF_CUSTOMERS_PAGE_SIZE}
      page={list.data?.page ?? filters.page}
      onPageChange={(page) => change({ page })}
      paginationText={({ from, to, totalRecords }) =>
        // Counted up to a cap: past it the total reads "1000+".
        t(`${C}.pagination`, { from, to, total: list.data?.capped ? `${totalRecords}+` : totalRecords })
      }
      getPaginationControlProps={(control) =>
        control === 'previous' || control === 'next' ? { 'aria-label': t(`${C}.page.${control}`) } : {}
      }
      sortStatus={sortStatus}
      onSortStatusChange={(status) =>
        change({ sort: status.columnAccessor === 'name' ? 'name' : 'code', dir: status.direction })
      }
      idAccessor="id"
      data-testid="staff-customers-table"
      columns={[
        {
          accessor: 'code',
          title: t(`${c}.code`),
          sortable: true,
          noWrap: true,
          render: (row) => <OpenButton row={row} onOpen={onOpen} />,
        },
        { accessor: 'name', title: t(`${c}.name`), sortable: true },
        {
          accessor: 'taxNumber',
          title: t(`${c}.taxNumber`),
          noWrap: true,
          visibleMediaQuery: '(min-width: 1200px)',
          render: (row) => row.taxNumber ?? '—',
        },
        {
          accessor: 'city',
          title: t(`${c}.city`),
          visibleMediaQuery: '(min-width: 900px)',
          render: (row) => row.city ?? '—',
        },
        {
          accessor: 'riskLimit',
          title: t(`${c}.riskLimit`),
          textAlign: 'right',
          noWrap: true,
          render: (row) => riskLimitText(row.riskLimit, locale, t),
        },
        {
          accessor: 'profitPercent',
          title: t(`${c}.profitPercent`),
          textAlign: 'right',
          noWrap: true,
          render: (row) => percentText(row.profitPercent, locale),
        },
        {
          accessor: 'paymentTermDays',
          title: t(`${c}.paymentTermDays`),
          textAlign: 'right',
          noWrap: true,
        },
        {
          accessor: 'salesPerson',
          title: t(`${c}.salesPerson`),
          visibleMediaQuery: '(min-width: 900px)',
          render: (row) => row.salesPerson?.name ?? '—',
        },
        { accessor: 'active', title: t(`${c}.active`), render: (row) => <ActiveBadge active={row.active} /> },
      ]}
    />
  )
}

/** The companies as cards on a phone: each with what the table's row shows, and its own pager. */
function CustomerCards({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const { filters, change } = useCustomerFilters()
  const list = useStaffCustomers(filters)
  const data = list.data
  const c = `${C}.columns`
  if (!data) return <Text size="sm">{t(`${C}.loading`)}</Text>
  if (data.items.length === 0) return <Text size="sm">{t(`${C}.empty`)}</Text>
  return (
    <Stack gap="sm">
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t(`${C}.title`)}>
        {data.items.map((row) => (
          <Card component="li" withBorder padding="sm" key={row.id} data-testid="customer-card">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <OpenButton row={row} onOpen={onOpen} />
              <ActiveBadge active={row.active} />
            </Group>
            <Text size="sm" fw={600}>
              {row.name}
            </Text>
            <Text size="xs" c="dimmed">
              {[row.city, row.taxNumber, row.salesPerson?.name].filter(Boolean).join(' · ') || '—'}
            </Text>
            <Text size="xs">
              {t(`${c}.riskLimit`)}: {riskLimitText(row.riskLimit, locale, t)} · {t(`${c}.profitPercent`)}:{' '}
              {percentText(row.profitPercent, locale)} · {t(`${c}.paymentTermDays`)}: {row.paymentTermDays}
            </Text>
          </Card>
        ))}
      </Stack>
      {data.pages > 1 && (
        <Group justify="space-between">
          <Button variant="default" disabled={data.page <= 1} onClick={() => change({ page: data.page - 1 })}>
            {t(`${C}.page.previous`)}
          </Button>
          <Text size="sm">{t(`${C}.pageOf`, { page: data.page, pages: data.pages })}</Text>
          <Button
            variant="default"
            disabled={data.page >= data.pages}
            onClick={() => change({ page: data.page + 1 })}
          >
            {t(`${C}.page.next`)}
          </Button>
        </Group>
      )}
    </Stack>
  )
}

function CustomersList({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation()
  const phone = usePhoneLayout()
  const { filters } = useCustomerFilters()
  const list = useStaffCustomers(filters)
  if (list.isError && !list.data) {
    return <LoadError title={t(`${C}.error`)} error={list.error} onRetry={() => list.refetch()} />
  }
  return phone ? <CustomerCards onOpen={onOpen} /> : <CustomersTable onOpen={onOpen} />
}

/**
 * /yonetim/musteriler — the dealer companies, searched, filtered and sorted in the address; `?id=` shows
 * one company on its own page: its terms, branches, users and statement.
 */
export function StaffCustomersPage() {
  const { t } = useTranslation()
  const { filters, open } = useCustomerFilters()
  const top = useRef<HTMLDivElement>(null)
  const lastOpened = useRef<number | null>(null)
  const show = (id: number | null) => {
    if (id !== null) lastOpened.current = id
    open(id)
    // The focus moves to the page shown: the company's page, or back to the row's button in the list.
    setTimeout(() => {
      const opener =
        id === null && lastOpened.current !== null
          ? document.querySelector<HTMLElement>(`[data-customer-opener="${lastOpened.current}"]`)
          : null
      ;(opener ?? top.current)?.focus()
    }, 0)
  }
  return (
    <StaffLayout title={t(`${C}.title`)} description={t(`${C}.description`)}>
      <Stack gap="md" ref={top} tabIndex={-1} style={{ outline: 'none' }}>
        {filters.id !== null ? (
          <StaffCustomerDetailView id={filters.id} onBack={() => show(null)} />
        ) : (
          <>
            <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
              <Filters />
              <CustomersExport />
            </Group>
            <CustomersList onOpen={show} />
          </>
        )}
      </Stack>
    </StaffLayout>
  )
}
