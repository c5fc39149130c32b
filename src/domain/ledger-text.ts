/** Domain code imports nothing of ours: this mirrors contracts' Locale. */
type Locale = 'tr' | 'en'

/**
 * What an entry the system writes into a dealer's ledger says, kept as data and written in the
 * reader's language (the statement on /en is in English). Entries typed by people or sent by the ERP
 * keep their own text.
 */
export type LedgerText =
  /** The debit of an order paid by card at checkout (settled at once by the card payment). */
  | { key: 'card_order' }
  /** A card payment's credit: the masked card, installments, the order it paid, paid through a link. */
  | { key: 'card_payment'; card: string; installments: number; orderNo: string | null; viaLink: boolean }
  /** The debit taking back a bank transfer booked by mistake: its receipt and the staff's reason. */
  | { key: 'transfer_reversal'; receiptNo: string; reason: string }
  /** The debit of a card payment given back by the bank: the masked card and the order it had paid. */
  | { key: 'card_refund'; card: string; orderNo: string }
  /** The credit cancelling a card-paid order's debit: the order and staff's reason. */
  | { key: 'order_cancel'; orderNo: string; reason: string }

const TEXTS = {
  tr: {
    cardOrder: 'Kartla ödenen sipariş',
    cardPayment: 'Kredi kartı ödemesi',
    installments: (n: number) => `${n} taksit`,
    viaLink: 'ödeme bağlantısı',
    transferReversal: (receipt: string) => `Havale / EFT ters kaydı (${receipt})`,
    cardRefund: (card: string, orderNo: string) => `Kredi kartı iadesi ${card} · ${orderNo}`,
    orderCancel: (orderNo: string) => `Sipariş iptali (${orderNo})`,
  },
  en: {
    cardOrder: 'Order paid by card',
    cardPayment: 'Card payment',
    installments: (n: number) => `${n} installments`,
    viaLink: 'payment link',
    transferReversal: (receipt: string) => `Bank transfer reversed (${receipt})`,
    cardRefund: (card: string, orderNo: string) => `Card refund ${card} · ${orderNo}`,
    orderCancel: (orderNo: string) => `Order cancelled (${orderNo})`,
  },
} satisfies Record<Locale, unknown>

export function ledgerText(text: LedgerText, locale: Locale): string {
  const t = TEXTS[locale]
  if (text.key === 'card_order') return t.cardOrder
  if (text.key === 'transfer_reversal') return `${t.transferReversal(text.receiptNo)}: ${text.reason}`
  if (text.key === 'card_refund') return t.cardRefund(text.card, text.orderNo)
  if (text.key === 'order_cancel') return `${t.orderCancel(text.orderNo)}: ${text.reason}`
  return [
    `${t.cardPayment} ${text.card}`,
    text.installments > 1 ? t.installments(text.installments) : null,
    text.orderNo,
    text.viaLink ? t.viaLink : null,
  ]
    .filter(Boolean)
    .join(' · ')
}
