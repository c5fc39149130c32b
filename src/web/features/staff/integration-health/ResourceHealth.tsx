import { Badge, Card, Code, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core'
import { useMemo } from 'react'
import type { ResourceHealth, SyncRejectedRow } from '../../../../contracts/integration-health'
import type { SyncHealthState } from '../../../../domain/sync-health'
import { useTranslation } from '../../../i18n/use-translation'
import { useDates } from '../../../lib/dates'
import { useSession } from '../../../lib/session-context'

const K = 'integrationHealth'

/**
 * A badge keeps its whole word in a table cell: Mantine's label ends in an ellipsis when the cell is
 * narrow ("Tamaml…"), and a table gives a narrow column what is left.
 */
export const UNCLIPPED = { minWidth: 'max-content' } as const

const HEALTH_COLOR: Record<SyncHealthState, string> = { ok: 'green', rejected: 'red', never: 'gray' }

export function HealthBadge({ health }: { health: SyncHealthState }) {
  const { t } = useTranslation()
  return (
    <Badge
      variant="light"
      color={HEALTH_COLOR[health]}
      tt="none"
      style={UNCLIPPED}
      data-testid="resource-health"
    >
      {t(`${K}.health.${health}`)}
    </Badge>
  )
}

/** Whole numbers as the page's language writes them (1.000.000 / 1,000,000). */
export function useCount() {
  const { locale } = useSession()
  return useMemo(() => {
    const format = new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'tr-TR')
    return (n: number) => format.format(n)
  }, [locale])
}

const COUNTS = ['created', 'updated', 'unchanged', 'rejected'] as const

function useResourceName() {
  const { t } = useTranslation()
  return (resource: ResourceHealth['resource']) => t(`imports.resources.${resource}`)
}

function ResourceTable({ resources }: { resources: ResourceHealth[] }) {
  const { t } = useTranslation()
  const dates = useDates()
  const count = useCount()
  const name = useResourceName()
  const c = `${K}.resources.columns`
  return (
    <Table.ScrollContainer
      minWidth={820}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={t(`${K}.resources.title`)}
    >
      <Table striped withTableBorder data-testid="health-resources">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t(`${c}.resource`)}</Table.Th>
            <Table.Th>{t(`${c}.health`)}</Table.Th>
            <Table.Th>{t(`${c}.lastWrite`)}</Table.Th>
            {COUNTS.map((key) => (
              <Table.Th key={key} ta="right">
                {t(`${c}.${key}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {resources.map((r) => (
            <Table.Tr key={r.resource} data-testid={`health-resource-${r.resource}`}>
              <Table.Th scope="row" fw={600}>
                {name(r.resource)}
              </Table.Th>
              <Table.Td>
                <HealthBadge health={r.health} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {r.lastWriteAt ? dates.dateTime(r.lastWriteAt) : t(`${K}.resources.noWrite`)}
              </Table.Td>
              {COUNTS.map((key) => (
                <Table.Td
                  key={key}
                  ta="right"
                  fw={key === 'rejected' && r.window.rejected > 0 ? 700 : undefined}
                  c={key === 'rejected' && r.window.rejected > 0 ? 'red.8' : undefined}
                  data-testid={`count-${key}`}
                >
                  {count(r.window[key])}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

function ResourceCards({ resources }: { resources: ResourceHealth[] }) {
  const { t } = useTranslation()
  const dates = useDates()
  const count = useCount()
  const name = useResourceName()
  const c = `${K}.resources.columns`
  return (
    <Stack
      component="ul"
      gap="sm"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label={t(`${K}.resources.title`)}
      data-testid="health-resources"
    >
      {resources.map((r) => (
        <Card
          component="li"
          withBorder
          padding="sm"
          key={r.resource}
          data-testid={`health-resource-${r.resource}`}
        >
          <Group justify="space-between" wrap="nowrap" gap="xs" mb={r.health === 'never' ? 0 : 4}>
            <Text fw={600}>{name(r.resource)}</Text>
            <HealthBadge health={r.health} />
          </Group>
          {/* Never written: the badge says it all, and twelve such cards would bury the others. */}
          {r.health !== 'never' && (
            <Text size="sm" c="gray.7">
              {t(`${c}.lastWrite`)}:{' '}
              {r.lastWriteAt ? dates.dateTime(r.lastWriteAt) : t(`${K}.resources.noWrite`)}
            </Text>
          )}
          {r.health === 'never' ? null : COUNTS.every((key) => r.window[key] === 0) ? (
            <Text size="sm" c="gray.7" data-testid="no-rows">
              {t(`${K}.resources.noRows`)}
            </Text>
          ) : (
            <SimpleGrid cols={4} spacing={4} mt="xs">
              {COUNTS.map((key) => (
                <Stack gap={0} key={key}>
                  <Text size="xs" c="gray.7">
                    {t(`${c}.${key}`)}
                  </Text>
                  <Text
                    fw={key === 'rejected' && r.window.rejected > 0 ? 700 : 500}
                    c={key === 'rejected' && r.window.rejected > 0 ? 'red.8' : undefined}
                    data-testid={`count-${key}`}
                  >
                    {count(r.window[key])}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
          )}
        </Card>
      ))}
    </Stack>
  )
}

/** Per resource: its state, its last write that kept a row, and the last 24 hours' rows by outcome. */
export function ResourcesSection({ resources, phone }: { resources: ResourceHealth[]; phone: boolean }) {
  const { t } = useTranslation()
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t(`${K}.resources.title`)}
      </Title>
      <Text size="sm" c="gray.7">
        {t(`${K}.resources.hint`)}
      </Text>
      {phone ? <ResourceCards resources={resources} /> : <ResourceTable resources={resources} />}
    </Stack>
  )
}

function RejectedRow({ row }: { row: SyncRejectedRow }) {
  const { t } = useTranslation()
  const dates = useDates()
  const source = [
    row.keyName ? t(`${K}.errors.byKey`, { name: row.keyName }) : null,
    row.jobId !== null ? t(`${K}.errors.byJob`, { id: row.jobId }) : null,
  ].filter(Boolean)
  return (
    <Stack gap={2} component="li" data-testid="health-error">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {row.code ? t(`${K}.errors.code`, { code: row.code }) : t(`${K}.errors.noCode`)}
        </Text>
        <Text size="xs" c="gray.7">
          {[dates.dateTime(row.at), ...source].join(' · ')}
        </Text>
      </Group>
      {row.errors.map((e, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a row's reasons come in the order they were found
        <Text size="sm" key={i}>
          {e.message}{' '}
          <Code fz="xs" c="gray.8">
            {e.field} · {e.code}
          </Code>
        </Text>
      ))}
    </Stack>
  )
}

/** The latest rejected rows of each resource that has any, with their reasons in the page's language. */
export function ErrorsSection({ resources }: { resources: ResourceHealth[] }) {
  const { t } = useTranslation()
  const name = useResourceName()
  const failing = resources.filter((r) => r.lastErrors.length > 0)
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t(`${K}.errors.title`)}
      </Title>
      {failing.length === 0 ? (
        <Text size="sm" data-testid="health-errors-empty">
          {t(`${K}.errors.empty`)}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {failing.map((r) => (
            <Card withBorder padding="sm" key={r.resource} data-testid={`health-errors-${r.resource}`}>
              <Title order={3} size="h5" mb="xs">
                {name(r.resource)}
              </Title>
              <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
                {r.lastErrors.map((row, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the log's rows have no id; newest first
                  <RejectedRow key={i} row={row} />
                ))}
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  )
}
