import {
  Anchor,
  Badge,
  Box,
  Button,
  CloseButton,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { DataTable } from 'mantine-datatable'
import { useEffect, useState } from 'react'
import { AUDIT_PAGE_SIZE, type AuditRow } from '../../../../contracts/audit'
import { AUDIT_ENTITIES, type AuditEntity } from '../../../../domain/audit'
import { ListPagination } from '../../../components/ListPagination'
import { LoadError } from '../../../components/LoadError'
import { useTranslation } from '../../../i18n/use-translation'
import { useDates } from '../../../lib/dates'
import { usePhoneLayout } from '../../../lib/use-phone-layout'
import { StaffLayout } from '../StaffLayout'
import { AuditChanges } from './AuditChanges'
import { actorLabel } from './actor-label'
import { useAuditTrail } from './audit-api'
import { actionLabel, entityLabel, recordText } from './audit-text'
import { useAuditFilters } from './use-audit-filters'

const A = 'staffAudit'

/** The record's id, typed and applied on Enter or when the field is left (not on every key). */
function EntityIdInput({ value, onApply }: { value: string | null; onApply: (id: string | null) => void }) {
  const { t } = useTranslation()
  const [text, setText] = useState(value ?? '')
  useEffect(() => setText(value ?? ''), [value])
  const apply = () => {
    const id = text.trim()
    if (id !== (value ?? '')) onApply(id || null)
  }
  return (
    <TextInput
      label={t(`${A}.entityIdLabel`)}
      description={t(`${A}.entityIdHint`)}
      value={text}
      maxLength={80}
      onChange={(event) => setText(event.currentTarget.value)}
      onBlur={apply}
      onKeyDown={(event) => {
        if (event.key === 'Enter') apply()
      }}
      w={{ base: '100%', xs: 160 }}
    />
  )
}

function AuditFiltersForm({ knownUser }: { knownUser: string | null }) {
  const { t } = useTranslation()
  const { filters, change } = useAuditFilters()
  const any = Boolean(filters.entity || filters.entityId || filters.userId || filters.from || filters.to)
  const userName = knownUser ?? `#${filters.userId}`
  return (
    <Stack gap="xs">
      <Group role="search" aria-label={t(`${A}.filters`)} align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t(`${A}.entityLabel`)}
          data={[
            { value: '', label: t(`${A}.entityAll`) },
            ...AUDIT_ENTITIES.map((entity) => ({ value: entity, label: entityLabel(t, entity) })),
          ]}
          value={filters.entity ?? ''}
          onChange={(value) => change({ entity: (value || null) as AuditEntity | null })}
          allowDeselect={false}
          w={{ base: '100%', xs: 200 }}
        />
        <EntityIdInput value={filters.entityId} onApply={(entityId) => change({ entityId })} />
        <TextInput
          type="date"
          label={t(`${A}.from`)}
          value={filters.from ?? ''}
          max={filters.to ?? undefined}
          onChange={(event) => change({ from: event.currentTarget.value || null })}
          w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', xs: 160 }}
        />
        <TextInput
          type="date"
          label={t(`${A}.to`)}
          value={filters.to ?? ''}
          min={filters.from ?? undefined}
          onChange={(event) => change({ to: event.currentTarget.value || null })}
          w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', xs: 160 }}
        />
        {any && (
          <Button
            variant="subtle"
            onClick={() => change({ entity: null, entityId: null, userId: null, from: null, to: null })}
          >
            {t(`${A}.clear`)}
          </Button>
        )}
      </Group>
      {filters.userId && (
        <Group gap={4}>
          <Badge variant="light" size="lg" tt="none" pr={4}>
            <Group gap={4} wrap="nowrap">
              {t(`${A}.userFilter`, { name: userName })}
              <CloseButton
                size="xs"
                aria-label={t(`${A}.userFilterRemove`, { name: userName })}
                onClick={() => change({ userId: null })}
              />
            </Group>
          </Badge>
        </Group>
      )}
    </Stack>
  )
}

/** The user who made the change; a click shows only that user's changes. */
function ActorCell({ row }: { row: AuditRow }) {
  const { t } = useTranslation()
  const { change } = useAuditFilters()
  const actorId = row.actor.id
  return (
    <Stack gap={0}>
      {actorId === null ? (
        <Text size="sm">{actorLabel(t, row.actor)}</Text>
      ) : (
        <Anchor
          component="button"
          type="button"
          size="sm"
          ta="left"
          onClick={() => change({ userId: actorId })}
          aria-label={t(`${A}.filterByUser`, { name: row.actor.name })}
        >
          {row.actor.name}
        </Anchor>
      )}
      <Text size="xs" c="gray.7">
        {row.ip}
      </Text>
    </Stack>
  )
}

/** On a phone, a card per change: everything in sight without sideways scrolling. */
function AuditCards({ rows }: { rows: AuditRow[] }) {
  const { t } = useTranslation()
  const dates = useDates()
  return (
    <Stack component="ul" aria-label={t(`${A}.title`)} gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
      {rows.map((row) => (
        <Paper component="li" key={row.id} withBorder p="sm" radius="sm">
          <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {recordText(t, row)}
              </Text>
              <Text size="xs" c="gray.7">
                {dates.dateTime(row.at)}
              </Text>
            </Stack>
            <Badge variant="light" tt="none" style={{ flexShrink: 0 }}>
              {actionLabel(t, row.action)}
            </Badge>
          </Group>
          <Box mt="xs">
            <AuditChanges row={row} />
          </Box>
          <Box mt="xs">
            <ActorCell row={row} />
          </Box>
        </Paper>
      ))}
    </Stack>
  )
}

function AuditList() {
  const { t } = useTranslation()
  const dates = useDates()
  const { filters, change } = useAuditFilters()
  const list = useAuditTrail(filters)
  const phone = usePhoneLayout()
  const rows = list.data?.items ?? []
  const knownUser = rows.find((row) => row.actor.id === filters.userId)?.actor.name ?? null
  const c = `${A}.columns`
  return (
    <Stack gap="sm">
      <AuditFiltersForm knownUser={knownUser} />
      {list.isError && !list.data ? (
        <LoadError title={t(`${A}.error`)} error={list.error} onRetry={() => list.refetch()} />
      ) : phone && rows.length > 0 && list.data ? (
        <Stack gap="sm">
          <AuditCards rows={rows} />
          <ListPagination
            page={list.data.page}
            pages={list.data.pages}
            onChange={(page) => change({ page })}
          />
        </Stack>
      ) : (
        <DataTable<AuditRow>
          withTableBorder
          borderRadius="sm"
          striped
          minHeight={160}
          aria-label={t(`${A}.title`)}
          records={rows}
          fetching={list.isFetching}
          loaderBackgroundBlur={0}
          noRecordsText={list.isPending ? t(`${A}.loading`) : t(`${A}.empty`)}
          totalRecords={list.data?.total ?? 0}
          recordsPerPage={AUDIT_PAGE_SIZE}
          page={list.data?.page ?? filters.page}
          onPageChange={(page) => change({ page })}
          paginationText={({ from, to, totalRecords }) =>
            t(`${A}.pagination`, { from, to, total: totalRecords })
          }
          getPaginationControlProps={(control) =>
            control === 'previous' || control === 'next' ? { 'aria-label': t(`${A}.page.${control}`) } : {}
          }
          idAccessor="id"
          data-testid="audit-table"
          columns={[
            { accessor: 'at', title: t(`${c}.at`), noWrap: true, render: (row) => dates.dateTime(row.at) },
            { accessor: 'actor', title: t(`${c}.actor`), render: (row) => <ActorCell row={row} /> },
            {
              accessor: 'record',
              title: t(`${c}.record`),
              noWrap: true,
              render: (row) => recordText(t, row),
            },
            { accessor: 'action', title: t(`${c}.action`), render: (row) => actionLabel(t, row.action) },
            { accessor: 'changes', title: t(`${c}.changes`), render: (row) => <AuditChanges row={row} /> },
          ]}
        />
      )}
    </Stack>
  )
}

/** /yonetim/denetim: the audit trail, filtered by record, user and days in the address. */
export function AuditPage() {
  const { t } = useTranslation()
  return (
    <StaffLayout title={t(`${A}.title`)} description={t(`${A}.intro`)}>
      <AuditList />
    </StaffLayout>
  )
}
