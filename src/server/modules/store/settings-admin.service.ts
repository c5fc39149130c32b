import type { z } from 'zod'
import type { Locale } from '../../../contracts/common'
import type { StoreSettings } from '../../../contracts/settings'
import { STORE_MAIL_RECIPIENTS_MAX } from '../../../contracts/store-notifications'
import {
  SETTING_DEFINITIONS,
  type SettingDefinition,
  type SettingItem,
  type SettingsList,
  type SocialLinksValue,
  settingDefinition,
} from '../../../contracts/store-settings-admin'
import type { AuditValue } from '../../../domain/audit'
import { socialLinkEntries, socialLinksSetting } from '../../../domain/social-links'
import type { Db } from '../../db/client'
import { AppError, notFound } from '../../http/errors'
import type { MessageKey, MessageParams } from '../../http/messages'
import type { StaffActor } from '../../identity'
import { recordAudit } from '../audit/audit.service'
import { choiceLabel, settingText } from './setting-texts'
import {
  readCurrencies,
  readMailRecipients,
  readStoreInfo,
  readStoreSettings,
  writeDefaultCurrency,
  writeMailRecipients,
  writeStoreInfo,
  writeStoreSetting,
} from './store.repository'

// The settings screen: every setting with its label, help and allowed values, and one setting changed
// at a time. Writes to store_settings, store_info and currencies stamp the reference version
// (migration 0017), so every process's cached settings reload on their next request.

type State = {
  settings: StoreSettings
  info: Awaited<ReturnType<typeof readStoreInfo>>
  recipients: string[]
  currencies: Awaited<ReturnType<typeof readCurrencies>>
}

function storedValue(definition: SettingDefinition, state: State): SettingItem['value'] {
  const storage = definition.storage
  switch (storage.kind) {
    case 'setting':
      return state.settings[definition.key as keyof StoreSettings]
    case 'info':
      return state.info[storage.column]
    case 'socialLinks':
      return socialLinkEntries(state.info.socialLinks)
    case 'recipients':
      return state.recipients
    case 'defaultCurrency':
      return state.currencies.find((c) => c.isDefault)?.code ?? null
  }
}

function itemOf(definition: SettingDefinition, state: State, locale: Locale): SettingItem {
  const text = settingText(locale, definition.key) ?? { label: definition.key, help: '' }
  const allowed =
    definition.storage.kind === 'defaultCurrency'
      ? state.currencies.map((c) => ({ value: c.code, label: `${c.code} — ${c.name}` }))
      : definition.allowed?.map((value) => ({ value, label: choiceLabel(locale, definition.key, value) }))
  return {
    key: definition.key,
    value: storedValue(definition, state),
    group: definition.group,
    label: text.label,
    help: text.help,
    type: definition.type,
    ...(allowed ? { allowed } : {}),
    dealerFacing: definition.dealerFacing,
  }
}

/** Read uncached: the screen shows what is stored, even in the moment before caches reload. */
async function readState(db: Db): Promise<State> {
  const [settings, info, recipients, currencies] = await Promise.all([
    readStoreSettings(db),
    readStoreInfo(db),
    readMailRecipients(db),
    readCurrencies(db),
  ])
  return { settings: settings.settings, info, recipients, currencies }
}

/** GET /yonetim/settings */
export async function listSettings(db: Db, locale: Locale): Promise<SettingsList> {
  const state = await readState(db)
  return { items: SETTING_DEFINITIONS.map((definition) => itemOf(definition, state, locale)) }
}

/** The field message for a refused value, worded by the setting's type. */
function refusal(definition: SettingDefinition, error: z.ZodError | null): AppError {
  const issue = error?.issues[0]
  let message: { key: MessageKey; params?: MessageParams }
  if (issue?.code === 'too_big' && definition.type === 'text') {
    message = { key: 'settings.tooLong', params: { max: Number(issue.maximum) } }
  } else if (issue?.code === 'too_small' && definition.type === 'text') {
    message = { key: 'settings.required' }
  } else {
    const byType: Record<SettingDefinition['type'], MessageKey> = {
      boolean: 'settings.boolean',
      integer: 'settings.amount',
      amount: 'settings.amount',
      choice: 'settings.choice',
      text: 'settings.required',
      email: 'settings.email',
      emails: 'settings.emails',
      phone: 'settings.phone',
      url: 'settings.socialLinks',
      timeZone: 'settings.timeZone',
      socialLinks: 'settings.socialLinks',
    }
    message = { key: byType[definition.type], params: { max: STORE_MAIL_RECIPIENTS_MAX } }
  }
  return new AppError('validation', 'error.validation', undefined, 'validation', { value: message })
}

/** The audit trail keeps the social links as stored (one string); the other values are plain already. */
const auditValue = (definition: SettingDefinition, value: unknown): AuditValue =>
  definition.storage.kind === 'socialLinks'
    ? socialLinksSetting(value as SocialLinksValue)
    : (value as AuditValue)

async function write(tx: Db, definition: SettingDefinition, value: unknown, now: Date) {
  const storage = definition.storage
  switch (storage.kind) {
    case 'setting':
      return writeStoreSetting(tx, definition.key, value, now)
    case 'info':
      return writeStoreInfo(tx, storage.column, value as string | null)
    case 'socialLinks':
      return writeStoreInfo(tx, 'socialLinks', socialLinksSetting(value as SocialLinksValue))
    case 'recipients':
      return writeMailRecipients(tx, value as string[], now)
    case 'defaultCurrency':
      if (!(await writeDefaultCurrency(tx, value as string))) throw refusal(definition, null)
  }
}

/**
 * PUT /yonetim/settings/{key}: the value checked against the setting's type and allowed values (a 400
 * with the field message otherwise), written with an audit record naming the old and new value, and
 * answered as the screen lists it. The same value again writes nothing.
 */
export async function updateSetting(
  db: Db,
  actor: StaffActor,
  input: { key: string; value: unknown; locale: Locale; now: Date },
): Promise<SettingItem> {
  const definition = settingDefinition(input.key)
  if (!definition) throw notFound()
  const checked = definition.schema.safeParse(input.value)
  if (!checked.success) throw refusal(definition, checked.error)
  const value = checked.data
  await db.transaction(async (tx) => {
    const before = storedValue(definition, await readState(tx))
    if (JSON.stringify(before) === JSON.stringify(value)) return
    await write(tx, definition, value, input.now)
    await recordAudit(
      tx,
      actor,
      {
        entity: 'store_setting',
        entityId: definition.key,
        action: 'update',
        before: { value: auditValue(definition, before) },
        after: { value: auditValue(definition, value) },
      },
      input.now,
    )
  })
  return itemOf(definition, await readState(db), input.locale)
}
