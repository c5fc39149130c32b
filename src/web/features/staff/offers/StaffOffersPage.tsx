import { Box, Button, Card, Group, Select, Stack, Text, TextInput } from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import { DataTable } from 'mantine-datatable'
import { useRef, useState } from 'react'
import {
  OFFER_STATUSES,
  STAFF_OFFERS_PAGE_SIZE,
  type StaffOfferRow,
} from '../../../../contracts/staff-offers'
import { formatMoney } from '../../../../domain/money-format'
import { ExportMenu } from '../../../components/ExportMenu'
import { LoadError } from '../../../components/LoadError'
import { useTranslation } from '../../../i18n/use-translation'
import { useDates } from '../../../lib/dates'
import { useSession } from '../../../lib/session-context'
import { usePhoneLayout } from '../../../lib/use-phone-layout'
import { DealerPicker } from '../DealerPicker'
import { StaffLayout } from '../StaffLayout'
import { OfferStatusBadge } from './OfferStatusBadge'
import { StaffOfferDetailView } from './StaffOfferDetail'
import { useStaffOffers } from './staff-offers-api'
import { useOfferFilters } from './use-offer-filters'

const f = 'staffOffers.filters'

function Filters() {
  const { t } = useTranslation()
  const { filters, change } = useOfferFilters()
  const [q, setQ] = useState(filters.q)
  const sendQ = useDebouncedCallback((value: string) => change({ q: value.trim() }), 350)
  const list = useStaffOffers(filters)
  const knownDealer = list.data?.items.find((row) => row.dealer.id === filters.customerId)?.dealer
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
        data-testid="offers-filter-q"
      />
      <Select
        label={t(`${f}.status`)}
        data={[
          { value: '', label: t(`${f}.allStatuses`) },
          ...OFFER_STATUSES.map((s) => ({ value: s, label: t(`staffOffers.status.${s}`) })),
        ]}
        value={filters.status ?? ''}
        onChange={(value) => change({ status: (value || null) as typeof filters.status })}
        allowDeselect={false}
        w={{ base: '100%', sm: 170 }}
        data-testid="offers-filter-status"
      />
      <Box w={{ base: '100%', sm: 260 }}>
        <DealerPicker
          label={t(`${f}.dealer`)}
          placeholder={t(`${f}.dealerPlaceholder`)}
          clearable
          testId="offers-filter-dealer"
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
        data-testid="offers-filter-from"
      />
      <TextInput
        type="date"
        label={t(`${f}.to`)}
        value={filters.to ?? ''}
        min={filters.from ?? undefined}
        onChange={(event) => change({ to: event.currentTarget.value || null })}
        w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', sm: 160 }}
        data-testid="offers-filter-to"
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

/** The offer number as the button that opens the offer's own page. */
function OpenButton({ row, onOpen }: { row: StaffOfferRow; onOpen: (id: number) => void }) {
  const { t } = useTranslation()
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      px={4}
      onClick={() => onOpen(row.id)}
      aria-label={t('staffOffers.open', { offerNo: row.offerNo })}
      data-offer-opener={row.id}
    >
      {row.offerNo}
    </Button>
  )
}

function OffersTable({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const dates = useDates()
  const { filters, change } = useOfferFilters()
  const list = useStaffOffers(filters)
  const c = 'staffOffers.columns'
  return (
    <DataTable<StaffOfferRow>
      withTableBorder
      borderRadius="sm"
      striped
      highlightOnHover
      minHeight={180}
      aria-label={t('staffOffers.title')}
      records={list.data?.items ?? []}
      fetching={list.isFetching}
      loaderBackgroundBlur={0}
      noRecordsText={list.isPending ? t('staffOffers.loading') : t('staffOffers.empty')}
      totalRecords={list.data?.total ?? 0}
      recordsPerPage={STAFF_OFFERS_PAGE_SIZE}
      page={list.data?.page ?? filters.page}
      onPageChange={(page) => change({ page })}
      paginationText={({ from, to, totalRecords }) =>
        t('staffOffers.pagination', { from, to, total: totalRecords })
      }
      getPaginationControlProps={(control) =>
        control === 'previous' || control === 'next' ? { 'aria-label': t(`staffOffers.page.${control}`) } : {}
      }
      idAccessor="id"
      data-testid="staff-offers-table"
      columns={[
        {
          accessor: 'offerNo',
          title: t(`${c}.offerNo`),
          noWrap: true,
          render: (row) => <OpenButton row={row} onOpen={onOpen} />,
        },
        { accessor: 'date', title: t(`${c}.date`), noWrap: true, render: (row) => dates.dateTime(row.date) },
        {
          accessor: 'dealer',
          title: t(`${c}.dealer`),
          render: (row) => (
            <Stack gap={0}>
              <Text size="sm">{row.dealer.name}</Text>
              <Text size="xs" c="dimmed">
                {row.dealer.code}
              </Text>
            </Stack>
          ),
        },
        {
          accessor: 'customerName',
          title: t(`${c}.customer`),
          visibleMediaQuery: '(min-width: 900px)',
          render: (row) => row.customerName ?? '—',
        },
        { accessor: 'creator', title: t(`${c}.creator`), visibleMediaQuery: '(min-width: 1200px)' },
        {
          accessor: 'status',
          title: t(`${c}.status`),
          render: (row) => <OfferStatusBadge status={row.status} />,
        },
        {
          accessor: 'total',
          title: t(`${c}.total`),
          textAlign: 'right',
          noWrap: true,
          render: (row) => formatMoney(row.total, locale),
        },
      ]}
    />
  )
}

/** The offers as cards on a phone: each with what the table's row shows, and its own pager. */
function OfferCards({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const dates = useDates()
  const { filters, change } = useOfferFilters()
  const list = useStaffOffers(filters)
  const data = list.data
  const c = 'staffOffers.columns'
  if (!data) return <Text size="sm">{t('staffOffers.loading')}</Text>
  if (data.items.length === 0) return <Text size="sm">{t('staffOffers.empty')}</Text>
  return (
    <Stack gap="sm">
      <Stack
        component="ul"
        gap="sm"
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-label={t('staffOffers.title')}
      >
        {data.items.map((row) => (
          <Card component="li" withBorder padding="sm" key={row.id} data-testid="offer-card">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <OpenButton row={row} onOpen={onOpen} />
              <OfferStatusBadge status={row.status} />
            </Group>
            <Text size="sm" fw={600}>
              {row.dealer.name}
            </Text>
            <Text size="xs" c="dimmed">
              {row.dealer.code} · {dates.dateTime(row.date)}
            </Text>
            {row.customerName && (
              <Text size="xs">
                {t(`${c}.customer`)}: {row.customerName}
              </Text>
            )}
            <Text size="sm" fw={700} ta="right">
              {formatMoney(row.total, locale)}
            </Text>
          </Card>
        ))}
      </Stack>
      {data.pages > 1 && (
        <Group justify="space-between">
          <Button variant="default" disabled={data.page <= 1} onClick={() => change({ page: data.page - 1 })}>
            {t('staffOffers.page.previous')}
          </Button>
          <Text size="sm">{t('staffOffers.pageOf', { page: data.page, pages: data.pages })}</Text>
          <Button
            variant="default"
            disabled={data.page >= data.pages}
            onClick={() => change({ page: data.page + 1 })}
          >
            {t('staffOffers.page.next')}
          </Button>
        </Group>
      )}
    </Stack>
  )
}

/** The list's filters, as the export takes them. */
function OffersExport() {
  const { filters } = useOfferFilters()
  return (
    <ExportMenu
      path="/yonetim/offers/export"
      testId="offers-export"
      query={{
        status: filters.status,
        customerId: filters.customerId,
        from: filters.from,
        to: filters.to,
        q: filters.q,
      }}
    />
  )
}

function OffersList({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation()
  const phone = usePhoneLayout()
  const { filters } = useOfferFilters()
  const list = useStaffOffers(filters)
  if (list.isError && !list.data) {
    return <LoadError title={t('staffOffers.error')} error={list.error} onRetry={() => list.refetch()} />
  }
  return phone ? <OfferCards onOpen={onOpen} /> : <OffersTable onOpen={onOpen} />
}

/**
 * /yonetim/teklifler — every dealer's offers, filtered in the address; `?id=` shows one offer on its
 * own page, from where staff make it into an order.
 */
export function StaffOffersPage() {
  const { t } = useTranslation()
  const { filters, open } = useOfferFilters()
  const top = useRef<HTMLDivElement>(null)
  const lastOpened = useRef<number | null>(null)
  const show = (id: number | null) => {
    if (id !== null) lastOpened.current = id
    open(id)
    // The focus moves to the page shown: the offer's heading, or back to the row's button in the list.
    setTimeout(() => {
      const opener =
        id === null && lastOpened.current !== null
          ? document.querySelector<HTMLElement>(`[data-offer-opener="${lastOpened.current}"]`)
          : null
      ;(opener ?? top.current)?.focus()
    }, 0)
  }
  return (
    <StaffLayout title={t('staffOffers.title')} description={t('staffOffers.description')}>
      <Stack gap="md" ref={top} tabIndex={-1} style={{ outline: 'none' }}>
        {filters.id !== null ? (
          <StaffOfferDetailView id={filters.id} onBack={() => show(null)} />
        ) : (
          <>
            <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
              <Filters />
              <OffersExport />
            </Group>
            <OffersList onOpen={show} />
          </>
        )}
      </Stack>
    </StaffLayout>
  )
}
