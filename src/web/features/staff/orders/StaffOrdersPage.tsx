import { Badge, Box, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { DataTable, type DataTableSortStatus } from 'mantine-datatable'
import { useRef, useState } from 'react'
import { STAFF_ORDERS_PAGE_SIZE, type StaffOrderRow } from '../../../../contracts/staff-orders'
import { formatMoney } from '../../../../domain/money-format'
import { ORDER_STATUSES } from '../../../../domain/order-status'
import { ExportMenu } from '../../../components/ExportMenu'
import { LoadError } from '../../../components/LoadError'
import { useTranslation } from '../../../i18n/use-translation'
import { useDates } from '../../../lib/dates'
import { useSession } from '../../../lib/session-context'
import { DealerPicker } from '../DealerPicker'
import { StaffLayout } from '../StaffLayout'
import { OrderStatusBadge } from './OrderStatusBadge'
import { StaffOrderDrawer } from './StaffOrderDrawer'
import { useStaffOrders } from './staff-orders-api'
import { useOrderFilters } from './use-order-filters'

function Filters() {
  const { t } = useTranslation()
  const { filters, change } = useOrderFilters()
  const [q, setQ] = useState(filters.q)
  const sendQ = useDebouncedCallback((value: string) => change({ q: value.trim() }), 350)
  const list = useStaffOrders(filters)
  const knownDealer = list.data?.items.find((row) => row.dealer.id === filters.customerId)?.dealer
  const f = 'staffOrders.filters'
  const any = Boolean(filters.status || filters.customerId || filters.from || filters.to || filters.q)
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
        maxLength={40}
        onChange={(event) => {
          setQ(event.currentTarget.value)
          sendQ(event.currentTarget.value)
        }}
        w={{ base: '100%', sm: 200 }}
        data-testid="orders-filter-q"
      />
      <Select
        label={t(`${f}.status`)}
        data={[
          { value: '', label: t(`${f}.allStatuses`) },
          ...ORDER_STATUSES.map((s) => ({ value: s, label: t(`orders.status.${s}`) })),
        ]}
        value={filters.status ?? ''}
        onChange={(value) => change({ status: (value || null) as typeof filters.status })}
        allowDeselect={false}
        w={{ base: '100%', sm: 170 }}
        data-testid="orders-filter-status"
      />
      <Box w={{ base: '100%', sm: 260 }}>
        <DealerPicker
          label={t(`${f}.dealer`)}
          placeholder={t(`${f}.dealerPlaceholder`)}
          clearable
          testId="orders-filter-dealer"
          value={filters.customerId ? String(filters.customerId) : null}
          knownLabel={knownDealer ? `${knownDealer.code} – ${knownDealer.name}` : undefined}
          onChange={(value) => change({ customerId: value ? Number(value) : null })}
        />
      </Box>
      <TextInput
        type="date"
        label={t(`${f}.from`)}
        value={filters.from ?? ''}
        max={filters.to ?? undefined}
        onChange={(event) => change({ from: event.currentTarget.value || null })}
        w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', sm: 160 }}
        data-testid="orders-filter-from"
      />
      <TextInput
        type="date"
        label={t(`${f}.to`)}
        value={filters.to ?? ''}
        min={filters.from ?? undefined}
        onChange={(event) => change({ to: event.currentTarget.value || null })}
        w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', sm: 160 }}
        data-testid="orders-filter-to"
      />
      {any && (
        <Button
          variant="subtle"
          onClick={() => {
            setQ('')
            change({ status: null, customerId: null, from: null, to: null, q: '' })
          }}
        >
          {t(`${f}.clear`)}
        </Button>
      )}
    </Group>
  )
}

/** The list's filters and sort, as the export takes them. */
function OrdersExport() {
  const { filters } = useOrderFilters()
  return (
    <ExportMenu
      path="/yonetim/orders/export"
      testId="orders-export"
      query={{
        status: filters.status,
        customerId: filters.customerId,
        from: filters.from,
        to: filters.to,
        q: filters.q,
        sort: filters.sort,
        dir: filters.dir,
      }}
    />
  )
}

function OrdersTable({ onOpen }: { onOpen: (row: StaffOrderRow) => void }) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const dates = useDates()
  const { filters, change } = useOrderFilters()
  const list = useStaffOrders(filters)
  const c = 'staffOrders.columns'
  if (list.isError && !list.data) {
    return <LoadError title={t('staffOrders.error')} error={list.error} onRetry={() => list.refetch()} />
  }
  const sortStatus: DataTableSortStatus<StaffOrderRow> = {
    columnAccessor: filters.sort === 'total' ? 'total' : 'date',
    direction: filters.dir,
  }
  return (
    <DataTable<StaffOrderRow>
      withTableBorder
      borderRadius="sm"
      striped
      highlightOnHover
      minHeight={180}
      aria-label={t('staffOrders.title')}
      records={list.data?.items ?? []}
      fetching={list.isFetching}
      loaderBackgroundBlur={0}
      noRecordsText={list.isPending ? t('staffOrders.loading') : t('staffOrders.empty')}
      totalRecords={list.data?.total ?? 0}
      recordsPerPage={STAFF_ORDERS_PAGE_SIZE}
      page={list.data?.page ?? filters.page}
      onPageChange={(page) => change({ page })}
      paginationText={({ from, to, totalRecords }) =>
        // Counted up to a cap: past it the total reads "1000+".
        t('staffOrders.pagination', {
          from,
          to,
          total: list.data?.capped ? `${totalRecords}+` : totalRecords,
        })
      }
      getPaginationControlProps={(control) =>
        control === 'previous' || control === 'next' ? { 'aria-label': t(`staffOrders.page.${control}`) } : {}
      }
      sortStatus={sortStatus}
      onSortStatusChange={(status) =>
        change({ sort: status.columnAccessor === 'total' ? 'total' : 'date', dir: status.direction })
      }
      idAccessor="id"
      data-testid="staff-orders-table"
      columns={[
        {
          accessor: 'orderNo',
          title: t(`${c}.orderNo`),
          noWrap: true,
          render: (row) => (
            <Button
              variant="subtle"
              size="compact-sm"
              px={4}
              onClick={() => onOpen(row)}
              aria-label={t('staffOrders.open', { orderNo: row.orderNo })}
              data-order-opener={row.id}
            >
              {row.orderNo}
            </Button>
          ),
        },
        {
          accessor: 'date',
          title: t(`${c}.date`),
          sortable: true,
          noWrap: true,
          render: (row) => dates.dateTime(row.date),
        },
        {
          accessor: 'dealer',
          title: t(`${c}.dealer`),
          render: (row) => (
            <Stack gap={0}>
              <Text size="sm">{row.dealer.name}</Text>
              <Text size="xs" c="dimmed">
                {row.dealer.code}
                {row.branch ? ` · ${row.branch}` : ''}
              </Text>
            </Stack>
          ),
        },
        { accessor: 'creator', title: t(`${c}.creator`), visibleMediaQuery: '(min-width: 1200px)' },
        {
          accessor: 'status',
          title: t(`${c}.status`),
          render: (row) => <OrderStatusBadge status={row.status} />,
        },
        {
          accessor: 'total',
          title: t(`${c}.total`),
          sortable: true,
          textAlign: 'right',
          noWrap: true,
          render: (row) => formatMoney(row.total, locale),
        },
        {
          accessor: 'paymentPlan',
          title: t(`${c}.plan`),
          visibleMediaQuery: '(min-width: 900px)',
          render: (row) => (
            <Stack gap={2} align="flex-start">
              <Text size="sm">{row.paymentPlan}</Text>
              {row.paidByCard && (
                <Badge size="sm" variant="outline" color="teal" style={{ overflow: 'visible' }}>
                  {t('staffOrders.paidByCard')}
                </Badge>
              )}
            </Stack>
          ),
        },
        {
          accessor: 'erpDocumentNo',
          title: t(`${c}.erp`),
          visibleMediaQuery: '(min-width: 1200px)',
          render: (row) => row.erpDocumentNo ?? '—',
        },
      ]}
    />
  )
}

/** The row's button that opened an order, if the row is still listed. */
function openerOf(id: number): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-order-opener="${id}"]`)
}

/** /yonetim/siparisler — every dealer's orders, filtered and sorted in the address; one opens in a drawer. */
export function StaffOrdersPage() {
  const { t } = useTranslation()
  const [open, setOpen] = useState<StaffOrderRow | null>(null)
  const heading = useRef<HTMLDivElement>(null)
  const close = () => {
    const id = open?.id
    setOpen(null)
    // The focus goes back to the row's button, or to the list when the row has left it.
    setTimeout(() => (id !== undefined ? (openerOf(id) ?? heading.current) : heading.current)?.focus(), 0)
  }
  return (
    <StaffLayout title={t('staffOrders.title')} description={t('staffOrders.description')}>
      <Stack gap="md" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <Filters />
          <OrdersExport />
        </Group>
        <OrdersTable onOpen={setOpen} />
      </Stack>
      <StaffOrderDrawer row={open} onClose={close} />
    </StaffLayout>
  )
}
