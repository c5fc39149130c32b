import type { TFunction } from 'i18next'
import {
  FAULT_CODE_MAX,
  FAULT_DESCRIPTION_MAX,
  FAULT_DESCRIPTION_MIN,
  FAULT_PHOTO_MAX_BYTES,
  FAULT_SERIAL_MAX,
  type FaultReportText,
  type FaultTextField,
  faultPhotoTypes,
  faultReportIssues,
} from '../../../domain/fault-report'

export const PHOTO_MB = FAULT_PHOTO_MAX_BYTES / 1024 / 1024
export const PHOTO_ACCEPT = faultPhotoTypes.join(',')

/**
 * The form's own check before sending, with the server's rules (domain/fault-report.ts) and its
 * wording: every wrong field at once, in the page's language. The server checks again, and also
 * whether the code names a product and what the photo's bytes really are.
 */
export function faultFormErrors(
  values: FaultReportText,
  t: TFunction,
): Partial<Record<FaultTextField, string>> {
  const issues = faultReportIssues(values)
  const errors: Partial<Record<FaultTextField, string>> = {}
  if (issues.productCode === 'required') errors.productCode = t('faultReport.errors.productCodeRequired')
  if (issues.productCode === 'tooLong') {
    errors.productCode = t('faultReport.errors.productCodeTooLong', { max: FAULT_CODE_MAX })
  }
  if (issues.serialNumber)
    errors.serialNumber = t('faultReport.errors.serialTooLong', { max: FAULT_SERIAL_MAX })
  if (issues.description === 'required') errors.description = t('faultReport.errors.descriptionRequired')
  if (issues.description === 'tooShort') {
    errors.description = t('faultReport.errors.descriptionTooShort', { min: FAULT_DESCRIPTION_MIN })
  }
  if (issues.description === 'tooLong') {
    errors.description = t('faultReport.errors.descriptionTooLong', { max: FAULT_DESCRIPTION_MAX })
  }
  if (issues.contactPhone === 'required') errors.contactPhone = t('faultReport.errors.phoneRequired')
  if (issues.contactPhone === 'phone') errors.contactPhone = t('faultReport.errors.phoneInvalid')
  return errors
}

/** A chosen photo's type (as the browser names it) and size; null when it may be sent. */
export function photoError(file: File | null, t: TFunction): string | null {
  if (!file) return null
  if (!(faultPhotoTypes as readonly string[]).includes(file.type)) return t('faultReport.errors.photoType')
  if (file.size > FAULT_PHOTO_MAX_BYTES) return t('faultReport.errors.photoTooLarge', { mb: PHOTO_MB })
  return null
}
