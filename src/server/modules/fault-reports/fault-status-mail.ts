import type { Locale } from '../../../contracts/common'
import type { FaultReportStatus } from '../../../contracts/service'
import { formatDateTime } from '../../../domain/date-format'
import type { Db } from '../../db/client'
import { htmlDocument, htmlParagraph } from '../../integrations/mail/mail-html'
import type { MailMessage } from '../../integrations/mail/mailer'
import { enqueueMail } from '../../integrations/mail/outbox.repository'

const texts = {
  tr: {
    subject: '{reportNo} numaralı arıza bildiriminiz: {status}',
    greeting: 'Sayın {name},',
    intro: '{reportNo} numaralı arıza bildiriminizin durumu {date} tarihinde "{status}" oldu.',
    noteOnly: '{reportNo} numaralı arıza bildiriminize {date} tarihinde not eklendi.',
    note: 'Servis notu: {note}',
    closing: 'Bildirimlerinizi "Arıza Bildirimi" sayfasından izleyebilirsiniz.',
    status: { new: 'Yeni', in_service: 'Serviste', done: 'Tamamlandı' },
  },
  en: {
    subject: 'Your fault report {reportNo}: {status}',
    greeting: 'Dear {name},',
    intro: 'The status of your fault report {reportNo} changed to "{status}" on {date}.',
    noteOnly: 'A note was added to your fault report {reportNo} on {date}.',
    note: 'Service note: {note}',
    closing: 'You can follow your reports on the "Fault report" page.',
    status: { new: 'New', in_service: 'In service', done: 'Done' },
  },
} satisfies Record<Locale, Record<string, unknown>>

const fill = (template: string, params: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole)

export type FaultStep = {
  reportNo: string
  from: FaultReportStatus
  to: FaultReportStatus
  note: string | null
  at: Date
}

/** The mail the dealer who filed a report receives at each of its steps, in their language. */
export function faultStatusMail(
  step: FaultStep,
  to: { email: string; name: string; locale: Locale },
  timeZone: string,
): MailMessage {
  const t = texts[to.locale]
  const params = {
    reportNo: step.reportNo,
    name: to.name,
    status: t.status[step.to],
    date: formatDateTime(step.at, to.locale, timeZone),
    note: step.note ?? '',
  }
  const lines = [
    fill(t.greeting, params),
    fill(step.from === step.to ? t.noteOnly : t.intro, params),
    ...(step.note ? [fill(t.note, params)] : []),
    t.closing,
  ]
  const subject = fill(t.subject, params)
  return {
    to: to.email,
    subject,
    html: htmlDocument(
      subject,
      lines.map((line) => htmlParagraph(line)),
      to.locale,
    ),
    text: lines.join('\n\n'),
  }
}

/** Queued in the step's transaction: the mail commits with the step or not at all. */
export async function queueFaultStatusMail(
  tx: Db,
  step: FaultStep,
  to: { email: string; name: string; locale: string | null },
  timeZone: string,
) {
  const locale: Locale = to.locale === 'en' ? 'en' : 'tr'
  const mail = faultStatusMail(step, { ...to, locale }, timeZone)
  await enqueueMail(tx, { ...mail, kind: 'fault_status' }, step.at)
}
