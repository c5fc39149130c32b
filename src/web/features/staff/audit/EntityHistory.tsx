import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useId } from 'react'
import { Link } from 'react-router'
import type { EntityHistoryRow } from '../../../../contracts/audit'
import type { AuditEntity } from '../../../../domain/audit'
import { LoadError } from '../../../components/LoadError'
import { PlainList } from '../../../components/PlainList'
import { useTranslation } from '../../../i18n/use-translation'
import { useDates } from '../../../lib/dates'
import { useLocalePath } from '../../../lib/session-context'
import { useStaffCan } from '../use-staff-can'
import { AuditChanges } from './AuditChanges'
import { actorLabel } from './actor-label'
import { actionLabel, recordText } from './audit-text'
import { useEntityHistory } from './history-api'

const H = 'staffAudit.history'

/** One change: what was done, when (the store's time), by whom, on which record if not this one, and its fields. */
function HistoryItem({ row, record }: { row: EntityHistoryRow; record: string | null }) {
  const { t } = useTranslation()
  const dates = useDates()
  return (
    <Paper component="li" withBorder p="xs" radius="sm" data-testid="history-item">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Badge variant="light" tt="none" style={{ maxWidth: '100%' }}>
          {actionLabel(t, row.action)}
        </Badge>
        <Text size="xs" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
          {dates.dateTime(row.at)}
        </Text>
      </Group>
      <Text size="xs" c="gray.7" mt={4} style={{ overflowWrap: 'anywhere' }}>
        {actorLabel(t, row.actor)}
        {record ? ` · ${record}` : ''}
      </Text>
      <Stack gap={0} mt={6}>
        <AuditChanges row={row} />
      </Stack>
    </Paper>
  )
}

/**
 * A record's own history on its page (an order, an offer, a company, a fault report): the newest
 * changes staff made, read with the record's own area, so whoever may open the record reads them. A
 * change of a record shown with it (a company's branch) names that record; `recordLabel` may name it
 * as the page does ("Şube: Gebze"). Past the newest 20, those who may open the audit trail are led
 * there, filtered to the record. `headingOrder` null: the container's own title names the list.
 */
export function EntityHistory({
  entity,
  entityId,
  headingOrder = 3,
  recordLabel,
}: {
  entity: AuditEntity
  entityId: string | number
  headingOrder?: 3 | 4 | null
  recordLabel?: (row: EntityHistoryRow) => string | null
}) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const id = String(entityId)
  const history = useEntityHistory(entity, id)
  const canOpenTrail = useStaffCan('system:read')
  const headingId = useId()
  const title = t(`${H}.title`)
  const data = history.data
  const labelOf = (row: EntityHistoryRow) =>
    row.entity === entity && row.entityId === id ? null : (recordLabel?.(row) ?? recordText(t, row))

  let content: React.ReactNode
  if (history.isError && !data) {
    content = <LoadError title={t(`${H}.error`)} error={history.error} onRetry={() => history.refetch()} />
  } else if (!data) {
    content = (
      <Stack gap="xs" role="status" aria-label={t(`${H}.loading`)}>
        <Skeleton height={56} />
        <Skeleton height={56} />
      </Stack>
    )
  } else if (data.items.length === 0) {
    content = (
      <Text size="sm" c="gray.7">
        {t(`${H}.empty`)}
      </Text>
    )
  } else {
    const more = data.total > data.items.length
    content = (
      <Stack gap="xs">
        <PlainList label={title} gap="xs" data-testid="entity-history">
          {data.items.map((row) => (
            <HistoryItem key={row.id} row={row} record={labelOf(row)} />
          ))}
        </PlainList>
        {more && (
          <Text size="sm" c="gray.7">
            {t(`${H}.shown`, { shown: data.items.length, total: data.total })}
          </Text>
        )}
        {canOpenTrail && (
          <Anchor
            component={Link}
            to={`${localePath('/yonetim/denetim')}?entity=${entity}&entityId=${encodeURIComponent(id)}`}
            size="sm"
          >
            {more ? t(`${H}.openAll`, { total: data.total }) : t(`${H}.open`)}
          </Anchor>
        )}
      </Stack>
    )
  }
  return (
    <Stack
      gap="xs"
      component="section"
      aria-labelledby={headingOrder ? headingId : undefined}
      aria-label={headingOrder ? undefined : title}
      data-testid="history-section"
    >
      {headingOrder && (
        <Title order={headingOrder} size={headingOrder === 3 ? 'h4' : 'h5'} id={headingId}>
          {title}
        </Title>
      )}
      {content}
    </Stack>
  )
}
