import {
  ADMIN_FAULT_REPORTS_PAGE_SIZE,
  type AdminFaultReportList,
  type FaultReportStatus,
  type FaultReportStatusResponse,
  faultReportStatuses,
} from '../../../contracts/service'
import { canMoveStatus } from '../../../domain/fault-report'
import { pageBounds } from '../../../domain/paging'
import type { Db } from '../../db/client'
import { AppError } from '../../http/errors'
import type { StaffActor } from '../../identity'
import { recordAudit } from '../audit/audit.service'
import {
  type AdminFaultReportRow,
  countReports,
  findReportPage,
  lockReportStatus,
  setReportStatus,
} from './fault-reports.repository'
import { reportView } from './fault-reports.service'

const adminView = (row: AdminFaultReportRow) => ({
  ...reportView(row),
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
  return { items: rows.map(adminView), page, pages, limit: ADMIN_FAULT_REPORTS_PAGE_SIZE, total }
}

/**
 * PATCH /yonetim/fault-reports/:id: one step along new → in_service → done, or one step back (a
 * slip of the hand is undone without a database edit; docs/decisions.md). Setting the status it
 * already has changes nothing and answers it; skipping a step is a 409.
 */
export async function changeReportStatus(
  db: Db,
  staff: StaffActor,
  id: number,
  status: FaultReportStatus,
  now: Date,
): Promise<FaultReportStatusResponse> {
  const row = await db.transaction(async (tx) => {
    const current = await lockReportStatus(tx, id)
    if (!current) throw new AppError('not_found', 'fault.notFound', undefined, 'fault_report_not_found')
    if (current.status === status) return current
    if (!canMoveStatus(faultReportStatuses, current.status, status)) {
      throw new AppError('conflict', 'fault.badMove', undefined, 'fault_status_step')
    }
    await recordAudit(
      tx,
      staff,
      {
        entity: 'fault_report',
        entityId: id,
        action: 'status',
        before: { status: current.status },
        after: { status },
      },
      now,
    )
    return setReportStatus(tx, id, status, now)
  })
  return { id: row.id, status: row.status, updatedAt: row.updatedAt.toISOString() }
}
