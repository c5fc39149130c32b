import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  NativeSelect,
  PasswordInput,
  Radio,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { type FormEvent, useState } from 'react'
import type { GatewayName, PaymentGatewayView } from '../../../../contracts/payment-setup'
import { AlertIcon } from '../../../components/icons/Icons'
import { LoadError } from '../../../components/LoadError'
import { useTranslation } from '../../../i18n/use-translation'
import { isApiError } from '../../../lib/api-error'
import { useDates } from '../../../lib/dates'
import { describeError } from '../../../lib/error-message'
import { useStaffCan } from '../use-staff-can'
import { fieldMessages } from './form-errors'
import { useGateway, useSaveGateway } from './payment-setup-api'

const G = 'paymentSetup.gateway'
const FIELDS = ['gateway', 'baseUrl', 'apiKey', 'secretKey', 'clearKeys'] as const

/** What is in effect now, and who chose it. */
function Status({ view }: { view: PaymentGatewayView }) {
  const { t } = useTranslation()
  return (
    <Card withBorder padding="sm" data-testid="gateway-status">
      <Stack gap={4}>
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {t(`${G}.active`)}
          </Text>
          {view.active ? (
            <Badge variant="light" color={view.active.gateway === 'iyzico' ? 'green' : 'yellow'} tt="none">
              {t(`${G}.names.${view.active.gateway}`)}
            </Badge>
          ) : (
            <Badge variant="light" color="red" tt="none">
              {t(`${G}.none`)}
            </Badge>
          )}
        </Group>
        {view.active?.baseUrl && (
          <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {view.active.baseUrl}
          </Text>
        )}
        <Text size="sm" c="gray.7">
          {view.source === 'environment' ? t(`${G}.fromEnvironment`) : t(`${G}.fromScreen`)}
        </Text>
        {view.paymentsInFlight > 0 && (
          <Text size="sm" c="gray.7" data-testid="gateway-in-flight">
            {t(`${G}.inFlight`, { count: view.paymentsInFlight })}
          </Text>
        )}
      </Stack>
    </Card>
  )
}

/** "Set on 12.03.2026 14:05, ends in …1234": all the screen ever shows of a stored key. */
function useKeyText() {
  const { t } = useTranslation()
  const dates = useDates()
  return (key: { setAt: string; endsWith: string } | null) =>
    key
      ? key.endsWith
        ? t(`${G}.keySetEnding`, { time: dates.dateTime(key.setAt), ending: key.endsWith })
        : t(`${G}.keySet`, { time: dates.dateTime(key.setAt) })
      : t(`${G}.keyNotSet`)
}

function GatewayForm({ view }: { view: PaymentGatewayView }) {
  const { t } = useTranslation()
  const dates = useDates()
  const save = useSaveGateway()
  const keyText = useKeyText()
  const stored = view.stored
  const [gateway, setGateway] = useState<GatewayName>(
    stored?.gateway ?? view.active?.gateway ?? view.choices[0] ?? 'iyzico',
  )
  const [baseUrl, setBaseUrl] = useState(stored?.baseUrl ?? view.baseUrls[1] ?? view.baseUrls[0] ?? '')
  const [apiKey, setApiKey] = useState('')
  const [secretKey, setSecretKey] = useState('')
  const [clearKeys, setClearKeys] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState<unknown>(null)
  const hasKeys = Boolean(stored?.apiKey || stored?.secretKey)
  const urls = view.baseUrls.includes(baseUrl) || !baseUrl ? view.baseUrls : [baseUrl, ...view.baseUrls]
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setErrors({})
    setFailure(null)
    save.mutate(
      {
        gateway,
        ...(gateway === 'iyzico' ? { baseUrl } : {}),
        ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}),
        ...(secretKey.trim() ? { secretKey: secretKey.trim() } : {}),
        ...(gateway === 'sandbox' && clearKeys ? { clearKeys: true } : {}),
      },
      {
        onSuccess: () => {
          // Typed keys go at once: the page never holds a stored key longer than it must.
          setApiKey('')
          setSecretKey('')
          setClearKeys(false)
          notifications.show({ color: 'green', message: t(`${G}.saved`) })
        },
        onError: (error) => {
          if (isApiError(error) && error.handled) return
          const fields = fieldMessages(error, FIELDS)
          if (fields) setErrors(fields)
          else setFailure(error)
        },
      },
    )
  }
  return (
    <form onSubmit={submit} noValidate data-testid="gateway-form" autoComplete="off">
      <Stack gap="md">
        {failure !== null && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
            {describeError(failure, t)}
          </Alert>
        )}
        <Radio.Group
          label={t(`${G}.choose`)}
          value={gateway}
          onChange={(value) => setGateway(value as GatewayName)}
          error={errors.gateway}
        >
          <Stack gap={6} mt={4}>
            {(['sandbox', 'iyzico'] as const).map((name) => (
              <Radio
                key={name}
                value={name}
                label={t(`${G}.names.${name}`)}
                description={t(`${G}.hints.${name}`)}
                disabled={!view.choices.includes(name)}
              />
            ))}
          </Stack>
        </Radio.Group>
        {gateway === 'iyzico' && (
          <>
            <NativeSelect
              label={t(`${G}.baseUrl`)}
              description={t(`${G}.baseUrlHint`)}
              data={urls.map((url) => ({
                value: url,
                label: url === 'https://api.iyzipay.com' ? `${url} (${t(`${G}.live`)})` : url,
              }))}
              value={baseUrl}
              error={errors.baseUrl}
              onChange={(event) => setBaseUrl(event.currentTarget.value)}
            />
            <PasswordInput
              label={t(`${G}.apiKey`)}
              description={keyText(stored?.apiKey ?? null)}
              placeholder={stored?.apiKey ? t(`${G}.keepKey`) : ''}
              value={apiKey}
              error={errors.apiKey}
              onChange={(event) => setApiKey(event.currentTarget.value)}
              autoComplete="new-password"
              maxLength={200}
              data-testid="gateway-api-key"
            />
            <PasswordInput
              label={t(`${G}.secretKey`)}
              description={keyText(stored?.secretKey ?? null)}
              placeholder={stored?.secretKey ? t(`${G}.keepKey`) : ''}
              value={secretKey}
              error={errors.secretKey}
              onChange={(event) => setSecretKey(event.currentTarget.value)}
              autoComplete="new-password"
              maxLength={200}
              data-testid="gateway-secret-key"
            />
          </>
        )}
        {gateway === 'sandbox' && hasKeys && (
          <Checkbox
            label={t(`${G}.clearKeys`)}
            description={t(`${G}.clearKeysHint`)}
            checked={clearKeys}
            error={errors.clearKeys}
            onChange={(event) => setClearKeys(event.currentTarget.checked)}
          />
        )}
        {stored && (
          <Text size="xs" c="gray.7">
            {t(`${G}.updated`, { time: dates.dateTime(stored.updatedAt), name: stored.updatedBy ?? '—' })}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={save.isPending} data-testid="gateway-save">
            {t('paymentSetup.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/** The virtual POS: what is in use, and (when the environment does not name it) the choice and its keys. */
export function GatewayTab() {
  const { t } = useTranslation()
  const canWrite = useStaffCan('payments:write')
  const gateway = useGateway()
  const keyText = useKeyText()
  if (gateway.isError && !gateway.data)
    return <LoadError title={t(`${G}.error`)} error={gateway.error} onRetry={() => gateway.refetch()} />
  if (!gateway.data) {
    return (
      <Stack gap="sm" role="status" aria-label={t('paymentSetup.loading')}>
        <Skeleton height={80} />
        <Skeleton height={160} />
      </Stack>
    )
  }
  const view = gateway.data
  const editable = view.source === 'stored' && canWrite
  return (
    <Stack gap="lg" maw={640}>
      <Status view={view} />
      {view.source === 'environment' && (
        <Alert
          color="blue"
          variant="light"
          icon={<AlertIcon />}
          title={t(`${G}.environmentTitle`)}
          data-testid="gateway-environment"
        >
          {t(`${G}.environmentText`)}
        </Alert>
      )}
      {view.source === 'stored' && view.active === null && (
        <Alert color="red" variant="light" icon={<AlertIcon />} title={t(`${G}.noneTitle`)}>
          {t(`${G}.noneText`)}
        </Alert>
      )}
      {view.stored && !view.stored.keysReadable && (
        <Alert color="orange" variant="light" icon={<AlertIcon />} data-testid="gateway-unreadable">
          {t(`${G}.unreadable`)}
        </Alert>
      )}
      {view.source === 'stored' && view.secretsKey === 'missing' && (
        <Alert color="orange" variant="light" icon={<AlertIcon />} data-testid="gateway-no-secrets-key">
          {t(`${G}.noSecretsKey`)}
        </Alert>
      )}
      {editable ? (
        <>
          <Title order={2} size="h4">
            {t(`${G}.formTitle`)}
          </Title>
          <GatewayForm key={`${view.stored?.updatedAt ?? 'none'}`} view={view} />
        </>
      ) : (
        view.stored && (
          <Card withBorder padding="sm" data-testid="gateway-stored">
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                {t(`${G}.storedTitle`)}: {t(`${G}.names.${view.stored.gateway}`)}
              </Text>
              <Text size="sm">
                {t(`${G}.apiKey`)}: {keyText(view.stored.apiKey)}
              </Text>
              <Text size="sm">
                {t(`${G}.secretKey`)}: {keyText(view.stored.secretKey)}
              </Text>
            </Stack>
          </Card>
        )
      )}
    </Stack>
  )
}
