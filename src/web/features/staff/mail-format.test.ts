import { describe, expect, it } from 'vitest'
import type { MailOutboxItem } from '../../../contracts/mail-outbox'
import { createI18n } from '../../i18n/setup'
import tr from '../../i18n/tr.json'
import { mailKindText } from './mail-format'

const t = createI18n('tr', tr).t
const mail = (kind: MailOutboxItem['kind']) => ({ kind }) as MailOutboxItem

describe('mailKindText', () => {
  it.each([
    ['order_confirmation', 'Sipariş onayı'],
    ['offer', 'Teklif'],
    ['payment_link', 'Ödeme bağlantısı'],
    ['fault_report', 'Arıza bildirimi'],
    ['store_order', 'Mağazaya: yeni sipariş'],
    ['store_offer', 'Mağazaya: yeni teklif'],
  ] as const)('%s → %s', (kind, text) => {
    expect(mailKindText(mail(kind), t)).toBe(text)
  })
})
