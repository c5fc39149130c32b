import { Anchor, Box, Card, Group, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core'
import type { ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import type { FaultReport } from '../../../contracts/service'
import { FaultReportAnswer } from '../../components/fault-report/FaultReportAnswer'
import { ListPagination } from '../../components/ListPagination'
import { LoadError } from '../../components/LoadError'
import { PlainList } from '../../components/PlainList'
import { useTranslation } from '../../i18n/use-translation'
import { useDates } from '../../lib/dates'
import { usePhoneLayout } from '../../lib/use-phone-layout'
import { FaultStatusBadge } from './FaultStatusBadge'
import { faultPhotoUrl, useFaultReports } from './fault-report-api'

type Column = 'reportNo' | 'date' | 'product' | 'serialNumber' | 'status' | 'photo'

/** ?page=n, a whole number from 1; anything else is page 1 (the server clamps past the last page). */
function readPage(search: URLSearchParams): number {
  const raw = search.get('page') ?? ''
  return /^\d{1,6}$/.test(raw) && Number(raw) > 0 ? Number(raw) : 1
}

function PhotoLink({ report }: { report: FaultReport }) {
  const { t } = useTranslation()
  if (!report.hasPhoto)
    return (
      <Text span c="dimmed">
        {t('faultReport.list.noPhoto')}
      </Text>
    )
  return (
    <Anchor
      href={faultPhotoUrl(report.id)}
      target="_blank"
      rel="noopener"
      size="sm"
      aria-label={t('faultReport.list.photoOf', { no: report.reportNo })}
    >
      {t('faultReport.list.photo')}
    </Anchor>
  )
}

function Product({ report }: { report: FaultReport }) {
  return (
    <>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {report.productCode}
      </Text>
      {report.productName && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {report.productName}
        </Text>
      )}
    </>
  )
}

function ReportsTable({ reports }: { reports: FaultReport[] }) {
  const { t } = useTranslation()
  const dates = useDates()
  const col = (key: Column) => t(`faultReport.list.columns.${key}`)
  return (
    <Table
      verticalSpacing="sm"
      highlightOnHover
      aria-label={t('faultReport.list.label')}
      data-testid="fault-reports"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{col('reportNo')}</Table.Th>
          <Table.Th>{col('date')}</Table.Th>
          <Table.Th>{col('product')}</Table.Th>
          <Table.Th>{col('serialNumber')}</Table.Th>
          <Table.Th>{col('status')}</Table.Th>
          <Table.Th>{col('photo')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {reports.map((report) => (
          <Table.Tr key={report.id} data-testid="fault-report-row">
            <Table.Td style={{ whiteSpace: 'nowrap' }} fw={600}>
              {report.reportNo}
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{dates.dateTime(report.createdAt)}</Table.Td>
            <Table.Td>
              <Product report={report} />
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{report.serialNumber ?? '—'}</Table.Td>
            <Table.Td>
              <Stack gap={4} align="flex-start" maw={320}>
                <FaultStatusBadge status={report.status} />
                <FaultReportAnswer report={report} />
              </Stack>
            </Table.Td>
            <Table.Td>
              <PhotoLink report={report} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}

function ReportCards({ reports }: { reports: FaultReport[] }) {
  const { t } = useTranslation()
  const dates = useDates()
  return (
    <PlainList label={t('faultReport.list.label')} data-testid="fault-reports">
      {reports.map((report) => (
        <Card key={report.id} component="li" withBorder padding="sm" data-testid="fault-report-row">
          <Stack gap={6}>
            <Group justify="space-between" gap="xs">
              <Text fw={700}>{report.reportNo}</Text>
              <FaultStatusBadge status={report.status} />
            </Group>
            <Text size="sm" c="dimmed">
              {dates.dateTime(report.createdAt)}
            </Text>
            <Box>
              <Product report={report} />
            </Box>
            <Group justify="space-between" gap="xs">
              <Text size="sm">
                {t('faultReport.list.columns.serialNumber')}: {report.serialNumber ?? '—'}
              </Text>
              {report.hasPhoto && <PhotoLink report={report} />}
            </Group>
            <FaultReportAnswer report={report} />
          </Stack>
        </Card>
      ))}
    </PlainList>
  )
}

/** The company's reports (number, date, product, status badge), newest first, 20 a page; ?page=n. */
export function FaultReportList() {
  const { t } = useTranslation()
  const [search, setSearch] = useSearchParams()
  const page = readPage(search)
  const list = useFaultReports(page)
  const phone = usePhoneLayout()

  const changePage = (next: number) => {
    const params = new URLSearchParams(search)
    if (next > 1) params.set('page', String(next))
    else params.delete('page')
    setSearch(params)
  }

  let content: ReactNode
  if (list.isPending) {
    content = (
      <Stack gap="xs" role="status" aria-label={t('faultReport.list.loading')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={44} />
        ))}
      </Stack>
    )
  } else if (list.isError) {
    content = (
      <LoadError title={t('faultReport.list.error')} error={list.error} onRetry={() => list.refetch()} />
    )
  } else if (list.data.total === 0) {
    content = (
      <Text c="dimmed" py="lg" ta="center" data-testid="fault-reports-empty">
        {t('faultReport.list.empty')}
      </Text>
    )
  } else {
    const updating = list.isPlaceholderData
    content = (
      <>
        <Box aria-busy={updating || undefined} style={{ opacity: updating ? 0.55 : 1 }}>
          {updating && <VisuallyHidden role="status">{t('faultReport.list.loading')}</VisuallyHidden>}
          {phone ? <ReportCards reports={list.data.items} /> : <ReportsTable reports={list.data.items} />}
        </Box>
        <ListPagination
          page={updating ? page : list.data.page}
          pages={list.data.pages}
          onChange={changePage}
        />
      </>
    )
  }
  return (
    <Stack gap="sm" component="section" aria-labelledby="fault-list-title">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h3" id="fault-list-title">
          {t('faultReport.list.title')}
        </Title>
        {list.data && list.data.total > 0 && (
          <Text size="sm" c="dimmed">
            {t('faultReport.list.total', { count: list.data.total })}
          </Text>
        )}
      </Group>
      {content}
    </Stack>
  )
}
