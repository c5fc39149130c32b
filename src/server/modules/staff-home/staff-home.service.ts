import type { StaffSummary } from '../../../contracts/staff-home'
import { dayIn, startOfDay } from '../../../domain/date-format'
import { addDays, ledgerDay } from '../../../domain/ledger'
import type { CachedDb } from '../../cache/caches'
import { faultReportFigures } from '../fault-reports/fault-reports.service'
import { transferFigures } from '../ledger/bank-transfers.service'
import { offerFigures } from '../offers/offers.service'
import { orderFigures } from '../orders/orders-staff.service'
import { cardPaymentFigures } from '../payments/payments-staff.service'
import { loadStoreSettings } from '../store/store.service'

/**
 * GET /yonetim/summary: today's figures, each from its own module. "Today" is the store's day (its
 * time zone) for orders, offers and payments, and the ledger's day for transfers (as booked).
 */
export async function staffSummary({ db, caches }: CachedDb, now: Date): Promise<StaffSummary> {
  const { timeZone } = await loadStoreSettings({ db, caches })
  const day = dayIn(now, timeZone)
  const from = startOfDay(day, timeZone)
  const to = startOfDay(addDays(day, 1), timeZone)
  const transferDay = ledgerDay(now)
  const [orders, offers, cardPayments, transfers, faultReports] = await Promise.all([
    orderFigures(db, from, to),
    offerFigures(db, from, to),
    cardPaymentFigures(db, from, to),
    transferFigures(db, transferDay),
    faultReportFigures(db),
  ])
  return {
    day,
    orders,
    offers,
    cardPayments,
    bankTransfers: { ...transfers, day: transferDay },
    faultReports,
  }
}
