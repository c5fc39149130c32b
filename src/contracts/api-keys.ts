import { z } from 'zod'
import { INTEGRATION_SCOPES } from '../domain/integration-scopes'
import { inputText } from './common'

export const integrationScopeSchema = z.enum(INTEGRATION_SCOPES)

/** Scopes as sent: at least one, each once (a repeat is refused rather than folded quietly). */
const scopesInput = z
  .array(integrationScopeSchema)
  .min(1)
  .max(INTEGRATION_SCOPES.length)
  .refine((scopes) => new Set(scopes).size === scopes.length, 'each scope once')

/** POST /yonetim/api-keys: a key for one integration (its name says which: "Logo ERP", "test"). */
export const apiKeyCreateSchema = z.strictObject({
  name: inputText().trim().min(1).max(100),
  scopes: scopesInput,
})
export type ApiKeyCreate = z.infer<typeof apiKeyCreateSchema>

/** PATCH /yonetim/api-keys/{id}: another name or other scopes; only the fields sent change. */
export const apiKeyPatchSchema = z
  .strictObject({
    name: inputText().trim().min(1).max(100).optional(),
    scopes: scopesInput.optional(),
  })
  .refine((body) => body.name !== undefined || body.scopes !== undefined, 'nothing to change')
export type ApiKeyPatch = z.infer<typeof apiKeyPatchSchema>

export const apiKeyStateSchema = z.enum(['active', 'retiring', 'expired', 'revoked'])

/** A key as staff see it: never the key itself nor its hash. */
export const apiKeySchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The key's public part (`tpk_<prefix>_…`): tells keys apart in logs and on the screen. */
  prefix: z.string(),
  scopes: z.array(integrationScopeSchema),
  state: apiKeyStateSchema,
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** A rotated key works until then beside its successor. */
  expiresAt: z.string().nullable(),
  rotatedFromId: z.number().nullable(),
})
export type ApiKey = z.infer<typeof apiKeySchema>

/** GET /yonetim/api-keys: every key, newest first (a store has a handful). */
export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) })
export type ApiKeyList = z.infer<typeof apiKeyListSchema>

/** A new key (create, rotate): `key` is shown this once and is stored only as a hash. */
export const apiKeyIssuedSchema = apiKeySchema.extend({ key: z.string() })
export type ApiKeyIssued = z.infer<typeof apiKeyIssuedSchema>

/** GET /api/integration/v1/key: the calling key, for an integrator testing their setup. */
export const integrationWhoAmISchema = z.object({
  id: z.number(),
  name: z.string(),
  scopes: z.array(integrationScopeSchema),
  rateLimit: z.object({ limit: z.number(), windowSeconds: z.number() }),
})
export type IntegrationWhoAmI = z.infer<typeof integrationWhoAmISchema>
