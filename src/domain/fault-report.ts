import { normalizeTurkishPhone } from './turkish-phone'

/** The fault report form's limits, the same on the form and the server. */
export const FAULT_CODE_MAX = 80
export const FAULT_SERIAL_MAX = 64
export const FAULT_DESCRIPTION_MIN = 10
export const FAULT_DESCRIPTION_MAX = 2000
export const FAULT_PHONE_MAX = 40
export const FAULT_PHOTO_MAX_BYTES = 5 * 1024 * 1024

/** The photo types a report may carry, told by their first bytes (never by the file's name). */
export const faultPhotoTypes = ['image/jpeg', 'image/png', 'image/webp'] as const
export type FaultPhotoType = (typeof faultPhotoTypes)[number]

export type FaultReportText = {
  productCode: string
  serialNumber: string
  description: string
  contactPhone: string
}

export type FaultTextField = keyof FaultReportText
export type FaultTextIssue = 'required' | 'tooShort' | 'tooLong' | 'phone'

/**
 * What is wrong with the typed fields, at most one issue a field: the product code is required, the
 * serial number optional, the description between FAULT_DESCRIPTION_MIN and FAULT_DESCRIPTION_MAX
 * characters, the contact phone a Turkish number. Surrounding spaces do not count. Empty when all fit.
 */
export function faultReportIssues(input: FaultReportText): Partial<Record<FaultTextField, FaultTextIssue>> {
  const issues: Partial<Record<FaultTextField, FaultTextIssue>> = {}
  const code = input.productCode.trim()
  if (!code) issues.productCode = 'required'
  else if (code.length > FAULT_CODE_MAX) issues.productCode = 'tooLong'
  if (input.serialNumber.trim().length > FAULT_SERIAL_MAX) issues.serialNumber = 'tooLong'
  const description = input.description.trim()
  if (!description) issues.description = 'required'
  else if (description.length < FAULT_DESCRIPTION_MIN) issues.description = 'tooShort'
  else if (description.length > FAULT_DESCRIPTION_MAX) issues.description = 'tooLong'
  const phone = input.contactPhone.trim()
  if (!phone) issues.contactPhone = 'required'
  else if (phone.length > FAULT_PHONE_MAX || !normalizeTurkishPhone(phone)) issues.contactPhone = 'phone'
  return issues
}

const startsWith = (bytes: Uint8Array, offset: number, signature: readonly number[]) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b)

/** The image type of a file's first bytes: JPEG (FF D8 FF), PNG (its 8-byte signature), WebP (RIFF…WEBP). */
export function sniffPhotoType(bytes: Uint8Array): FaultPhotoType | null {
  if (startsWith(bytes, 0, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (startsWith(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (startsWith(bytes, 0, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, 8, [0x57, 0x45, 0x42, 0x50])) {
    return 'image/webp'
  }
  return null
}

/**
 * The statuses staff may set next: one step forward along `flow` (new → in_service → done), or one
 * step back to undo a slip of the hand. Skipping a step is not a move.
 */
export function nextStatusChoices<S extends string>(flow: readonly S[], current: S): S[] {
  const at = flow.indexOf(current)
  if (at < 0) return []
  return flow.filter((_, i) => Math.abs(i - at) === 1)
}

export function canMoveStatus<S extends string>(flow: readonly S[], from: S, to: S): boolean {
  return nextStatusChoices(flow, from).includes(to)
}
