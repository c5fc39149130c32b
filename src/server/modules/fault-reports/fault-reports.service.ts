import type { Locale } from '../../../contracts/common'
import {
  FAULT_REPORTS_PAGE_SIZE,
  type FaultReport,
  type FaultReportCreated,
  type FaultReportForm,
  type FaultReportList,
} from '../../../contracts/service'
import {
  FAULT_CODE_MAX,
  FAULT_DESCRIPTION_MAX,
  FAULT_DESCRIPTION_MIN,
  FAULT_PHOTO_MAX_BYTES,
  FAULT_SERIAL_MAX,
  type FaultPhotoType,
  type FaultTextField,
  type FaultTextIssue,
  faultReportIssues,
  sniffPhotoType,
} from '../../../domain/fault-report'
import { pageBounds } from '../../../domain/paging'
import { normalizeTurkishPhone } from '../../../domain/turkish-phone'
import type { CachedDb } from '../../cache/caches'
import type { Db } from '../../db/client'
import { AppError } from '../../http/errors'
import { type MessageKey, type MessageParams, translate } from '../../http/messages'
import type { Dealer } from '../../identity'
import { faultReportMail } from '../../integrations/mail/fault-report-mail'
import type { MailSignal } from '../../integrations/mail/mail-signal'
import { enqueueMail } from '../../integrations/mail/outbox.repository'
import { nextDocumentNo } from '../orders/orders.service'
import { loadStoreInfo, loadStoreSettings } from '../store/store.service'
import { reencodePhoto } from './fault-photo'
import {
  countCustomerReports,
  countOpenReports,
  type FaultReportRow,
  findCustomerCode,
  findCustomerReportPage,
  findProductByCode,
  findReportHistories,
  findReportPhoto,
  insertFaultReport,
} from './fault-reports.repository'

/** Where staff follow the reports (the web app's staff page). */
export const STAFF_FAULT_REPORTS_PATH = '/yonetim/ariza-bildirimleri'

/** publicUrl: the site's address (PUBLIC_URL), the base of the staff links in the store's mail. */
export type FaultReportDeps = CachedDb & { mailSignal: MailSignal; publicUrl: string }

type FieldError = { key: MessageKey; params?: MessageParams }
type FormField = FaultTextField | 'photo'

const textMessages: Record<FaultTextField, Partial<Record<FaultTextIssue, FieldError>>> = {
  productCode: {
    required: { key: 'fault.productCodeRequired' },
    tooLong: { key: 'fault.productCodeTooLong', params: { max: FAULT_CODE_MAX } },
  },
  serialNumber: { tooLong: { key: 'fault.serialTooLong', params: { max: FAULT_SERIAL_MAX } } },
  description: {
    required: { key: 'fault.descriptionRequired' },
    tooShort: { key: 'fault.descriptionTooShort', params: { min: FAULT_DESCRIPTION_MIN } },
    tooLong: { key: 'fault.descriptionTooLong', params: { max: FAULT_DESCRIPTION_MAX } },
  },
  contactPhone: { required: { key: 'fault.phoneRequired' }, phone: { key: 'fault.phoneInvalid' } },
}

/**
 * The photo as it is stored, null without a photo, or the error to show at the field. Its type is
 * told by its first bytes, then it is re-encoded (fault-photo.ts): what is kept is a clean JPEG
 * without the file's metadata, whatever came in.
 */
async function checkPhoto(bytes: Uint8Array | undefined): Promise<{
  photo: { bytes: Buffer; type: FaultPhotoType } | null
  error?: FieldError
}> {
  if (!bytes || bytes.length === 0) return { photo: null }
  // The upload stops one byte past the limit (fault-reports.routes.ts): longer means too large.
  if (bytes.length > FAULT_PHOTO_MAX_BYTES) {
    return {
      photo: null,
      error: { key: 'fault.photoTooLarge', params: { mb: FAULT_PHOTO_MAX_BYTES / 1024 / 1024 } },
    }
  }
  if (!sniffPhotoType(bytes)) return { photo: null, error: { key: 'fault.photoType' } }
  const encoded = await reencodePhoto(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length))
  if (!encoded) return { photo: null, error: { key: 'fault.photoUnreadable' } }
  return { photo: { bytes: encoded, type: 'image/jpeg' } }
}

/**
 * Every field at once (domain/fault-report.ts), then whether the code names a product: one 400 with
 * a message per wrong field, so the form shows them all next to their fields.
 */
async function checkForm(db: Db, form: FaultReportForm) {
  const errors: Partial<Record<FormField, FieldError>> = {}
  const issues = faultReportIssues(form)
  for (const [field, issue] of Object.entries(issues) as Array<[FaultTextField, FaultTextIssue]>) {
    const message = textMessages[field][issue]
    if (message) errors[field] = message
  }
  const { photo, error: photoError } = await checkPhoto(form.photo)
  if (photoError) errors.photo = photoError
  const product = issues.productCode ? null : await findProductByCode(db, form.productCode.trim())
  if (!issues.productCode && !product) errors.productCode = { key: 'fault.unknownProduct' }
  if (Object.keys(errors).length > 0 || !product) {
    throw new AppError('validation', 'error.validation', undefined, 'validation', errors)
  }
  return { product, photo, phone: normalizeTurkishPhone(form.contactPhone)! }
}

export type ReportHistories = Map<number, FaultReport['history']>

/** The history of each report of a page, read in one query, by report id. */
export async function historiesOf(db: Db, rows: { id: number }[]): Promise<ReportHistories> {
  const steps = await findReportHistories(
    db,
    rows.map((row) => row.id),
  )
  const byReport: ReportHistories = new Map()
  for (const step of steps) {
    const list = byReport.get(step.reportId) ?? []
    list.push({ from: step.from, to: step.to, note: step.note, at: step.at.toISOString() })
    byReport.set(step.reportId, list)
  }
  return byReport
}

export const reportView = (row: FaultReportRow, history: FaultReport['history']): FaultReport => ({
  id: row.id,
  reportNo: row.reportNo,
  createdAt: row.createdAt.toISOString(),
  productCode: row.productCode,
  productName: row.productName,
  serialNumber: row.serialNumber,
  description: row.description,
  contactPhone: row.contactPhone,
  status: row.status,
  hasPhoto: row.hasPhoto,
  staffNote: row.staffNote,
  history,
})

/**
 * POST /api/catalog/fault-reports: a dealer's fault report, numbered AR-<year>-NNNNNN (Istanbul's
 * year) and stored with its photo; in the same transaction a mail to the store's address
 * (store_info.email) is queued, and the worker woken after the commit. A store without an address
 * gets no mail: the report is on the staff page all the same.
 */
export async function createFaultReport(
  deps: FaultReportDeps,
  user: Dealer,
  form: FaultReportForm,
  locale: Locale,
  now: Date,
): Promise<FaultReportCreated> {
  const { product, photo, phone } = await checkForm(deps.db, form)
  const store = await loadStoreInfo(deps)
  const { timeZone } = await loadStoreSettings(deps)
  const serialNumber = form.serialNumber.trim() || null
  const description = form.description.trim()

  const row = await deps.db.transaction(async (tx) => {
    const reportNo = await nextDocumentNo(tx, 'faultReport', now)
    const id = await insertFaultReport(tx, {
      reportNo,
      customerId: user.customerId,
      userId: user.id,
      productId: product.id,
      productCode: product.code,
      serialNumber,
      description,
      contactPhone: phone,
      photo: photo?.bytes ?? null,
      photoType: photo?.type ?? null,
      createdAt: now,
      updatedAt: now,
    })
    if (store.email) {
      const mail = faultReportMail({
        to: store.email,
        reportNo,
        createdAt: now,
        timeZone,
        dealer: { code: await findCustomerCode(tx, user.customerId), name: user.customerName ?? '' },
        user: { name: user.name, email: user.email },
        product: { code: product.code, name: product.name },
        serialNumber,
        contactPhone: phone,
        description,
        staffPage: `${deps.publicUrl}${STAFF_FAULT_REPORTS_PATH}`,
        photoLink: photo ? `${deps.publicUrl}/yonetim/fault-reports/${id}/photo` : null,
      })
      await enqueueMail(tx, { ...mail, kind: 'fault_report' }, now)
    }
    return { id, reportNo }
  })
  if (store.email) deps.mailSignal.notify()
  return {
    success: true,
    message: translate(locale, 'fault.created', { no: row.reportNo }),
    report: reportView(
      {
        id: row.id,
        reportNo: row.reportNo,
        createdAt: now,
        updatedAt: now,
        productCode: product.code,
        productName: product.name,
        serialNumber,
        description,
        contactPhone: phone,
        status: 'new',
        staffNote: null,
        hasPhoto: photo !== null,
      },
      [],
    ),
  }
}

/** GET /api/catalog/fault-reports?page=: the dealer company's reports, newest first, 20 a page. */
export async function listOwnReports(db: Db, user: Dealer, asked: number): Promise<FaultReportList> {
  const total = await countCustomerReports(db, user.customerId)
  const { page, pages, offset } = pageBounds(total, asked, FAULT_REPORTS_PAGE_SIZE)
  const rows =
    total === 0 ? [] : await findCustomerReportPage(db, user.customerId, offset, FAULT_REPORTS_PAGE_SIZE)
  const histories = await historiesOf(db, rows)
  return {
    items: rows.map((row) => reportView(row, histories.get(row.id) ?? [])),
    page,
    pages,
    limit: FAULT_REPORTS_PAGE_SIZE,
    total,
  }
}

export type ReportPhoto = { reportNo: string; bytes: Buffer; type: string }

/**
 * A report's photo: for a dealer only its own company's (`customerId`), for staff any (null). A report
 * that is not there, not the dealer's or without a photo is a 404.
 */
export async function reportPhoto(db: Db, id: number, customerId: number | null): Promise<ReportPhoto> {
  const row = await findReportPhoto(db, id, customerId)
  if (!row) throw new AppError('not_found', 'fault.notFound', undefined, 'fault_report_not_found')
  if (!row.photo || !row.photoType) throw new AppError('not_found', 'fault.noPhoto', undefined, 'no_photo')
  return { reportNo: row.reportNo, bytes: row.photo, type: row.photoType }
}

/** The staff home's fault report figure: reports not done yet. */
export async function faultReportFigures(db: Db) {
  return { open: await countOpenReports(db) }
}
