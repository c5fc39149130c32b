import {
  type AdminPaymentLinkList,
  BACK_OFFICE_PAGE_SIZE,
  type PaymentLinkStatus,
} from '../../../contracts/back-office'
import { pageBounds } from '../../../domain/paging'
import { paymentLinkStatusAt } from '../../../domain/payment-link'
import type { Db } from '../../db/client'
import { countLinks, findLinkPage, type LinkRow } from './back-office.repository'

const dealerOf = (row: { customerId: number; customerCode: string; customerName: string }) => ({
  id: row.customerId,
  code: row.customerCode,
  name: row.customerName,
})

function linkView(row: LinkRow, now: Date) {
  return {
    id: row.id,
    dealer: dealerOf(row),
    amount: Number(row.amount),
    email: row.email,
    status: paymentLinkStatusAt(row, now),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
  }
}

/** GET /yonetim/payment-links: payment links, newest first, 50 a page, optionally open/paid/expired. */
export async function listPaymentLinks(
  db: Db,
  status: PaymentLinkStatus | undefined,
  asked: number,
  now: Date,
): Promise<AdminPaymentLinkList> {
  const total = await countLinks(db, status, now)
  const { page, pages, offset } = pageBounds(total, asked, BACK_OFFICE_PAGE_SIZE)
  const rows = await findLinkPage(db, status, now, offset, BACK_OFFICE_PAGE_SIZE)
  return { items: rows.map((row) => linkView(row, now)), page, pages, limit: BACK_OFFICE_PAGE_SIZE, total }
}
