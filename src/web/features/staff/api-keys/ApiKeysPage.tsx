import { Alert, Badge, Button, Card, Code, Group, Menu, Stack, Text } from '@mantine/core'
import { modals } from '@mantine/modals'
import { notifications } from '@mantine/notifications'
import { DataTable } from 'mantine-datatable'
import { useState } from 'react'
import { Link } from 'react-router'
import type { ApiKey, ApiKeyIssued } from '../../../../contracts/api-keys'
import { AlertIcon } from '../../../components/icons/Icons'
import { LoadError } from '../../../components/LoadError'
import { useTranslation } from '../../../i18n/use-translation'
import { isApiError } from '../../../lib/api-error'
import { useDates } from '../../../lib/dates'
import { describeError } from '../../../lib/error-message'
import { useLocalePath } from '../../../lib/session-context'
import { usePhoneLayout } from '../../../lib/use-phone-layout'
import { StaffLayout } from '../StaffLayout'
import { useStaffCan } from '../use-staff-can'
import { useApiKeys, useRevokeApiKey, useRotateApiKey } from './api-keys-api'
import { CreateApiKey } from './CreateApiKey'
import { ShownKey } from './ShownKey'
import { useScopeLabel } from './scope-label'
import { WebhooksDrawer } from './WebhooksDrawer'

const K = 'apiKeys'

const STATE_COLOR = { active: 'green', retiring: 'yellow', expired: 'gray', revoked: 'red' } as const

function StateBadge({ apiKey }: { apiKey: ApiKey }) {
  const { t } = useTranslation()
  const dates = useDates()
  return (
    <Stack gap={2} align="flex-start">
      <Badge variant="light" color={STATE_COLOR[apiKey.state]} tt="none" data-testid="api-key-state">
        {t(`${K}.state.${apiKey.state}`)}
      </Badge>
      {apiKey.state === 'retiring' && apiKey.expiresAt && (
        <Text size="xs" c="gray.7">
          {t(`${K}.validUntil`, { time: dates.dateTime(apiKey.expiresAt) })}
        </Text>
      )}
    </Stack>
  )
}

function Scopes({ apiKey }: { apiKey: ApiKey }) {
  const scopeLabel = useScopeLabel()
  return (
    <Group gap={4} wrap="wrap">
      {apiKey.scopes.map((scope) => (
        <Badge key={scope} variant="outline" color="gray" tt="none" title={scopeLabel(scope)}>
          {scope}
        </Badge>
      ))}
    </Group>
  )
}

/** Rotate (an active key) and revoke (a key still working), each asked first; and the key's history. */
function KeyActions({ apiKey, onIssued }: { apiKey: ApiKey; onIssued: (issued: ApiKeyIssued) => void }) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const rotate = useRotateApiKey()
  const revoke = useRevokeApiKey()
  const failed = (error: Error) => {
    if (isApiError(error) && error.handled) return
    notifications.show({ color: 'red', title: t(`${K}.failed`), message: describeError(error, t) })
  }
  const confirm = (step: 'rotate' | 'revoke', run: () => void) =>
    modals.openConfirmModal({
      title: t(`${K}.confirm.${step}.title`),
      centered: true,
      children: <Text size="sm">{t(`${K}.confirm.${step}.text`, { name: apiKey.name })}</Text>,
      labels: { confirm: t(`${K}.confirm.${step}.yes`), cancel: t(`${K}.confirm.cancel`) },
      confirmProps: { color: step === 'revoke' ? 'red' : undefined },
      onConfirm: run,
    })
  const working = apiKey.state === 'active' || apiKey.state === 'retiring'
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          size="compact-sm"
          loading={rotate.isPending || revoke.isPending}
          aria-label={t(`${K}.actionsFor`, { name: apiKey.name })}
          data-testid="api-key-actions"
        >
          {t(`${K}.actions`)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {apiKey.state === 'active' && (
          <Menu.Item
            onClick={() =>
              confirm('rotate', () => rotate.mutate(apiKey.id, { onSuccess: onIssued, onError: failed }))
            }
          >
            {t(`${K}.action.rotate`)}
          </Menu.Item>
        )}
        {working && (
          <Menu.Item
            color="red"
            onClick={() =>
              confirm('revoke', () =>
                revoke.mutate(apiKey.id, {
                  onSuccess: () =>
                    notifications.show({
                      color: 'green',
                      message: t(`${K}.done.revoke`, { name: apiKey.name }),
                    }),
                  onError: failed,
                }),
              )
            }
          >
            {t(`${K}.action.revoke`)}
          </Menu.Item>
        )}
        <Menu.Item
          component={Link}
          to={`${localePath('/yonetim/denetim')}?entity=api_key&entityId=${apiKey.id}`}
        >
          {t(`${K}.action.audit`)}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}

function useWhen() {
  const { t } = useTranslation()
  const dates = useDates()
  return {
    created: (k: ApiKey) => dates.dateTime(k.createdAt),
    lastUsed: (k: ApiKey) => (k.lastUsedAt ? dates.dateTime(k.lastUsedAt) : t(`${K}.never`)),
  }
}

type ListProps = {
  keys: ApiKey[]
  canWrite: boolean
  onIssued: (issued: ApiKeyIssued) => void
  onWebhooks: (apiKey: ApiKey) => void
}

/** Opens the key's webhooks (every role: the read-only one sees the endpoints and the log). */
function WebhooksButton({ apiKey, onWebhooks }: { apiKey: ApiKey; onWebhooks: (apiKey: ApiKey) => void }) {
  const { t } = useTranslation()
  return (
    <Button
      variant="light"
      size="compact-sm"
      onClick={() => onWebhooks(apiKey)}
      aria-label={t(`${K}.webhooks.openFor`, { name: apiKey.name })}
      data-testid="api-key-webhooks"
    >
      {t(`${K}.webhooks.open`)}
    </Button>
  )
}

function KeysTable({ keys, canWrite, onIssued, onWebhooks, pending }: ListProps & { pending: boolean }) {
  const { t } = useTranslation()
  const when = useWhen()
  const c = `${K}.columns`
  return (
    <DataTable<ApiKey>
      withTableBorder
      borderRadius="sm"
      striped
      minHeight={180}
      aria-label={t(`${K}.title`)}
      records={keys}
      noRecordsText={pending ? t(`${K}.loading`) : t(`${K}.empty`)}
      idAccessor="id"
      data-testid="api-keys-table"
      columns={[
        {
          accessor: 'name',
          title: t(`${c}.name`),
          render: (k) => (
            <Text size="sm" fw={600}>
              {k.name}
            </Text>
          ),
        },
        { accessor: 'prefix', title: t(`${c}.prefix`), render: (k) => <Code>{k.prefix}_…</Code> },
        { accessor: 'scopes', title: t(`${c}.scopes`), render: (k) => <Scopes apiKey={k} /> },
        { accessor: 'createdAt', title: t(`${c}.created`), noWrap: true, render: when.created },
        { accessor: 'lastUsedAt', title: t(`${c}.lastUsed`), noWrap: true, render: when.lastUsed },
        { accessor: 'state', title: t(`${c}.state`), render: (k) => <StateBadge apiKey={k} /> },
        {
          accessor: 'webhooks',
          title: t(`${c}.webhooks`),
          render: (k) => <WebhooksButton apiKey={k} onWebhooks={onWebhooks} />,
        },
        ...(canWrite
          ? [
              {
                accessor: 'actions',
                title: t(`${c}.actions`),
                render: (k: ApiKey) => <KeyActions apiKey={k} onIssued={onIssued} />,
              },
            ]
          : []),
      ]}
    />
  )
}

function KeyCards({ keys, canWrite, onIssued, onWebhooks }: ListProps) {
  const { t } = useTranslation()
  const when = useWhen()
  const c = `${K}.columns`
  return (
    <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t(`${K}.title`)}>
      {keys.map((k) => (
        <Card component="li" withBorder padding="sm" key={k.id} data-testid="api-key-card">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs" mb={4}>
            <Text size="sm" fw={600}>
              {k.name}
            </Text>
            <StateBadge apiKey={k} />
          </Group>
          <Code mb="xs">{k.prefix}_…</Code>
          <Scopes apiKey={k} />
          <Text size="xs" c="gray.7" mt="xs">
            {t(`${c}.created`)}: {when.created(k)}
          </Text>
          <Text size="xs" c="gray.7">
            {t(`${c}.lastUsed`)}: {when.lastUsed(k)}
          </Text>
          <Group justify="flex-end" gap="xs">
            <WebhooksButton apiKey={k} onWebhooks={onWebhooks} />
            {canWrite && <KeyActions apiKey={k} onIssued={onIssued} />}
          </Group>
        </Card>
      ))}
    </Stack>
  )
}

function KeysList(props: Omit<ListProps, 'keys'>) {
  const { t } = useTranslation()
  const phone = usePhoneLayout()
  const list = useApiKeys()
  if (list.isError && !list.data) {
    return <LoadError title={t(`${K}.error`)} error={list.error} onRetry={() => list.refetch()} />
  }
  const keys = list.data?.items ?? []
  if (!phone) return <KeysTable keys={keys} pending={list.isPending} {...props} />
  if (!list.data) return <Text size="sm">{t(`${K}.loading`)}</Text>
  if (keys.length === 0) return <Text size="sm">{t(`${K}.empty`)}</Text>
  return <KeyCards keys={keys} {...props} />
}

/**
 * /yonetim/api-anahtarlari — the ERP integration's API keys. The owner makes one (name and scopes; the
 * key is shown once), rotates it (a new key, the old one an hour longer) and revokes it, each asked
 * first, and manages each key's webhooks (endpoints, delivery log, replay); a role that only reads
 * sees the list and the webhooks.
 */
export function ApiKeysPage() {
  const { t } = useTranslation()
  const canWrite = useStaffCan('system:write')
  const [creating, setCreating] = useState(false)
  const [issued, setIssued] = useState<ApiKeyIssued | null>(null)
  const [webhooksOf, setWebhooksOf] = useState<ApiKey | null>(null)
  return (
    <StaffLayout title={t(`${K}.title`)} description={t(`${K}.description`)}>
      <Stack gap="md">
        {canWrite ? (
          <Group justify="flex-end">
            <Button onClick={() => setCreating(true)} data-testid="api-key-create-open">
              {t(`${K}.create.open`)}
            </Button>
          </Group>
        ) : (
          <Alert color="yellow" icon={<AlertIcon />} title={t('staff.roleReadOnlyTitle')}>
            {t('staff.roleReadOnlyText')}
          </Alert>
        )}
        <KeysList canWrite={canWrite} onIssued={setIssued} onWebhooks={setWebhooksOf} />
      </Stack>
      {canWrite && (
        <CreateApiKey opened={creating} onClose={() => setCreating(false)} onCreated={setIssued} />
      )}
      <ShownKey issued={issued} onClose={() => setIssued(null)} />
      <WebhooksDrawer apiKey={webhooksOf} canWrite={canWrite} onClose={() => setWebhooksOf(null)} />
    </StaffLayout>
  )
}
