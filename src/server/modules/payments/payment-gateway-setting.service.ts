import type { GatewayName, PaymentGatewayBody, PaymentGatewayView } from '../../../contracts/payment-setup'
import { fieldChanges } from '../../../domain/audit'
import {
  GATEWAY_KEY_MAX,
  GATEWAY_KEY_MIN,
  gatewayOrigin,
  IYZICO_BASE_URLS,
  isLoopbackUrl,
  keyEnding,
} from '../../../domain/payment-setup'
import type { CachedDb } from '../../cache/caches'
import type { Config, IyzicoConfig } from '../../config'
import { AppError } from '../../http/errors'
import type { MessageKey, MessageParams } from '../../http/messages'
import type { StaffActor } from '../../identity'
import { keyFingerprint, openSecret, sealSecret } from '../../security/secret-box'
import { recordAudit } from '../audit/audit.service'
import {
  countPaymentsInFlight,
  type GatewayRow,
  type GatewayValues,
  lockGatewayRow,
  readGatewayRow,
  writeGatewayRow,
} from './payment-setup.repository'

/**
 * The virtual POS chosen on the back office (docs/decisions.md, "The gateway chosen on the back
 * office"): used when the environment does not name one. The merchant keys are sealed before they
 * are written (security/secret-box.ts), opened only in memory to build the gateway, and never
 * answered, logged or audited: the screen sees when each was set and its last four characters.
 */

export type GatewayConfig = Pick<
  Config,
  'paymentGatewaySource' | 'sandboxByDefault' | 'gatewaySecrets' | 'paymentGateway' | 'iyzico'
>

/** The stored choice as a process holds it: the keys opened with the server's key. */
export type StoredGateway = {
  gateway: GatewayName
  baseUrl: string | null
  /** iyzico's keys and address, opened; null when not both are stored or they do not open. */
  iyzico: IyzicoConfig | null
  /** Stored keys that the server's key does not open (the key changed since they were sealed). */
  keysUnreadable: boolean
  row: GatewayRow
}

const API_KEY = 'gateway.iyzico.apiKey'
const SECRET_KEY = 'gateway.iyzico.secretKey'

function opened(row: GatewayRow, secrets: GatewayConfig['gatewaySecrets']): StoredGateway {
  const open = (name: string, sealed: string | null) =>
    sealed && secrets ? openSecret(secrets.key, name, sealed) : null
  const apiKey = open(API_KEY, row.apiKeySealed)
  const secretKey = open(SECRET_KEY, row.secretKeySealed)
  const stored = row.apiKeySealed !== null || row.secretKeySealed !== null
  const keysUnreadable =
    stored &&
    ((row.apiKeySealed !== null && apiKey === null) || (row.secretKeySealed !== null && secretKey === null))
  return {
    gateway: row.gateway === 'iyzico' ? 'iyzico' : 'sandbox',
    baseUrl: row.baseUrl,
    iyzico: apiKey && secretKey && row.baseUrl ? { apiKey, secretKey, baseUrl: row.baseUrl } : null,
    keysUnreadable,
    row,
  }
}

/**
 * The stored choice, held until reference data changes (the table's trigger stamps data_versions):
 * every process reads it again on the first payment after a change, and no sooner.
 */
export function loadStoredGateway(
  { db, caches }: CachedDb,
  secrets: GatewayConfig['gatewaySecrets'],
): Promise<StoredGateway | null> {
  return caches.reference.get(db, 'paymentGatewaySetting', async () => {
    const row = await readGatewayRow(db)
    return row ? opened(row, secrets) : null
  })
}

/** The gateways the screen may choose: the sandbox only where it is the default (development, test). */
export const gatewayChoices = (config: GatewayConfig): GatewayName[] =>
  config.sandboxByDefault ? ['sandbox', 'iyzico'] : ['iyzico']

const storedKey = (setAt: Date | null, ending: string | null) =>
  setAt ? { setAt: setAt.toISOString(), endsWith: ending ?? '' } : null

/** GET /yonetim/payment-setup/gateway: what is in effect, what is stored (never a key), what may be chosen. */
export async function gatewayView(
  data: CachedDb,
  config: GatewayConfig,
  active: { gateway: GatewayName; baseUrl: string | null } | null,
  now: Date,
): Promise<PaymentGatewayView> {
  const stored = await loadStoredGateway(data, config.gatewaySecrets)
  const row = stored?.row
  return {
    source: config.paymentGatewaySource,
    active,
    stored: row
      ? {
          gateway: stored.gateway,
          baseUrl: row.baseUrl,
          apiKey: storedKey(row.apiKeySetAt, row.apiKeyEnding),
          secretKey: storedKey(row.secretKeySetAt, row.secretKeyEnding),
          keysReadable: !stored.keysUnreadable,
          updatedAt: row.updatedAt.toISOString(),
          updatedBy: row.updatedByName,
        }
      : null,
    choices: gatewayChoices(config),
    baseUrls: [...IYZICO_BASE_URLS],
    secretsKey: config.gatewaySecrets?.source ?? 'missing',
    paymentsInFlight: await countPaymentsInFlight(data.db, now),
  }
}

type FieldError = { key: MessageKey; params?: MessageParams }

const refused = (fields: Record<string, FieldError>, kind: 'validation' | 'conflict' = 'validation') =>
  new AppError(kind, 'error.validation', undefined, kind === 'conflict' ? 'conflict' : 'validation', fields)

/** iyzico's two addresses; a loopback stand-in too where the sandbox is allowed (a developer's, the tests'). */
function allowedBaseUrl(config: GatewayConfig, typed: string | undefined): string | FieldError {
  if (!typed) return { key: 'paymentSetup.baseUrlRequired' }
  const origin = gatewayOrigin(typed)
  const known = (IYZICO_BASE_URLS as readonly string[]).includes(origin ?? '')
  if (origin && (known || (config.sandboxByDefault && isLoopbackUrl(origin)))) return origin
  return { key: 'paymentSetup.baseUrlNotAllowed', params: { urls: IYZICO_BASE_URLS.join(', ') } }
}

const keyProblem = (key: string): FieldError | null =>
  key.length < GATEWAY_KEY_MIN || key.length > GATEWAY_KEY_MAX || /\s/.test(key)
    ? { key: 'paymentSetup.keyFormat', params: { min: GATEWAY_KEY_MIN, max: GATEWAY_KEY_MAX } }
    : null

/** What the audit trail keeps of the setting: never a key, only when each was set. */
const auditOf = (row: Pick<GatewayRow, 'gateway' | 'baseUrl' | 'apiKeySetAt' | 'secretKeySetAt'> | null) =>
  row
    ? {
        gateway: row.gateway,
        baseUrl: row.baseUrl,
        apiKeySetAt: row.apiKeySetAt?.toISOString() ?? null,
        secretKeySetAt: row.secretKeySetAt?.toISOString() ?? null,
      }
    : null

/**
 * PUT /yonetim/payment-setup/gateway: the gateway new payments start with, on every process at its
 * next payment. Refused while the environment names the gateway (it wins), the sandbox outside
 * development and test (a server that takes no money is named on purpose, in its environment), an
 * address that is not iyzico's (it would receive the card numbers), and keys when no key seals them.
 * A key typed is sealed and replaces the stored one; one left blank stays. Audited without the keys.
 */
export async function saveGatewaySetting(
  data: CachedDb,
  config: GatewayConfig,
  actor: StaffActor,
  body: PaymentGatewayBody,
  now: Date,
): Promise<void> {
  if (config.paymentGatewaySource === 'environment')
    throw refused({ gateway: { key: 'paymentSetup.gatewayFromEnvironment' } }, 'conflict')
  if (!gatewayChoices(config).includes(body.gateway))
    throw refused({ gateway: { key: 'paymentSetup.sandboxNotHere' } })
  const apiKey = body.apiKey || null
  const secretKey = body.secretKey || null
  const fields: Record<string, FieldError> = {}
  for (const [name, key] of [
    ['apiKey', apiKey],
    ['secretKey', secretKey],
  ] as const) {
    const problem = key === null ? null : keyProblem(key)
    if (problem) fields[name] = problem
  }
  let baseUrl: string | null = null
  if (body.gateway === 'iyzico') {
    const url = allowedBaseUrl(config, body.baseUrl)
    if (typeof url === 'string') baseUrl = url
    else fields.baseUrl = url
    if (body.clearKeys) fields.clearKeys = { key: 'paymentSetup.clearKeysWithIyzico' }
  }
  if (Object.keys(fields).length > 0) throw refused(fields)
  const secrets = config.gatewaySecrets
  if ((apiKey || secretKey) && !secrets) {
    const missing = { key: 'paymentSetup.noSecretsKey' } as const
    throw refused(
      { ...(apiKey ? { apiKey: missing } : {}), ...(secretKey ? { secretKey: missing } : {}) },
      'conflict',
    )
  }

  await data.db.transaction(async (tx) => {
    const before = await lockGatewayRow(tx)
    const fingerprint = secrets ? keyFingerprint(secrets.key) : null
    // A kept key must open with the server's key as it is now, or iyzico would be chosen without one.
    const keeps = (sealed: string | null | undefined, name: string) =>
      Boolean(sealed && secrets && openSecret(secrets.key, name, sealed) !== null)
    const keys = body.clearKeys ? { apiKeySealed: null, apiKeyEnding: null, apiKeySetAt: null } : {}
    const secretKeys = body.clearKeys
      ? { secretKeySealed: null, secretKeyEnding: null, secretKeySetAt: null }
      : {}
    if (body.gateway === 'iyzico') {
      const missing: Record<string, FieldError> = {}
      if (!apiKey && !keeps(before?.apiKeySealed, API_KEY))
        missing.apiKey = { key: 'paymentSetup.keyRequired' }
      if (!secretKey && !keeps(before?.secretKeySealed, SECRET_KEY))
        missing.secretKey = { key: 'paymentSetup.keyRequired' }
      if (Object.keys(missing).length > 0) throw refused(missing)
    }
    const values: GatewayValues = {
      gateway: body.gateway,
      // Switching to the sandbox keeps iyzico's address with its keys: a payment started on iyzico
      // still reaches it, and switching back needs nothing typed again.
      baseUrl: baseUrl ?? (body.clearKeys ? null : (before?.baseUrl ?? null)),
      ...keys,
      ...secretKeys,
      ...(apiKey && secrets
        ? {
            apiKeySealed: sealSecret(secrets.key, API_KEY, apiKey),
            apiKeyEnding: keyEnding(apiKey),
            apiKeySetAt: now,
          }
        : {}),
      ...(secretKey && secrets
        ? {
            secretKeySealed: sealSecret(secrets.key, SECRET_KEY, secretKey),
            secretKeyEnding: keyEnding(secretKey),
            secretKeySetAt: now,
          }
        : {}),
      ...(apiKey || secretKey ? { sealedWith: fingerprint } : {}),
      updatedAt: now,
      updatedByUserId: actor.id,
    }
    await writeGatewayRow(tx, values)
    const after = await readGatewayRow(tx)
    if (before && fieldChanges(auditOf(before), auditOf(after)!).length === 0) return
    await recordAudit(
      tx,
      actor,
      {
        entity: 'payment_gateway',
        entityId: 1,
        action: before ? 'update' : 'create',
        before: auditOf(before),
        after: auditOf(after)!,
      },
      now,
    )
  })
}
