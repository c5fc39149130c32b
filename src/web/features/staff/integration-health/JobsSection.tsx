import { Anchor, Badge, Progress, Stack, Table, Text, Title } from '@mantine/core'
import type { JobHealth } from '../../../../contracts/integration-health'
import type { JobStatus } from '../../../../contracts/integration-jobs'
import { useTranslation } from '../../../i18n/use-translation'
import { useDates } from '../../../lib/dates'
import { jobRunning } from './integration-health-api'
import { UNCLIPPED, useCount } from './ResourceHealth'

const K = 'integrationHealth'
const JOB_COLOR: Record<JobStatus, string> = { queued: 'gray', running: 'blue', done: 'green', failed: 'red' }

function JobProgress({ job }: { job: JobHealth }) {
  const { t } = useTranslation()
  const count = useCount()
  const percent = job.total > 0 ? Math.round((job.done / job.total) * 100) : job.status === 'done' ? 100 : 0
  return (
    <Stack gap={4} miw={140}>
      {jobRunning(job) && (
        <Progress
          value={percent}
          size="md"
          animated={job.status === 'running'}
          aria-label={t(`${K}.jobs.progressLabel`, { id: job.id })}
        />
      )}
      <Text size="xs" c="gray.8" data-testid="job-rows">
        {t(`${K}.jobs.rows`, { done: count(job.done), total: count(job.total) })}
      </Text>
    </Stack>
  )
}

/** The latest jobs, API loads and spreadsheet imports, with a moving bar for those running. */
export function JobsSection({ jobs }: { jobs: JobHealth[] }) {
  const { t } = useTranslation()
  const dates = useDates()
  const c = `${K}.jobs.columns`
  const when = (at: string | null) => (at ? dates.dateTime(at) : '—')
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t(`${K}.jobs.title`)}
      </Title>
      {jobs.length === 0 ? (
        <Text size="sm" data-testid="health-jobs-empty">
          {t(`${K}.jobs.empty`)}
        </Text>
      ) : (
        <Table.ScrollContainer
          minWidth={960}
          type="native"
          tabIndex={0}
          role="region"
          aria-label={t(`${K}.jobs.title`)}
        >
          <Table striped withTableBorder data-testid="health-jobs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t(`${c}.job`)}</Table.Th>
                <Table.Th>{t(`${c}.startedBy`)}</Table.Th>
                <Table.Th>{t(`${c}.status`)}</Table.Th>
                <Table.Th>{t(`${c}.progress`)}</Table.Th>
                <Table.Th>{t(`${c}.result`)}</Table.Th>
                <Table.Th>{t(`${c}.started`)}</Table.Th>
                <Table.Th>{t(`${c}.finished`)}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {jobs.map((job) => (
                <Table.Tr key={job.id} data-testid="health-job">
                  <Table.Th scope="row">
                    <Text size="sm" fw={600}>
                      #{job.id} · {t(`imports.resources.${job.resource}`)}
                    </Text>
                    {job.fileName && (
                      <Text size="xs" c="gray.7">
                        {job.fileName}
                      </Text>
                    )}
                  </Table.Th>
                  <Table.Td>
                    <Text size="sm">{job.startedBy}</Text>
                    <Text size="xs" c="gray.7">
                      {t(`${K}.jobs.source.${job.source}`)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge
                      variant="light"
                      color={JOB_COLOR[job.status]}
                      tt="none"
                      style={UNCLIPPED}
                      data-testid="job-status"
                    >
                      {t(`${K}.jobs.status.${job.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <JobProgress job={job} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" data-testid="job-counts">
                      {t('imports.job.counts', job.counts)}
                    </Text>
                    {job.error && (
                      <Text size="xs" c="red.8">
                        {job.error}
                      </Text>
                    )}
                    {job.rejectedRowsUrl && (
                      <Anchor href={job.rejectedRowsUrl} download size="xs">
                        {t(`${K}.jobs.rejectedFile`)}
                      </Anchor>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(job.startedAt ?? job.createdAt)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(job.finishedAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  )
}
