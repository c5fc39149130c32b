import { Stack, Text, Title } from '@mantine/core'
import { useTranslation } from '../../i18n/use-translation'
import { usePageTitle } from '../../lib/use-page-title'
import { DealerGate } from './DealerGate'
import { FaultReportForm } from './FaultReportForm'
import { FaultReportList } from './FaultReportList'

/**
 * /ariza-bildirimi — a dealer reports a faulty product (spec/2 §2 fault report, with its picker) and
 * follows the company's reports below the form.
 */
export function FaultReportPage() {
  const { t } = useTranslation()
  usePageTitle(t('faultReport.title'))
  return (
    <Stack gap="lg" maw={1000}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('faultReport.title')}
        </Title>
        <Text c="dimmed">{t('faultReport.intro')}</Text>
      </Stack>
      <DealerGate>
        <FaultReportForm />
        <FaultReportList />
      </DealerGate>
    </Stack>
  )
}
