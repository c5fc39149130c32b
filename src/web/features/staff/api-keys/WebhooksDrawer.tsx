import {
  Alert,
  Badge,
  Button,
  Checkbox,
  CopyButton,
  Drawer,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { type FormEvent, useState } from 'react'
import type { ApiKey } from '../../../../contracts/api-keys'
import {
  type WebhookDelivery,
  type WebhookEndpointIssued,
  webhookEndpointCreateSchema,
} from '../../../../contracts/integration-feeds'
import { WEBHOOK_EVENTS, type WebhookEvent } from '../../../../domain/integration-feeds'
import { BusyButton } from '../../../components/BusyButton'
import { AlertIcon } from '../../../components/icons/Icons'
import { LoadError } from '../../../components/LoadError'
import { useTranslation } from '../../../i18n/use-translation'
import { isApiError } from '../../../lib/api-error'
import { useDates } from '../../../lib/dates'
import { describeError } from '../../../lib/error-message'
import { usePhoneLayout } from '../../../lib/use-phone-layout'
import { useCreateWebhook, useRemoveWebhook, useReplayDelivery, useWebhooks } from './webhooks-api'

/** The event's text key: i18n keys hold no dots ('order.created' → 'order_created'). */
const eventKey = <E extends string>(event: E) =>
  event.replace('.', '_') as E extends `${infer A}.${infer B}` ? `${A}_${B}` : E

const W = 'apiKeys.webhooks'
const STATUS_COLOR = { pending: 'yellow', sent: 'green', failed: 'red' } as const

function useFailed() {
  const { t } = useTranslation()
  return (error: Error) => {
    if (isApiError(error) && error.handled) return
    notifications.show({ color: 'red', title: t('apiKeys.failed'), message: describeError(error, t) })
  }
}

/** The new endpoint's secret, shown this once with a copy button. */
function ShownSecret({ issued, onDone }: { issued: WebhookEndpointIssued; onDone: () => void }) {
  const { t } = useTranslation()
  return (
    <Alert color="yellow" variant="light" icon={<AlertIcon />} title={t(`${W}.secretTitle`)} role="alert">
      <Stack gap="xs">
        <Text size="sm">{t(`${W}.secretWarning`)}</Text>
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            label={t(`${W}.secret`)}
            value={issued.secret}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            style={{ flex: 1 }}
            styles={{ input: { fontFamily: 'monospace' } }}
            data-testid="webhook-secret"
          />
          <CopyButton value={issued.secret}>
            {({ copied, copy }) => (
              <Button variant={copied ? 'light' : 'filled'} onClick={copy}>
                {copied ? t('apiKeys.shown.copied') : t('apiKeys.shown.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end">
          <Button variant="default" size="compact-sm" onClick={onDone}>
            {t('apiKeys.shown.done')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  )
}

function AddEndpoint({
  keyId,
  onIssued,
}: {
  keyId: number
  onIssued: (issued: WebhookEndpointIssued) => void
}) {
  const { t } = useTranslation()
  const create = useCreateWebhook(keyId)
  const failed = useFailed()
  const [url, setUrl] = useState('')
  const [events, setEvents] = useState<WebhookEvent[]>([...WEBHOOK_EVENTS])
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({})
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = webhookEndpointCreateSchema.safeParse({ url, events })
    if (!parsed.success) {
      const fields = new Set(parsed.error.issues.map((issue) => issue.path[0]))
      setErrors({
        url: fields.has('url') ? t(`${W}.invalidUrl`) : undefined,
        events: fields.has('events') ? t(`${W}.invalidEvents`) : undefined,
      })
      return
    }
    setErrors({})
    create.mutate(parsed.data, {
      onSuccess: (issued) => {
        setUrl('')
        onIssued(issued)
      },
      onError: failed,
    })
  }
  return (
    <form onSubmit={submit} noValidate aria-label={t(`${W}.add`)}>
      <Stack gap="xs">
        <TextInput
          label={t(`${W}.url`)}
          description={t(`${W}.urlHint`)}
          placeholder="https://erp.example.com/toptan-webhooks"
          value={url}
          onChange={(e) => setUrl(e.currentTarget.value)}
          error={errors.url}
          required
          data-testid="webhook-url"
        />
        <Checkbox.Group
          label={t(`${W}.events`)}
          value={events}
          onChange={(value) => setEvents(value as WebhookEvent[])}
          error={errors.events}
        >
          <Group gap="md" mt={4}>
            {WEBHOOK_EVENTS.map((e) => (
              <Checkbox key={e} value={e} label={t(`${W}.event.${eventKey(e)}`)} />
            ))}
          </Group>
        </Checkbox.Group>
        <Group justify="flex-end">
          <BusyButton type="submit" busy={create.isPending} data-testid="webhook-add">
            {t(`${W}.addSubmit`)}
          </BusyButton>
        </Group>
      </Stack>
    </form>
  )
}

function DeliveryRows({
  keyId,
  deliveries,
  canWrite,
}: {
  keyId: number
  deliveries: WebhookDelivery[]
  canWrite: boolean
}) {
  const { t } = useTranslation()
  const dates = useDates()
  const replay = useReplayDelivery(keyId)
  const failed = useFailed()
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped withTableBorder aria-label={t(`${W}.log`)} data-testid="webhook-deliveries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t(`${W}.col.created`)}</Table.Th>
            <Table.Th>{t(`${W}.col.event`)}</Table.Th>
            <Table.Th>{t(`${W}.col.status`)}</Table.Th>
            <Table.Th>{t(`${W}.col.attempts`)}</Table.Th>
            <Table.Th>{t(`${W}.col.last`)}</Table.Th>
            <Table.Th>{t(`${W}.col.next`)}</Table.Th>
            {canWrite && <Table.Th>{t(`${W}.col.actions`)}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{dates.dateTime(d.createdAt)}</Table.Td>
              <Table.Td>
                <Text size="sm">{t(`${W}.event.${eventKey(d.event)}`)}</Text>
                <Text size="xs" c="gray.7">
                  #{d.id} · {d.entity.kind} {d.entity.id}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={STATUS_COLOR[d.status]} tt="none">
                  {t(`${W}.status.${d.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td>{d.attempts}</Table.Td>
              <Table.Td>
                <Text size="sm">{d.lastStatusCode ?? '—'}</Text>
                {d.lastError && (
                  <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                    {d.lastError}
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {d.nextAttemptAt ? dates.dateTime(d.nextAttemptAt) : '—'}
              </Table.Td>
              {canWrite && (
                <Table.Td>
                  <BusyButton
                    variant="subtle"
                    size="compact-sm"
                    busy={replay.isPending && replay.variables === d.id}
                    aria-label={t(`${W}.replayFor`, { id: d.id })}
                    onClick={() =>
                      replay.mutate(d.id, {
                        onSuccess: () =>
                          notifications.show({ color: 'green', message: t(`${W}.replayed`, { id: d.id }) }),
                        onError: failed,
                      })
                    }
                  >
                    {t(`${W}.replay`)}
                  </BusyButton>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

/**
 * A key's webhooks, in a drawer of the API keys screen: its endpoints (the owner adds one, its
 * secret shown once, or removes one) and the delivery log with a replay button per delivery.
 */
export function WebhooksDrawer({
  apiKey,
  canWrite,
  onClose,
}: {
  apiKey: ApiKey | null
  canWrite: boolean
  onClose: () => void
}) {
  const { t } = useTranslation()
  const phone = usePhoneLayout()
  const keyId = apiKey?.id ?? null
  const view = useWebhooks(keyId)
  const remove = useRemoveWebhook(keyId ?? 0)
  const failed = useFailed()
  const [issued, setIssued] = useState<WebhookEndpointIssued | null>(null)
  const working = apiKey?.state === 'active' || apiKey?.state === 'retiring'
  const close = () => {
    setIssued(null)
    onClose()
  }
  return (
    <Drawer
      opened={apiKey !== null}
      onClose={close}
      position="right"
      size={phone ? '100%' : 'xl'}
      title={apiKey ? t(`${W}.title`, { name: apiKey.name }) : ''}
    >
      {apiKey && (
        <Stack gap="md">
          <Text size="sm" c="gray.7">
            {t(`${W}.description`)}
          </Text>
          {view.isError && !view.data ? (
            <LoadError title={t(`${W}.error`)} error={view.error} onRetry={() => view.refetch()} />
          ) : !view.data ? (
            <Text size="sm">{t(`${W}.loading`)}</Text>
          ) : (
            <>
              <Title order={3} size="h5">
                {t(`${W}.endpoints`)}
              </Title>
              {view.data.endpoints.length === 0 ? (
                <Text size="sm">{t(`${W}.noEndpoints`)}</Text>
              ) : (
                <Stack
                  component="ul"
                  gap="xs"
                  m={0}
                  p={0}
                  style={{ listStyle: 'none' }}
                  data-testid="webhook-endpoints"
                >
                  {view.data.endpoints.map((endpoint) => (
                    <Group component="li" key={endpoint.id} justify="space-between" wrap="nowrap" gap="xs">
                      <Stack gap={2} style={{ minWidth: 0 }}>
                        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                          {endpoint.url}
                        </Text>
                        <Text size="xs" c="gray.7">
                          {endpoint.events.map((e) => t(`${W}.event.${eventKey(e)}`)).join(', ')}
                        </Text>
                      </Stack>
                      {canWrite && (
                        <BusyButton
                          variant="subtle"
                          color="red"
                          size="compact-sm"
                          busy={remove.isPending && remove.variables === endpoint.id}
                          aria-label={t(`${W}.removeFor`, { url: endpoint.url })}
                          onClick={() => remove.mutate(endpoint.id, { onError: failed })}
                        >
                          {t(`${W}.remove`)}
                        </BusyButton>
                      )}
                    </Group>
                  ))}
                </Stack>
              )}
              {issued && <ShownSecret issued={issued} onDone={() => setIssued(null)} />}
              {canWrite && working && <AddEndpoint keyId={apiKey.id} onIssued={setIssued} />}
              <Title order={3} size="h5">
                {t(`${W}.log`)}
              </Title>
              {view.data.deliveries.length === 0 ? (
                <Text size="sm">{t(`${W}.noDeliveries`)}</Text>
              ) : (
                <DeliveryRows keyId={apiKey.id} deliveries={view.data.deliveries} canWrite={canWrite} />
              )}
            </>
          )}
        </Stack>
      )}
    </Drawer>
  )
}
