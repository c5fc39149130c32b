import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core'
import { useForm } from '@mantine/form'
import { useState } from 'react'
import { type ApiKeyIssued, apiKeyCreateSchema } from '../../../../contracts/api-keys'
import { type IntegrationScope, scopesByResource } from '../../../../domain/integration-scopes'
import { AlertIcon } from '../../../components/icons/Icons'
import { useTranslation } from '../../../i18n/use-translation'
import { isApiError } from '../../../lib/api-error'
import { describeError } from '../../../lib/error-message'
import { useCreateApiKey } from './api-keys-api'

const C = 'apiKeys.create'

type Values = { name: string; scopes: IntegrationScope[] }

/** The new key's name and scopes (checkboxes grouped by resource), checked with the server's contract. */
function CreateForm({
  onCreated,
  onCancel,
}: {
  onCreated: (issued: ApiKeyIssued) => void
  onCancel: () => void
}) {
  const { t } = useTranslation()
  const create = useCreateApiKey()
  const [failure, setFailure] = useState<unknown>(null)
  const form = useForm<Values>({
    initialValues: { name: '', scopes: [] },
    validate: (values) => {
      const parsed = apiKeyCreateSchema.safeParse(values)
      if (parsed.success) return {}
      const fields = new Set(parsed.error.issues.map((issue) => issue.path[0]))
      return {
        ...(fields.has('name') ? { name: t(`${C}.invalidName`) } : {}),
        ...(fields.has('scopes') ? { scopes: t(`${C}.invalidScopes`) } : {}),
      }
    },
  })
  const submit = form.onSubmit((values) => {
    if (create.isPending) return
    setFailure(null)
    create.mutate(apiKeyCreateSchema.parse(values), {
      onSuccess: onCreated,
      onError: (error) => {
        if (isApiError(error) && error.handled) return
        setFailure(error)
      },
    })
  })
  const toggle = (scope: IntegrationScope, on: boolean) =>
    form.setFieldValue(
      'scopes',
      on ? [...form.values.scopes, scope] : form.values.scopes.filter((s) => s !== scope),
    )
  return (
    <form onSubmit={submit} noValidate data-testid="api-key-create-form">
      <Stack gap="md">
        {failure !== null && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
            {describeError(failure, t)}
          </Alert>
        )}
        <TextInput
          label={t(`${C}.name`)}
          description={t(`${C}.nameHint`)}
          required
          maxLength={100}
          autoComplete="off"
          data-autofocus
          data-testid="api-key-name"
          {...form.getInputProps('name')}
        />
        <Fieldset legend={t(`${C}.scopes`)} variant="unstyled">
          <Text size="xs" c="gray.7" mb="xs">
            {t(`${C}.scopesHint`)}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            {scopesByResource().map((group) => (
              // Each resource's checkboxes are a group named by its heading, so a screen reader hears both.
              <Stack
                key={group.resource}
                gap={4}
                role="group"
                aria-labelledby={`api-key-resource-${group.resource}`}
              >
                <Text size="sm" fw={600} id={`api-key-resource-${group.resource}`}>
                  {t(`apiKeys.resource.${group.resource}`)}
                </Text>
                {group.scopes.map((scope) => (
                  <Checkbox
                    key={scope}
                    label={t(`apiKeys.checkbox.${scope.endsWith(':read') ? 'read' : 'write'}`, { scope })}
                    value={scope}
                    checked={form.values.scopes.includes(scope)}
                    onChange={(event) => toggle(scope, event.currentTarget.checked)}
                    data-testid={`api-key-scope-${scope}`}
                  />
                ))}
              </Stack>
            ))}
          </SimpleGrid>
          {form.errors.scopes && (
            <Text size="sm" c="red.8" mt="xs" role="alert">
              {form.errors.scopes}
            </Text>
          )}
        </Fieldset>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t(`${C}.cancel`)}
          </Button>
          <Button type="submit" loading={create.isPending} data-testid="api-key-create-submit">
            {t(`${C}.submit`)}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

export function CreateApiKey({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean
  onClose: () => void
  onCreated: (issued: ApiKeyIssued) => void
}) {
  const { t } = useTranslation()
  return (
    <Modal opened={opened} onClose={onClose} title={t(`${C}.title`)} centered size="lg">
      {opened && (
        <CreateForm
          onCancel={onClose}
          onCreated={(issued) => {
            onClose()
            onCreated(issued)
          }}
        />
      )}
    </Modal>
  )
}
