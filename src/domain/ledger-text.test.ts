import { describe, expect, it } from 'vitest'
import { type LedgerText, ledgerText } from './ledger-text'

describe('ledgerText', () => {
  const payment = (over: Partial<Extract<LedgerText, { key: 'card_payment' }>> = {}): LedgerText => ({
    key: 'card_payment',
    card: '409021******0016',
    installments: 1,
    orderNo: null,
    viaLink: false,
    ...over,
  })
  it.each([
    [{ key: 'card_order' } as const, 'Kartla ödenen sipariş', 'Order paid by card'],
    [payment(), 'Kredi kartı ödemesi 409021******0016', 'Card payment 409021******0016'],
    [
      payment({ installments: 3, orderNo: 'S2026-000042' }),
      'Kredi kartı ödemesi 409021******0016 · 3 taksit · S2026-000042',
      'Card payment 409021******0016 · 3 installments · S2026-000042',
    ],
    [
      payment({ viaLink: true }),
      'Kredi kartı ödemesi 409021******0016 · ödeme bağlantısı',
      'Card payment 409021******0016 · payment link',
    ],
    [
      { key: 'transfer_reversal', receiptNo: 'DEK-4471', reason: 'Başka bayinin havalesi' } as const,
      'Havale / EFT ters kaydı (DEK-4471): Başka bayinin havalesi',
      'Bank transfer reversed (DEK-4471): Başka bayinin havalesi',
    ],
    [
      { key: 'card_refund', card: '409021******0016', orderNo: 'S2026-000042' } as const,
      'Kredi kartı iadesi 409021******0016 · S2026-000042',
      'Card refund 409021******0016 · S2026-000042',
    ],
    [
      { key: 'order_cancel', orderNo: 'S2026-000042', reason: 'Bayi vazgeçti' } as const,
      'Sipariş iptali (S2026-000042): Bayi vazgeçti',
      'Order cancelled (S2026-000042): Bayi vazgeçti',
    ],
  ])('%j reads "%s" and "%s"', (text, tr, en) => {
    expect(ledgerText(text, 'tr')).toBe(tr)
    expect(ledgerText(text, 'en')).toBe(en)
  })
})
