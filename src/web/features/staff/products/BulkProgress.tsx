import { Alert, Anchor, Badge, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import type { JobStatus } from '../../../../contracts/integration-jobs'
import { AlertIcon } from '../../../components/icons/Icons'
import { LoadError } from '../../../components/LoadError'
import { useTranslation } from '../../../i18n/use-translation'
import { useSession } from '../../../lib/session-context'
import type { BulkKind } from './BulkActions'
import { countText } from './product-format'
import { jobRunning, staffProductKeys, useBulkJob } from './staff-products-api'

const B = 'staffProducts.bulk'
const STATUS_COLOR: Record<JobStatus, string> = {
  queued: 'gray',
  running: 'blue',
  done: 'green',
  failed: 'red',
}

/** Seconds as 1:05 (minutes and seconds), or 1:02:05 past an hour. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds))
  const hh = Math.floor(s / 3600)
  const mm = Math.floor((s % 3600) / 60)
  const ss = String(s % 60).padStart(2, '0')
  return hh > 0 ? `${hh}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`
}

/**
 * A bulk action's progress, read every second while it runs: the bar with done of total, the time
 * left, what it changed and a link to the products it could not change. When it ends the table is
 * read again, so it shows the products as they now are.
 */
export function BulkProgress({
  jobId,
  kind,
  onClose,
}: {
  jobId: number
  kind: BulkKind
  onClose: () => void
}) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const queryClient = useQueryClient()
  const job = useBulkJob(jobId)
  const data = job.data
  const finished = data !== undefined && !jobRunning(data)
  const refreshed = useRef(false)
  const title = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    if (!finished || refreshed.current) return
    refreshed.current = true
    void queryClient.invalidateQueries({ queryKey: staffProductKeys.lists() })
  }, [finished, queryClient])

  // The progress is where the keyboard's focus was sent from the modal's button: it goes to the title.
  useEffect(() => title.current?.focus(), [])

  const percent = data
    ? data.total > 0
      ? Math.round((data.done / data.total) * 100)
      : data.status === 'done'
        ? 100
        : 0
    : 0
  return (
    <Card withBorder data-testid="bulk-progress">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4" ref={title} tabIndex={-1} style={{ outline: 'none' }}>
            {t(`${B}.titles.${kind}`)}
          </Title>
          {data && (
            <Badge color={STATUS_COLOR[data.status]} variant="light" tt="none" data-testid="bulk-status">
              {t(`${B}.status.${data.status}`)}
            </Badge>
          )}
        </Group>
        {job.isError && !data && (
          <LoadError title={t(`${B}.loadError`)} error={job.error} onRetry={() => job.refetch()} />
        )}
        {!data && !job.isError && <Text size="sm">{t(`${B}.loading`)}</Text>}
        {data && (
          <>
            <Progress
              value={percent}
              size="xl"
              animated={data.status === 'running'}
              aria-label={t(`${B}.progressLabel`)}
              data-testid="bulk-bar"
            />
            {/* Read out as it changes, once a second at most (the poll's pace). */}
            <Group gap="lg" role="status">
              <Text size="sm" data-testid="bulk-rows">
                {t(`${B}.rows`, { done: countText(data.done, locale), total: countText(data.total, locale) })}
              </Text>
              {data.secondsLeft !== null && !finished && (
                <Text size="sm">{t(`${B}.left`, { time: clock(data.secondsLeft) })}</Text>
              )}
              {finished && data.status === 'done' && (
                <Text size="sm" fw={600}>
                  {t(`${B}.finished`)}
                </Text>
              )}
            </Group>
            <Text size="sm" data-testid="bulk-counts">
              {t(`${B}.counts`, {
                updated: countText(data.counts.updated + data.counts.created, locale),
                unchanged: countText(data.counts.unchanged, locale),
                rejected: countText(data.counts.rejected, locale),
              })}
            </Text>
            {data.error && (
              <Alert color="red" variant="light" icon={<AlertIcon />}>
                {data.error}
              </Alert>
            )}
            {(data.rejectedRowsUrl !== null || finished) && (
              <Group gap="md">
                {data.rejectedRowsUrl && data.counts.rejected > 0 && (
                  <Anchor href={data.rejectedRowsUrl} download data-testid="bulk-rejected">
                    {t(`${B}.rejectedFile`)}
                  </Anchor>
                )}
                {finished && (
                  <Button variant="default" size="xs" onClick={onClose} data-testid="bulk-close">
                    {t(`${B}.close`)}
                  </Button>
                )}
              </Group>
            )}
          </>
        )}
      </Stack>
    </Card>
  )
}
