import { Badge, Stack, Table, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import type { FailingDelivery } from '../../../../contracts/integration-health'
import { BusyButton } from '../../../components/BusyButton'
import { useTranslation } from '../../../i18n/use-translation'
import { isApiError } from '../../../lib/api-error'
import { useDates } from '../../../lib/dates'
import { describeError } from '../../../lib/error-message'
import { useReplayFailingDelivery } from './integration-health-api'
import { UNCLIPPED } from './ResourceHealth'

const K = 'integrationHealth'
const STATUS_COLOR = { pending: 'orange', failed: 'red' } as const

/** The event's text key ('order.created' → 'order_created': translation keys hold no dots). */
const eventKey = <E extends string>(event: E) =>
  event.replace('.', '_') as E extends `${infer A}.${infer B}` ? `${A}_${B}` : E

/**
 * Webhook deliveries that fail: still retrying after a failed attempt, or given up. A role that
 * writes the system area sends one again (the webhooks' replay route).
 */
export function DeliveriesSection({
  deliveries,
  canWrite,
}: {
  deliveries: FailingDelivery[]
  canWrite: boolean
}) {
  const { t } = useTranslation()
  const dates = useDates()
  const replay = useReplayFailingDelivery()
  const c = `${K}.deliveries.columns`
  const failed = (error: Error) => {
    if (isApiError(error) && error.handled) return
    notifications.show({ color: 'red', title: t(`${K}.deliveries.failed`), message: describeError(error, t) })
  }
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t(`${K}.deliveries.title`)}
      </Title>
      {deliveries.length === 0 ? (
        <Text size="sm" data-testid="health-deliveries-empty">
          {t(`${K}.deliveries.empty`)}
        </Text>
      ) : (
        <Table.ScrollContainer
          minWidth={980}
          type="native"
          tabIndex={0}
          role="region"
          aria-label={t(`${K}.deliveries.title`)}
        >
          <Table striped withTableBorder data-testid="health-deliveries">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t(`${c}.delivery`)}</Table.Th>
                <Table.Th>{t(`${c}.target`)}</Table.Th>
                <Table.Th>{t(`${c}.status`)}</Table.Th>
                <Table.Th ta="right">{t(`${c}.attempts`)}</Table.Th>
                <Table.Th>{t(`${c}.last`)}</Table.Th>
                <Table.Th>{t(`${c}.next`)}</Table.Th>
                {canWrite && <Table.Th>{t(`${c}.actions`)}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {deliveries.map((d) => (
                <Table.Tr key={d.id} data-testid="health-delivery">
                  <Table.Th scope="row">
                    <Text size="sm" fw={600}>
                      #{d.id} · {t(`apiKeys.webhooks.event.${eventKey(d.event)}`)}
                    </Text>
                    <Text size="xs" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
                      {dates.dateTime(d.createdAt)}
                    </Text>
                  </Table.Th>
                  <Table.Td>
                    <Text size="sm">{d.keyName}</Text>
                    <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                      {d.url}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={STATUS_COLOR[d.status]} tt="none" style={UNCLIPPED}>
                      {t(`${K}.deliveries.status.${d.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{d.attempts}</Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {[d.lastStatusCode === null ? null : `HTTP ${d.lastStatusCode}`, d.lastError]
                        .filter((part, i, all) => part && all.indexOf(part) === i)
                        .join(' · ') || '—'}
                    </Text>
                    {d.lastAttemptAt && (
                      <Text size="xs" c="gray.7" style={{ whiteSpace: 'nowrap' }}>
                        {dates.dateTime(d.lastAttemptAt)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {d.nextAttemptAt ? dates.dateTime(d.nextAttemptAt) : '—'}
                  </Table.Td>
                  {canWrite && (
                    <Table.Td>
                      <BusyButton
                        variant="light"
                        size="compact-sm"
                        busy={replay.isPending && replay.variables?.id === d.id}
                        aria-label={t(`${K}.deliveries.replayFor`, { id: d.id })}
                        onClick={() =>
                          replay.mutate(d, {
                            onSuccess: () =>
                              notifications.show({
                                color: 'green',
                                message: t(`${K}.deliveries.replayed`, { id: d.id }),
                              }),
                            onError: failed,
                          })
                        }
                      >
                        {t(`${K}.deliveries.replay`)}
                      </BusyButton>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  )
}
