/** A payment link's states: open (can be paid), paid (once, for good), expired (not paid in time). */
export const paymentLinkStatuses = ['open', 'paid', 'expired'] as const
export type PaymentLinkStatus = (typeof paymentLinkStatuses)[number]

/**
 * How a link reads at `now`: paid once it is paid, whenever that was; else expired from its expiry
 * instant on (a link expiring at 12:00 can no longer be paid at 12:00); else open. The dealer's page,
 * the payment start and the staff list all read it so; the SQL twin is payment-link.sql.ts.
 */
export function paymentLinkStatusAt(
  link: { paidAt: Date | null; expiresAt: Date },
  now: Date,
): PaymentLinkStatus {
  if (link.paidAt) return 'paid'
  return link.expiresAt.getTime() <= now.getTime() ? 'expired' : 'open'
}
