import { z } from 'zod'
import { inputText } from './common'

/**
 * A password field of the account form as it arrives (multipart, urlencoded or JSON). The length rule
 * of spec/2 §5 is the service's, with the spec's words; the contract only bounds what is read and
 * refuses control characters, which no keyboard types into a password.
 */
const passwordField = inputText().max(1000).default('')

/** POST /api/catalog/account/settings (spec/2 §7), with the current password as our addition. */
export const accountSettingsRequestSchema = z.strictObject({
  currentPassword: passwordField,
  password: passwordField,
  passwordVerify: passwordField,
})
export type AccountSettingsRequest = z.infer<typeof accountSettingsRequestSchema>

/**
 * spec/2 §7's `{ success: true }`, with our addition: the CSRF token of the session, which goes on
 * under a new cookie after the change (the page's next write sends it).
 */
export const accountSettingsResponseSchema = z.object({ success: z.literal(true), csrfToken: z.string() })
export type AccountSettingsResponse = z.infer<typeof accountSettingsResponseSchema>
