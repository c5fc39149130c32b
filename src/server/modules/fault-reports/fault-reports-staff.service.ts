import {
  ADMIN_FAULT_REPORTS_PAGE_SIZE,
  type AdminFaultReportList,
  type FaultReportStatus,
  type FaultReportStatusResponse,
  faultReportStatuses,
} from '../../../contracts/service'
import { canMoveStatus } from '../../../domain/fault-report'
import { pageBounds } from '../../../domain/paging'
import type { CachedDb } from '../../cache/caches'
import type { Db } from '../../db/client'
import { AppError } from '../../http/errors'
import type { StaffActor } from '../../identity'
import type { MailSignal } from '../../integrations/mail/mail-signal'
import { recordAudit } from '../audit/audit.service'
import { loadStoreSettings } from '../store/store.service'
import {
  type AdminFaultReportRow,
  countReports,
  findReporter,
  findReportPage,
  lockReportStatus,
  recordReportStep,
} from './fault-reports.repository'
import { historiesOf, type ReportHistories, reportView } from './fault-reports.service'
import { queueFaultStatusMail } from './fault-status-mail'

const adminView = (row: AdminFaultReportRow, histories: ReportHistories) => ({
  ...reportView(row, histories.get(row.id) ?? []),
  dealer: { id: row.customerId, code: row.customerCode, name: row.customerName },
  userName: row.userName,
  updatedAt: row.updatedAt.toISOString(),
})

/** GET /yonetim/fault-reports?status=&page=: every company's reports, newest first, 50 a page. */
export async function listReports(
  db: Db,
  status: FaultReportStatus | undefined,
  asked: number,
): Promise<AdminFaultReportList> {
  const total = await countReports(db, status)
  const { page, pages, offset } = pageBounds(total, asked, ADMIN_FAULT_REPORTS_PAGE_SIZE)
  const rows = total === 0 ? [] : await findReportPage(db, status, offset, ADMIN_FAULT_REPORTS_PAGE_SIZE)
  const histories = await historiesOf(db, rows)
  return {
    items: rows.map((row) => adminView(row, histories)),
    page,
    pages,
    limit: ADMIN_FAULT_REPORTS_PAGE_SIZE,
    total,
  }
}

/**
 * PATCH /yonetim/fault-reports/:id: one step along new → in_service → done, or one step back (a
 * slip of the hand is undone without a database edit; docs/decisions.md), with a note for the dealer;
 * the same status with a new note adds the note. In one transaction: the report, its history, its
 * audit row and the dealer's mail. The same status without a new note changes nothing (a repeated
 * request); skipping a step is a 409.
 */
export async function changeReportStatus(
  deps: { db: Db; caches: CachedDb['caches']; mailSignal: MailSignal },
  staff: StaffActor,
  id: number,
  input: { status: FaultReportStatus; note?: string },
  now: Date,
): Promise<FaultReportStatusResponse> {
  const { db } = deps
  const note = input.note || null
  const { timeZone } = await loadStoreSettings(deps)
  const { row, mailed } = await db.transaction(async (tx) => {
    const current = await lockReportStatus(tx, id)
    if (!current) throw new AppError('not_found', 'fault.notFound', undefined, 'fault_report_not_found')
    const moves = current.status !== input.status
    if (!moves && (note === null || note === current.staffNote)) return { row: current, mailed: false }
    if (moves && !canMoveStatus(faultReportStatuses, current.status, input.status)) {
      throw new AppError('conflict', 'fault.badMove', undefined, 'fault_status_step')
    }
    await recordAudit(
      tx,
      staff,
      {
        entity: 'fault_report',
        entityId: id,
        action: moves ? 'status' : 'note',
        before: { status: current.status, note: current.staffNote },
        after: { status: input.status, ...(note !== null ? { note } : {}) },
      },
      now,
    )
    const step = { id, from: current.status, to: input.status, note, byUserId: staff.id, now }
    const updated = await recordReportStep(tx, step)
    const reporter = await findReporter(tx, current.userId)
    if (reporter) {
      await queueFaultStatusMail(
        tx,
        { reportNo: current.reportNo, from: current.status, to: input.status, note, at: now },
        reporter,
        timeZone,
      )
    }
    return { row: updated, mailed: reporter !== null }
  })
  if (mailed) deps.mailSignal.notify()
  return { id: row.id, status: row.status, staffNote: row.staffNote, updatedAt: row.updatedAt.toISOString() }
}
