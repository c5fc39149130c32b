import { notifications } from '@mantine/notifications'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef, useState } from 'react'
import type { MailOutboxItem, MailOutboxList, MailStatus } from '../../../contracts/mail-outbox'
import { useTranslation } from '../../i18n/use-translation'
import { apiFetch } from '../../lib/api-client'
import { isApiError } from '../../lib/api-error'
import { describeError } from '../../lib/error-message'
import { useSession } from '../../lib/session-context'

const MAIL_OUTBOX_PATH = '/yonetim/mail-outbox'

export const mailOutboxKeys = {
  /** Every page of every status (a retry moves a mail from one status to another). */
  all: () => ['staff', 'mail-outbox'] as const,
  list: (status: MailStatus, page: number) => ['staff', 'mail-outbox', status, page] as const,
}

/**
 * GET /yonetim/mail-outbox?status=&page=: one page of the mails in a status, newest first. Another page
 * of the same status keeps the current one on screen (dimmed) while it loads; another status starts
 * from the skeleton, so failed mails are never shown under the "sent" filter. Only administrators call it.
 */
export function useMailOutbox(status: MailStatus, page: number) {
  const { user } = useSession()
  return useQuery({
    queryKey: mailOutboxKeys.list(status, page),
    queryFn: ({ signal }) => apiFetch<MailOutboxList>(MAIL_OUTBOX_PATH, { query: { status, page }, signal }),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === status ? previous : undefined,
    enabled: user?.role === 'admin',
    // The worker changes the mails all the time: every visit reads them afresh.
    staleTime: 0,
  })
}

/**
 * POST /yonetim/mail-outbox/{id}/retry for any number of rows at once: each mail is busy until its
 * answer came and the list was read again, and a second click on a busy mail does nothing. The toast
 * says it is queued again, or why not (a mail sent meanwhile answers 409 with the server's text).
 */
export function useRetryMail() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const inFlight = useRef(new Set<number>())
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(new Set())

  const markBusy = (id: number, busy: boolean) => {
    if (busy) inFlight.current.add(id)
    else inFlight.current.delete(id)
    setBusyIds(new Set(inFlight.current))
  }

  const retry = async (mail: MailOutboxItem) => {
    if (inFlight.current.has(mail.id)) return
    markBusy(mail.id, true)
    try {
      await apiFetch<MailOutboxItem>(`${MAIL_OUTBOX_PATH}/${mail.id}/retry`, { method: 'POST' })
      notifications.show({ color: 'green', message: t('staff.mail.retryDone') })
    } catch (error) {
      // 401 already went to the login page and 403 already showed its toast.
      if (!(isApiError(error) && error.handled)) {
        notifications.show({ color: 'red', message: describeError(error, t), autoClose: 8000 })
      }
    } finally {
      // Also after a refusal: the mail was probably sent meanwhile, and the list should say so.
      await queryClient.invalidateQueries({ queryKey: mailOutboxKeys.all() })
      markBusy(mail.id, false)
    }
  }

  return { retry, busyIds }
}
