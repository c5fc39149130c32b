import { Anchor, Box, Card, Group, SimpleGrid, Spoiler, Stack, Table, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import type { AdminFaultReport } from '../../../../contracts/service'
import { PlainList } from '../../../components/PlainList'
import { useTranslation } from '../../../i18n/use-translation'
import { useDates } from '../../../lib/dates'
import { FaultReportHistory } from './FaultReportHistory'
import { FaultStatusSelect } from './FaultStatusSelect'
import { staffPhotoUrl } from './fault-reports-admin-api'

type Column = 'report' | 'dealer' | 'product' | 'phone' | 'description' | 'photo' | 'status'

function Description({ text }: { text: string }) {
  const { t } = useTranslation()
  return (
    <Spoiler
      maxHeight={66}
      showLabel={t('faultReport.staff.showMore')}
      hideLabel={t('faultReport.staff.showLess')}
    >
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text}
      </Text>
    </Spoiler>
  )
}

function Photo({ report }: { report: AdminFaultReport }) {
  const { t } = useTranslation()
  if (!report.hasPhoto) return <Text c="dimmed">—</Text>
  return (
    <Anchor
      href={staffPhotoUrl(report.id)}
      target="_blank"
      rel="noopener"
      size="sm"
      aria-label={t('faultReport.list.photoOf', { no: report.reportNo })}
    >
      {t('faultReport.list.photo')}
    </Anchor>
  )
}

function Phone({ phone }: { phone: string }) {
  return (
    <Anchor href={`tel:${phone.replace(/[^\d+]/g, '')}`} size="sm" style={{ whiteSpace: 'nowrap' }}>
      {phone}
    </Anchor>
  )
}

function Dealer({ report }: { report: AdminFaultReport }) {
  const { t } = useTranslation()
  return (
    <>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {report.dealer.name}
      </Text>
      <Text size="xs" c="dimmed">
        {report.dealer.code}
        {report.userName && ` · ${t('faultReport.staff.filedBy', { name: report.userName })}`}
      </Text>
    </>
  )
}

function Product({ report }: { report: AdminFaultReport }) {
  const { t } = useTranslation()
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
      <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
        {t('faultReport.list.columns.serialNumber')}: {report.serialNumber ?? '—'}
      </Text>
    </>
  )
}

/** Wide screens: one row a report; narrower than the table, it scrolls sideways in a focusable region. */
export function FaultReportsTable({ reports }: { reports: AdminFaultReport[] }) {
  const { t } = useTranslation()
  const dates = useDates()
  const col = (key: Column) => t(`faultReport.staff.columns.${key}`)
  return (
    <Table.ScrollContainer
      minWidth={980}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={t('faultReport.staff.list')}
    >
      <Table verticalSpacing="sm" aria-label={t('faultReport.staff.list')} data-testid="fault-reports-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{col('report')}</Table.Th>
            <Table.Th>{col('dealer')}</Table.Th>
            <Table.Th>{col('product')}</Table.Th>
            <Table.Th>{col('phone')}</Table.Th>
            <Table.Th>{col('description')}</Table.Th>
            <Table.Th>{col('photo')}</Table.Th>
            <Table.Th>{col('status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {reports.map((report) => (
            <Table.Tr key={report.id} data-testid="fault-report-row" style={{ verticalAlign: 'top' }}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm" fw={700}>
                  {report.reportNo}
                </Text>
                <Text size="xs" c="dimmed">
                  {dates.dateTime(report.createdAt)}
                </Text>
                <FaultReportHistory report={report} />
              </Table.Td>
              <Table.Td miw={150}>
                <Dealer report={report} />
              </Table.Td>
              <Table.Td miw={140}>
                <Product report={report} />
              </Table.Td>
              <Table.Td>
                <Phone phone={report.contactPhone} />
              </Table.Td>
              <Table.Td miw={220}>
                <Description text={report.description} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Photo report={report} />
              </Table.Td>
              <Table.Td>
                <FaultStatusSelect report={report} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box style={{ minWidth: 0 }}>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Box component="dd" m={0}>
        {children}
      </Box>
    </Box>
  )
}

/** Phones: each report as a card, every column of the table labelled, the status select on top. */
export function FaultReportCards({ reports }: { reports: AdminFaultReport[] }) {
  const { t } = useTranslation()
  const dates = useDates()
  const col = (key: Column) => t(`faultReport.staff.columns.${key}`)
  return (
    <PlainList label={t('faultReport.staff.list')} data-testid="fault-report-cards">
      {reports.map((report) => (
        <Card key={report.id} component="li" withBorder padding="sm" data-testid="fault-report-row">
          <Stack gap="sm">
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Box>
                <Text fw={700}>{report.reportNo}</Text>
                <Text size="xs" c="dimmed">
                  {dates.dateTime(report.createdAt)}
                </Text>
                <FaultReportHistory report={report} />
              </Box>
              <FaultStatusSelect report={report} />
            </Group>
            <Box>
              <Dealer report={report} />
            </Box>
            <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing="xs" m={0}>
              <Field label={col('product')}>
                <Product report={report} />
              </Field>
              <Field label={col('phone')}>
                <Phone phone={report.contactPhone} />
                <Box mt={4}>
                  <Photo report={report} />
                </Box>
              </Field>
            </SimpleGrid>
            <Box component="dl" m={0}>
              <Field label={col('description')}>
                <Description text={report.description} />
              </Field>
            </Box>
          </Stack>
        </Card>
      ))}
    </PlainList>
  )
}
