import { Stack, Text, Title } from '@mantine/core'
import { DealerGate } from '../../components/DealerGate'
import { useTranslation } from '../../i18n/use-translation'
import { usePageTitle } from '../../lib/use-page-title'
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
      <DealerGate adminTitle={t('faultReport.adminTitle')} adminText={t('faultReport.adminText')}>
        <FaultReportForm />
        <FaultReportList />
      </DealerGate>
    </Stack>
  )
}
