import {
  Anchor,
  Box,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core'
import { type FormEvent, type ReactNode, useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import type { Locale } from '../../../contracts/common'
import type { Invoice } from '../../../contracts/invoices'
import { formatCalendarDay } from '../../../domain/date-format'
import { formatMoney } from '../../../domain/money-format'
import { DealerGate } from '../../components/DealerGate'
import { ListPagination } from '../../components/ListPagination'
import { LoadError } from '../../components/LoadError'
import { useTranslation } from '../../i18n/use-translation'
import { useSession } from '../../lib/session-context'
import { usePageTitle } from '../../lib/use-page-title'
import { usePhoneLayout } from '../../lib/use-phone-layout'
import { type InvoiceFilter, invoicePdfUrl, useInvoices } from './invoices-api'

const DAY = /^\d{4}-\d{2}-\d{2}$/

/** ?from=&to=&page= as the list asks for them; anything malformed is left out. */
function readFilter(search: URLSearchParams): InvoiceFilter {
  const day = (key: string) => {
    const value = search.get(key) ?? ''
    return DAY.test(value) ? value : ''
  }
  const page = Number(search.get('page'))
  return { from: day('from'), to: day('to'), page: Number.isInteger(page) && page > 0 ? page : 1 }
}

const day = (iso: string | null, locale: Locale) => (iso ? formatCalendarDay(iso, locale) : '—')
/** The amount as the invoice states it, in its own currency (display only: the API sends decimals as text). */
const money = (amount: string, currency: string, locale: Locale) =>
  formatMoney({ value: Number(amount), currency }, locale)

function PdfLink({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation()
  if (!invoice.hasPdf)
    return (
      <Text size="sm" c="dimmed">
        {t('invoices.noPdf')}
      </Text>
    )
  return (
    // The visible words start the link's name (a voice user says what they see); the number tells the
    // rows' links apart for a screen reader.
    <Anchor href={invoicePdfUrl(invoice.id)} download data-testid="invoice-pdf">
      {t('invoices.download')} <VisuallyHidden component="span">{invoice.number}</VisuallyHidden>
    </Anchor>
  )
}

function InvoiceTable({ items }: { items: Invoice[] }) {
  const { t } = useTranslation()
  const { locale } = useSession()
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover data-testid="invoices-table">
        <Table.Caption style={{ captionSide: 'top', textAlign: 'start' }}>
          <VisuallyHidden>{t('invoices.list')}</VisuallyHidden>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('invoices.number')}</Table.Th>
            <Table.Th>{t('invoices.date')}</Table.Th>
            <Table.Th>{t('invoices.dueDate')}</Table.Th>
            <Table.Th>{t('invoices.ettn')}</Table.Th>
            <Table.Th ta="right">{t('invoices.amount')}</Table.Th>
            <Table.Th>{t('invoices.pdf')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((invoice) => (
            <Table.Tr key={invoice.id} data-testid="invoice-row">
              <Table.Td fw={500}>{invoice.number}</Table.Td>
              <Table.Td>{day(invoice.date, locale)}</Table.Td>
              <Table.Td>{day(invoice.dueDate, locale)}</Table.Td>
              <Table.Td ff="monospace" fz="xs">
                {invoice.ettn ?? '—'}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {money(invoice.amount, invoice.currency, locale)}
              </Table.Td>
              <Table.Td>
                <PdfLink invoice={invoice} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

function InvoiceCards({ items }: { items: Invoice[] }) {
  const { t } = useTranslation()
  const { locale } = useSession()
  return (
    <Stack gap="sm" data-testid="invoices-cards" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map((invoice) => (
        <Card key={invoice.id} withBorder padding="sm" component="li" data-testid="invoice-row">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={2}>
              <Text fw={600}>{invoice.number}</Text>
              <Text size="sm">
                {t('invoices.date')}: {day(invoice.date, locale)}
              </Text>
              <Text size="sm">
                {t('invoices.dueDate')}: {day(invoice.dueDate, locale)}
              </Text>
            </Stack>
            <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
              {money(invoice.amount, invoice.currency, locale)}
            </Text>
          </Group>
          {invoice.ettn && (
            <Text size="xs" c="dimmed" ff="monospace" mt={4} style={{ overflowWrap: 'anywhere' }}>
              {t('invoices.ettn')}: {invoice.ettn}
            </Text>
          )}
          <Box mt="xs">
            <PdfLink invoice={invoice} />
          </Box>
        </Card>
      ))}
    </Stack>
  )
}

/** Two native date inputs (typed or picked) and "Uygula"; a start after the end is refused here. */
function InvoiceFilterForm({
  value,
  onApply,
}: {
  value: InvoiceFilter
  onApply: (range: { from: string; to: string }) => void
}) {
  const { t } = useTranslation()
  const [from, setFrom] = useState(value.from)
  const [to, setTo] = useState(value.to)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    setFrom(value.from)
    setTo(value.to)
  }, [value.from, value.to])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (from && to && from > to) {
      setError(t('invoices.filter.reversed'))
      return
    }
    setError(null)
    onApply({ from, to })
  }
  return (
    <form onSubmit={submit} aria-label={t('invoices.filter.label')} data-testid="invoices-filter">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="date"
          label={t('invoices.filter.from')}
          value={from}
          onChange={(event) => setFrom(event.currentTarget.value)}
          error={error}
          w={180}
        />
        <TextInput
          type="date"
          label={t('invoices.filter.to')}
          value={to}
          onChange={(event) => setTo(event.currentTarget.value)}
          w={180}
        />
        <Button type="submit">{t('invoices.filter.apply')}</Button>
        {(value.from || value.to) && (
          <Button variant="subtle" onClick={() => onApply({ from: '', to: '' })}>
            {t('invoices.filter.clear')}
          </Button>
        )}
      </Group>
    </form>
  )
}

function DealerInvoices() {
  const { t } = useTranslation()
  const [search, setSearch] = useSearchParams()
  const filter = readFilter(search)
  const invoices = useInvoices(filter)
  const phone = usePhoneLayout()

  const change = (next: Partial<InvoiceFilter>) => {
    const params = new URLSearchParams(search)
    const merged = { ...filter, ...next }
    for (const key of ['from', 'to'] as const) {
      if (merged[key]) params.set(key, merged[key])
      else params.delete(key)
    }
    if (merged.page > 1) params.set('page', String(merged.page))
    else params.delete('page')
    setSearch(params)
  }

  let content: ReactNode
  if (invoices.isPending) {
    content = (
      <Stack gap="xs" role="status" aria-label={t('invoices.loading')}>
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} height={40} />
        ))}
      </Stack>
    )
  } else if (invoices.isError) {
    content = (
      <LoadError title={t('invoices.error')} error={invoices.error} onRetry={() => invoices.refetch()} />
    )
  } else if (invoices.data.items.length === 0) {
    content = (
      <Text size="lg" py={40} ta="center" data-testid="invoices-empty">
        {filter.from || filter.to ? t('invoices.emptyRange') : t('invoices.empty')}
      </Text>
    )
  } else {
    const updating = invoices.isPlaceholderData
    content = (
      <Box
        aria-busy={updating || undefined}
        style={{ opacity: updating ? 0.55 : 1, transition: 'opacity 150ms ease' }}
      >
        {updating && <VisuallyHidden role="status">{t('invoices.loading')}</VisuallyHidden>}
        <Text size="sm" c="dimmed" mb="xs" data-testid="invoices-count">
          {t('invoices.count', { count: invoices.data.total })}
        </Text>
        {phone ? <InvoiceCards items={invoices.data.items} /> : <InvoiceTable items={invoices.data.items} />}
        <ListPagination
          page={invoices.data.page}
          pages={invoices.data.pages}
          onChange={(page) => change({ page })}
          disabled={updating}
        />
      </Box>
    )
  }

  return (
    <Stack gap="md">
      <InvoiceFilterForm value={filter} onApply={(range) => change({ ...range, page: 1 })} />
      {content}
    </Stack>
  )
}

/**
 * /hesap/faturalar — the dealer's invoices from the ERP ("Faturalarım"): newest first, paged, by
 * date range, each with its number, days, ETTN, amount and its PDF to download.
 */
export function InvoicesPage() {
  const { t } = useTranslation()
  usePageTitle(t('invoices.title'))
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('invoices.title')}
      </Title>
      <DealerGate adminTitle={t('invoices.adminTitle')} adminText={t('invoices.adminText')}>
        <DealerInvoices />
      </DealerGate>
    </Stack>
  )
}
