import type { Offer } from '../../../contracts/offers'
import { formatMoney } from '../../../domain/money-format'
import type { Db } from '../../db/client'
import type { Dealer } from '../../identity'
import { enqueueMail } from '../../integrations/mail/outbox.repository'
import { storeNoticeMail } from '../../integrations/mail/store-notice-mail'
import { storeMailRecipients } from '../store/store.service'
import { findCompanyCode } from './offers.repository'

/**
 * Queues the store's mail of a new offer to each of its notification addresses, inside the offer's
 * transaction. No link yet: the staff area has no offers screen.
 */
export async function queueStoreOfferNotice(
  tx: Db,
  user: Dealer,
  offer: Offer,
  input: { now: Date; timeZone: string },
): Promise<boolean> {
  const recipients = await storeMailRecipients(tx)
  if (recipients.length === 0) return false
  const code = await findCompanyCode(tx, user.customerId)
  for (const to of recipients) {
    const mail = storeNoticeMail({
      kind: 'offer',
      to,
      documentNo: offer.orderNo,
      createdAt: input.now,
      timeZone: input.timeZone,
      dealer: { code, name: user.customerName ?? '' },
      user: { name: user.name, email: user.email },
      total: formatMoney(offer.total, 'tr'),
      facts: [`Teklif notu: ${offer.description}`],
      lines: offer.offerItems.map((item) => ({
        code: item.code,
        name: item.name,
        quantity: `${item.quantity} ${item.unit}`,
        amount: formatMoney(item.amount, 'tr'),
      })),
      staffPage: null,
    })
    await enqueueMail(tx, { ...mail, kind: 'store_offer', offerId: offer.id }, input.now)
  }
  return true
}
