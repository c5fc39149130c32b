import { Anchor, Box, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import type { InvoiceList } from '../../../../contracts/invoices'
import { formatCalendarDay } from '../../../../domain/date-format'
import { formatMoney } from '../../../../domain/money-format'
import { ListPagination } from '../../../components/ListPagination'
import { LoadError } from '../../../components/LoadError'
import { useTranslation } from '../../../i18n/use-translation'
import { apiFetch } from '../../../lib/api-client'
import { useSession } from '../../../lib/session-context'

/** GET /yonetim/customers/{id}/invoices: the company's ERP invoices as its dealers see them. */
function useCustomerInvoices(customerId: number, page: number) {
  return useQuery({
    queryKey: ['staff', 'customer-invoices', customerId, page] as const,
    queryFn: ({ signal }) =>
      apiFetch<InvoiceList>(`/yonetim/customers/${customerId}/invoices`, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  })
}

/**
 * The company's invoices from the ERP on its staff page, newest first, with each PDF (the dealers'
 * own page, /hesap/faturalar, has the date filter). One feature may not import another, so this small
 * table is its own.
 */
export function CustomerInvoices({ customerId }: { customerId: number }) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const [page, setPage] = useState(1)
  const invoices = useCustomerInvoices(customerId, page)

  let content: ReactNode
  if (invoices.isPending) {
    content = (
      <Stack gap="xs" role="status" aria-label={t('invoices.loading')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={32} />
        ))}
      </Stack>
    )
  } else if (invoices.isError) {
    content = (
      <LoadError title={t('invoices.error')} error={invoices.error} onRetry={() => invoices.refetch()} />
    )
  } else if (invoices.data.items.length === 0) {
    content = (
      <Text c="dimmed" data-testid="customer-invoices-empty">
        {t('invoices.noneForCompany')}
      </Text>
    )
  } else {
    content = (
      <Box style={{ opacity: invoices.isPlaceholderData ? 0.55 : 1 }}>
        <Table.ScrollContainer minWidth={560}>
          <Table striped data-testid="customer-invoices-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('invoices.number')}</Table.Th>
                <Table.Th>{t('invoices.date')}</Table.Th>
                <Table.Th>{t('invoices.dueDate')}</Table.Th>
                <Table.Th ta="right">{t('invoices.amount')}</Table.Th>
                <Table.Th>{t('invoices.pdf')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoices.data.items.map((invoice) => (
                <Table.Tr key={invoice.id}>
                  <Table.Td>{invoice.number}</Table.Td>
                  <Table.Td>{formatCalendarDay(invoice.date, locale)}</Table.Td>
                  <Table.Td>{invoice.dueDate ? formatCalendarDay(invoice.dueDate, locale) : '—'}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney({ value: Number(invoice.amount), currency: invoice.currency }, locale)}
                  </Table.Td>
                  <Table.Td>
                    {invoice.hasPdf ? (
                      <Anchor href={`/yonetim/customers/${customerId}/invoices/${invoice.id}/pdf`} download>
                        {t('invoices.download')}{' '}
                        <VisuallyHidden component="span">{invoice.number}</VisuallyHidden>
                      </Anchor>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {t('invoices.noPdf')}
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <ListPagination page={invoices.data.page} pages={invoices.data.pages} onChange={setPage} />
      </Box>
    )
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="customer-invoices-title">
      <Title order={3} size="h4" id="customer-invoices-title">
        {t('invoices.companyTitle')}
      </Title>
      {content}
    </Stack>
  )
}
