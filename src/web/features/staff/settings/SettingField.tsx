import {
  Button,
  Checkbox,
  Group,
  Input,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useState } from 'react'
import type { SettingItem, SocialLinksValue } from '../../../../contracts/store-settings-admin'
import { useTranslation } from '../../../i18n/use-translation'
import { isApiError } from '../../../lib/api-error'
import { describeError } from '../../../lib/error-message'
import { useSession } from '../../../lib/session-context'
import { useSaveSetting } from './store-settings-api'

const N = 'storeSettings'

/** A typed amount as a number: "1.234,56" and "1234.56" alike; null when it is not one. */
export function typedAmount(text: string): number | null {
  const trimmed = text.trim()
  if (trimmed === '') return null
  const plain = trimmed.includes(',') ? trimmed.replace(/\./g, '').replace(',', '.') : trimmed
  if (!/^\d+(\.\d+)?$/.test(plain)) return null
  return Number(plain)
}

/** What a text-like field shows for a stored value. */
function draftOf(item: SettingItem, locale: string): string {
  const value = item.value
  if (value === null || value === undefined) return ''
  if (item.type === 'amount' || item.type === 'integer') {
    return Number(value).toLocaleString(locale === 'en' ? 'en-US' : 'tr-TR', { maximumFractionDigits: 2 })
  }
  if (Array.isArray(value)) return (value as string[]).join('\n')
  return String(value)
}

/** The value a text-like draft sends: amounts as numbers (a typed word is sent as text and refused there). */
function valueOfDraft(item: SettingItem, draft: string): unknown {
  if (item.type === 'amount' || item.type === 'integer') return typedAmount(draft) ?? draft
  if (item.type === 'emails')
    return draft
      .split(/[\n,;]+/)
      .map((line) => line.trim())
      .filter(Boolean)
  return draft
}

type RowProps = { item: SettingItem; canWrite: boolean }

/** The server's field message for a refused value, else the error in words. */
function useFailure() {
  const { t } = useTranslation()
  return (failure: unknown) =>
    isApiError(failure) && failure.fields?.value ? failure.fields.value : describeError(failure, t)
}

/** A switch or a list choice: saved as soon as it is changed, back to the stored value if refused. */
function ImmediateField({ item, canWrite }: RowProps) {
  const { t } = useTranslation()
  const save = useSaveSetting()
  const failure = useFailure()
  const [error, setError] = useState<string | null>(null)
  const submit = (value: unknown) => {
    if (save.isPending) return
    setError(null)
    save.mutate(
      { key: item.key, value },
      {
        onSuccess: () =>
          notifications.show({ color: 'green', message: t(`${N}.saved`, { label: item.label }) }),
        onError: (err) => setError(failure(err)),
      },
    )
  }
  if (item.type === 'boolean') {
    return (
      <Switch
        label={item.label}
        description={item.help}
        checked={save.isPending ? Boolean(save.variables?.value) : Boolean(item.value)}
        // Not disabled while saving: a disabled control loses the keyboard's focus.
        disabled={!canWrite}
        aria-busy={save.isPending}
        error={error}
        onChange={(event) => submit(event.currentTarget.checked)}
        data-testid={`setting-${item.key}`}
      />
    )
  }
  const options = (item.allowed ?? []).map((a) => ({ value: String(a.value), label: a.label }))
  return (
    <Select
      label={item.label}
      description={item.help}
      data={options}
      value={String(save.isPending ? save.variables?.value : item.value)}
      allowDeselect={false}
      // Not disabled while saving: a disabled control loses the keyboard's focus.
      disabled={!canWrite}
      aria-busy={save.isPending}
      error={error}
      maw={480}
      comboboxProps={{ withinPortal: true }}
      onChange={(value) => {
        if (value === null) return
        const chosen = item.allowed?.find((a) => String(a.value) === value)
        if (chosen && String(chosen.value) !== String(item.value)) submit(chosen.value)
      }}
      data-testid={`setting-${item.key}`}
    />
  )
}

/** A typed field: saved with its button or Enter (a list of addresses: the button). */
function TypedField({ item, canWrite }: RowProps) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const save = useSaveSetting()
  const failure = useFailure()
  const stored = draftOf(item, locale)
  const [draft, setDraft] = useState(stored)
  const [error, setError] = useState<string | null>(null)
  const dirty = draft !== stored
  const submit = () => {
    if (!dirty || save.isPending) return
    setError(null)
    save.mutate(
      { key: item.key, value: valueOfDraft(item, draft) },
      {
        onSuccess: (saved) => {
          setDraft(draftOf(saved, locale))
          notifications.show({ color: 'green', message: t(`${N}.saved`, { label: item.label }) })
        },
        onError: (err) => setError(failure(err)),
      },
    )
  }
  const common = {
    label: item.label,
    description: item.help,
    value: draft,
    error,
    readOnly: !canWrite,
    'data-testid': `setting-${item.key}`,
  }
  const field =
    item.type === 'emails' ? (
      <Textarea
        {...common}
        rows={4}
        onChange={(event) => {
          setDraft(event.currentTarget.value)
          setError(null)
        }}
      />
    ) : (
      <TextInput
        {...common}
        type={item.type === 'email' ? 'email' : item.type === 'phone' ? 'tel' : 'text'}
        inputMode={item.type === 'amount' || item.type === 'integer' ? 'decimal' : undefined}
        autoComplete="off"
        onChange={(event) => {
          setDraft(event.currentTarget.value)
          setError(null)
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault()
            submit()
          }
        }}
      />
    )
  return (
    <Stack gap={6} maw={560}>
      {field}
      {canWrite && dirty && (
        <Group gap="sm">
          <Button size="xs" onClick={submit} loading={save.isPending}>
            {t(`${N}.save`)}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            onClick={() => {
              setDraft(stored)
              setError(null)
            }}
          >
            {t(`${N}.undo`)}
          </Button>
        </Group>
      )}
    </Stack>
  )
}

/** The five social links: an address and a shown/hidden mark each, saved together. */
function SocialLinksField({ item, canWrite }: RowProps) {
  const { t } = useTranslation()
  const save = useSaveSetting()
  const failure = useFailure()
  const stored = item.value as SocialLinksValue
  const [links, setLinks] = useState(stored)
  const [error, setError] = useState<string | null>(null)
  const dirty = JSON.stringify(links) !== JSON.stringify(stored)
  const change = (index: number, patch: Partial<SocialLinksValue[number]>) => {
    setLinks(links.map((link, i) => (i === index ? { ...link, ...patch } : link)))
    setError(null)
  }
  const submit = () =>
    save.mutate(
      { key: item.key, value: links.map((link) => ({ ...link, url: link.url.trim() })) },
      {
        onSuccess: (saved) => {
          setLinks(saved.value as SocialLinksValue)
          notifications.show({ color: 'green', message: t(`${N}.saved`, { label: item.label }) })
        },
        onError: (err) => setError(failure(err)),
      },
    )
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }} data-testid={`setting-${item.key}`}>
      <legend style={{ padding: 0 }}>
        <Input.Label component="span">{item.label}</Input.Label>
      </legend>
      <Input.Description mb={6}>{item.help}</Input.Description>
      <Stack gap={6} maw={560}>
        {links.map((link, index) => (
          <Group key={link.network} gap="sm" wrap="nowrap" align="center">
            <TextInput
              style={{ flex: 1 }}
              label={t(`social.${link.network}`)}
              placeholder="https://"
              value={link.url}
              readOnly={!canWrite}
              onChange={(event) => change(index, { url: event.currentTarget.value })}
            />
            <Checkbox
              mt={22}
              label={t(`${N}.visible`)}
              checked={link.visible}
              disabled={!canWrite}
              onChange={(event) => change(index, { visible: event.currentTarget.checked })}
            />
          </Group>
        ))}
        {error && (
          <Text size="sm" c="red.8" role="alert">
            {error}
          </Text>
        )}
        {canWrite && dirty && (
          <Group gap="sm">
            <Button size="xs" onClick={submit} loading={save.isPending}>
              {t(`${N}.save`)}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              onClick={() => {
                setLinks(stored)
                setError(null)
              }}
            >
              {t(`${N}.undo`)}
            </Button>
          </Group>
        )}
      </Stack>
    </fieldset>
  )
}

/** One setting, drawn by its type. */
export function SettingField(props: RowProps) {
  if (props.item.type === 'boolean' || props.item.type === 'choice') return <ImmediateField {...props} />
  if (props.item.type === 'socialLinks') return <SocialLinksField {...props} />
  return <TypedField {...props} />
}
