import { Button, Group, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { LoadError } from '../../../components/LoadError'
import { useTranslation } from '../../../i18n/use-translation'
import { useDates } from '../../../lib/dates'
import { usePhoneLayout } from '../../../lib/use-phone-layout'
import { StaffLayout } from '../StaffLayout'
import { useStaffCan } from '../use-staff-can'
import { DeliveriesSection } from './DeliveriesSection'
import { jobRunning, useIntegrationHealth } from './integration-health-api'
import { JobsSection } from './JobsSection'
import { KeysSection } from './KeysSection'
import { ErrorsSection, ResourcesSection } from './ResourceHealth'

const K = 'integrationHealth'

/** The figures, once a role that opens the screen is on it (StaffLayout draws its children then). */
function Health() {
  const { t } = useTranslation()
  const dates = useDates()
  const phone = usePhoneLayout()
  const canWrite = useStaffCan('system:write')
  const health = useIntegrationHealth()
  // The button spins for a refresh asked for, not for the polling while a job runs.
  const [refreshing, setRefreshing] = useState(false)
  const refresh = () => {
    setRefreshing(true)
    void health.refetch().finally(() => setRefreshing(false))
  }
  const data = health.data
  if (health.isError && !data) {
    return <LoadError title={t(`${K}.error`)} error={health.error} onRetry={() => health.refetch()} />
  }
  const polling = data?.jobs.some(jobRunning) ?? false
  return (
    <Stack gap="xl">
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm" c="gray.7" data-testid="health-updated">
          {data
            ? t(`${K}.updated`, { time: dates.dateTime(data.at), since: dates.dateTime(data.since) })
            : t(`${K}.loading`)}
        </Text>
        <Button
          variant="default"
          size="sm"
          onClick={refresh}
          loading={refreshing}
          data-testid="health-refresh"
        >
          {t(`${K}.refresh`)}
        </Button>
      </Group>
      {health.isError && data && (
        <LoadError title={t(`${K}.error`)} error={health.error} onRetry={() => health.refetch()} />
      )}
      {polling && (
        <Text size="sm" data-testid="health-polling">
          {t(`${K}.polling`)}
        </Text>
      )}
      {data && (
        <>
          <ResourcesSection resources={data.resources} phone={phone} />
          <ErrorsSection resources={data.resources} />
          <KeysSection keys={data.keys} />
          <JobsSection jobs={data.jobs} />
          <DeliveriesSection deliveries={data.failingDeliveries} canWrite={canWrite} />
        </>
      )}
    </Stack>
  )
}

/**
 * /yonetim/entegrasyon — the ERP sync's health: per resource its state, last write and the last 24
 * hours' rows by outcome, the latest rejected rows with their reasons, the keys' calls, the latest
 * jobs (a bar for those running, read again every few seconds meanwhile) and the webhook deliveries
 * that fail, each sent again with one button by a role that writes the system area.
 */
export function IntegrationHealthPage() {
  const { t } = useTranslation()
  return (
    <StaffLayout title={t(`${K}.title`)} description={t(`${K}.description`)}>
      <Health />
    </StaffLayout>
  )
}
