import { Badge, Box, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { DataTable } from 'mantine-datatable'
import { useState } from 'react'
import { BANK_TRANSFERS_PAGE_SIZE, type BankTransferRow } from '../../../../contracts/bank-transfers'
import { formatMoney } from '../../../../domain/money-format'
import { ExportMenu } from '../../../components/ExportMenu'
import { ListPagination } from '../../../components/ListPagination'
import { LoadError } from '../../../components/LoadError'
import { useTranslation } from '../../../i18n/use-translation'
import { useDates } from '../../../lib/dates'
import { useSession } from '../../../lib/session-context'
import { usePhoneLayout } from '../../../lib/use-phone-layout'
import { DealerPicker } from '../DealerPicker'
import { useStaffCan } from '../use-staff-can'
import { useBankTransfers } from './bank-transfers-api'
import { ReverseTransferModal } from './ReverseTransferModal'
import { useTransferFilters } from './use-transfer-filters'

const L = 'staffPayments.transfer.list'

function TransferFiltersForm() {
  const { t } = useTranslation()
  const { filters, change } = useTransferFilters()
  const list = useBankTransfers(filters)
  const knownDealer = list.data?.items.find((row) => row.dealer.id === filters.customerId)?.dealer
  const any = Boolean(filters.customerId || filters.from || filters.to)
  return (
    <Group
      role="search"
      aria-label={t(`${L}.filters`)}
      align="flex-end"
      gap="sm"
      wrap="wrap"
      data-testid="transfer-filters"
    >
      <Box w={{ base: '100%', sm: 260 }}>
        <DealerPicker
          label={t(`${L}.dealer`)}
          placeholder={t(`${L}.dealerPlaceholder`)}
          clearable
          testId="transfers-filter-dealer"
          value={filters.customerId ? String(filters.customerId) : null}
          knownLabel={knownDealer ? `${knownDealer.code} – ${knownDealer.name}` : undefined}
          onChange={(value) => change({ customerId: value ? Number(value) : null })}
        />
      </Box>
      <TextInput
        type="date"
        label={t(`${L}.from`)}
        value={filters.from ?? ''}
        max={filters.to ?? undefined}
        onChange={(event) => change({ from: event.currentTarget.value || null })}
        w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', sm: 160 }}
      />
      <TextInput
        type="date"
        label={t(`${L}.to`)}
        value={filters.to ?? ''}
        min={filters.from ?? undefined}
        onChange={(event) => change({ to: event.currentTarget.value || null })}
        w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', sm: 160 }}
      />
      {any && (
        <Button variant="subtle" onClick={() => change({ customerId: null, from: null, to: null })}>
          {t(`${L}.clear`)}
        </Button>
      )}
    </Group>
  )
}

function StatusCell({ row }: { row: BankTransferRow }) {
  const { t } = useTranslation()
  const dates = useDates()
  if (!row.reversal) {
    return (
      <Badge variant="light" color="green">
        {t(`${L}.entered`)}
      </Badge>
    )
  }
  return (
    <Stack gap={2} align="flex-start">
      <Badge variant="light" color="red">
        {t(`${L}.reversed`)}
      </Badge>
      <Text size="xs" c="gray.7" maw={260}>
        {t(`${L}.reversedNote`, {
          date: dates.day(row.reversal.date),
          by: row.reversal.by ?? t(`${L}.unknownUser`),
          reason: row.reversal.reason,
        })}
      </Text>
    </Stack>
  )
}

function ReverseButton({
  row,
  onReverse,
}: {
  row: BankTransferRow
  onReverse: (row: BankTransferRow) => void
}) {
  const { t } = useTranslation()
  return (
    <Button
      variant="subtle"
      color="red"
      size="compact-sm"
      onClick={() => onReverse(row)}
      aria-label={t(`${L}.reverseLabel`, { documentNo: row.documentNo })}
      data-reverse-opener={row.id}
    >
      {t(`${L}.reverse`)}
    </Button>
  )
}

/** On a phone, a card per transfer: everything in sight without sideways scrolling. */
function TransferCards({
  rows,
  canWrite,
  onReverse,
}: {
  rows: BankTransferRow[]
  canWrite: boolean
  onReverse: (row: BankTransferRow) => void
}) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const dates = useDates()
  return (
    <Stack
      component="ul"
      aria-label={t(`${L}.title`)}
      gap="sm"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      data-testid="transfer-cards"
    >
      {rows.map((row) => (
        <Paper component="li" key={row.id} withBorder p="sm" radius="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {row.documentNo}
              </Text>
              <Text size="sm">{row.dealer.name}</Text>
              <Text size="xs" c="gray.7">
                {dates.day(row.date)} · {row.dealer.code}
              </Text>
            </Stack>
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {formatMoney({ value: row.amount, currency: 'TRY' }, locale)}
            </Text>
          </Group>
          <Group justify="space-between" align="flex-end" mt="xs" gap="xs">
            <StatusCell row={row} />
            {canWrite && !row.reversal && <ReverseButton row={row} onReverse={onReverse} />}
          </Group>
        </Paper>
      ))}
    </Stack>
  )
}

/**
 * The transfers entered, newest day first, filtered by dealer and days in the address; staff who may
 * write take one back from its row. The focus returns to the list after the dialog.
 */
export function BankTransferList() {
  const { t } = useTranslation()
  const { locale } = useSession()
  const dates = useDates()
  const canWrite = useStaffCan('payments:write')
  const { filters, change } = useTransferFilters()
  const list = useBankTransfers(filters)
  const [reversing, setReversing] = useState<BankTransferRow | null>(null)
  const phone = usePhoneLayout()
  const c = `${L}.columns`
  const closeDialog = () => {
    const id = reversing?.id
    setReversing(null)
    setTimeout(() => {
      const opener = document.querySelector<HTMLElement>(`[data-reverse-opener="${id}"]`)
      ;(opener ?? document.getElementById('transfer-list-title'))?.focus()
    }, 0)
  }
  return (
    <Stack gap="sm" component="section" aria-labelledby="transfer-list-title">
      <Title order={2} size="h3" id="transfer-list-title" tabIndex={-1} style={{ outline: 'none' }}>
        {t(`${L}.title`)}
      </Title>
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <TransferFiltersForm />
        <ExportMenu
          path="/yonetim/bank-transfers/export"
          testId="transfers-export"
          query={{ customerId: filters.customerId, from: filters.from, to: filters.to }}
        />
      </Group>
      {list.isError && !list.data ? (
        <LoadError title={t(`${L}.error`)} error={list.error} onRetry={() => list.refetch()} />
      ) : phone && list.data && list.data.items.length > 0 ? (
        <Stack gap="sm">
          <TransferCards rows={list.data.items} canWrite={canWrite} onReverse={setReversing} />
          <ListPagination
            page={list.data.page}
            pages={list.data.pages}
            onChange={(page) => change({ page })}
          />
        </Stack>
      ) : (
        <DataTable<BankTransferRow>
          withTableBorder
          borderRadius="sm"
          striped
          minHeight={160}
          aria-label={t(`${L}.title`)}
          records={list.data?.items ?? []}
          fetching={list.isFetching}
          loaderBackgroundBlur={0}
          noRecordsText={list.isPending ? t(`${L}.loading`) : t(`${L}.empty`)}
          totalRecords={list.data?.total ?? 0}
          recordsPerPage={BANK_TRANSFERS_PAGE_SIZE}
          page={list.data?.page ?? filters.page}
          onPageChange={(page) => change({ page })}
          paginationText={({ from, to, totalRecords }) =>
            t(`${L}.pagination`, { from, to, total: totalRecords })
          }
          getPaginationControlProps={(control) =>
            control === 'previous' || control === 'next' ? { 'aria-label': t(`${L}.page.${control}`) } : {}
          }
          idAccessor="id"
          data-testid="transfers-table"
          columns={[
            { accessor: 'date', title: t(`${c}.date`), noWrap: true, render: (row) => dates.day(row.date) },
            {
              accessor: 'dealer',
              title: t(`${c}.dealer`),
              render: (row) => (
                <Stack gap={0}>
                  <Text size="sm">{row.dealer.name}</Text>
                  <Text size="xs" c="gray.7">
                    {row.dealer.code}
                  </Text>
                </Stack>
              ),
            },
            { accessor: 'documentNo', title: t(`${c}.documentNo`), noWrap: true },
            {
              accessor: 'amount',
              title: t(`${c}.amount`),
              textAlign: 'right',
              noWrap: true,
              render: (row) => formatMoney({ value: row.amount, currency: 'TRY' }, locale),
            },
            {
              accessor: 'enteredBy',
              title: t(`${c}.enteredBy`),
              visibleMediaQuery: '(min-width: 1200px)',
              render: (row) => row.enteredBy ?? '—',
            },
            { accessor: 'status', title: t(`${c}.status`), render: (row) => <StatusCell row={row} /> },
            ...(canWrite
              ? [
                  {
                    accessor: 'actions',
                    title: '',
                    textAlign: 'right' as const,
                    render: (row: BankTransferRow) =>
                      row.reversal ? null : <ReverseButton row={row} onReverse={setReversing} />,
                  },
                ]
              : []),
          ]}
        />
      )}
      <ReverseTransferModal row={reversing} onClose={closeDialog} />
    </Stack>
  )
}
