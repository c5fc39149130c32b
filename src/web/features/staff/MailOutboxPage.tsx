import { Box, Group, SegmentedControl, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core'
import { type ReactNode, useEffect, useRef } from 'react'
import { useLocation, useSearchParams } from 'react-router'
import { type MailOutboxItem, type MailStatus, mailStatuses } from '../../../contracts/mail-outbox'
import { ListPagination } from '../../components/ListPagination'
import { LoadError } from '../../components/LoadError'
import { useTranslation } from '../../i18n/use-translation'
import { usePhoneLayout } from '../../lib/use-phone-layout'
import { MailOutboxCards } from './MailOutboxCards'
import { MailOutboxTable } from './MailOutboxTable'
import { useMailOutbox, useRetryMail } from './mail-outbox-api'
import { StaffLayout } from './StaffLayout'

/** The filter's order: what needs staff first. */
const statusOrder: readonly MailStatus[] = ['failed', 'pending', 'sent']
const defaultStatus: MailStatus = 'failed'

/** ?status=pending|sent (failed when absent or unknown) and ?page=n (1 when absent or not a number). */
function readFilter(search: URLSearchParams): { status: MailStatus; page: number } {
  const raw = search.get('status')
  const status = mailStatuses.find((s) => s === raw) ?? defaultStatus
  const page = search.get('page') ?? ''
  return { status, page: /^\d{1,6}$/.test(page) && Number(page) > 0 ? Number(page) : 1 }
}

function MailSkeleton() {
  const { t } = useTranslation()
  return (
    <Stack gap="xs" role="status" aria-label={t('staff.mail.loading')}>
      {[0, 1, 2, 3, 4].map((i) => (
        <Skeleton key={i} height={44} />
      ))}
    </Stack>
  )
}

/**
 * A retried mail usually leaves the list it was in (failed → pending), and with its row goes the
 * focused button. Then the focus moves to the retry button now in its place (or the last one), or to
 * the list itself, instead of falling back to the top of the page; a focus the user moved elsewhere
 * meanwhile is left alone.
 */
function useRetryKeepingFocus(retry: (mail: MailOutboxItem) => Promise<void>) {
  const listRef = useRef<HTMLDivElement>(null)
  const retryButtons = () => [
    ...(listRef.current?.querySelectorAll<HTMLElement>('[data-testid="mail-retry"]') ?? []),
  ]
  const retryKeepingFocus = async (mail: MailOutboxItem) => {
    const index = retryButtons().indexOf(document.activeElement as HTMLElement)
    await retry(mail)
    // The refreshed list reaches the screen after this turn of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 0))
    const lost = !document.activeElement || document.activeElement === document.body
    if (index < 0 || !lost) return
    const buttons = retryButtons()
    ;(buttons[Math.min(index, buttons.length - 1)] ?? listRef.current)?.focus()
  }
  return { listRef, retryKeepingFocus }
}

function MailOutbox() {
  const { t } = useTranslation()
  const location = useLocation()
  const [search, setSearch] = useSearchParams()
  const { status, page } = readFilter(search)
  const list = useMailOutbox(status, page)
  const { retry, busyIds } = useRetryMail()
  const { listRef, retryKeepingFocus } = useRetryKeepingFocus(retry)
  const phone = usePhoneLayout()

  // Another page or status (link, back/forward, pagination) starts at the top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address is the trigger
  useEffect(() => {
    window.scrollTo({ top: 0 })
  }, [location.pathname, location.search])

  const show = (next: { status?: MailStatus; page?: number }) => {
    const params = new URLSearchParams(search)
    const nextStatus = next.status ?? status
    if (nextStatus === defaultStatus) params.delete('status')
    else params.set('status', nextStatus)
    // A new status starts at its first page.
    const nextPage = next.status ? 1 : (next.page ?? page)
    if (nextPage > 1) params.set('page', String(nextPage))
    else params.delete('page')
    setSearch(params)
  }

  let content: ReactNode
  if (list.isPending) content = <MailSkeleton />
  else if (list.isError) {
    content = <LoadError title={t('staff.mail.error')} error={list.error} onRetry={() => list.refetch()} />
  } else if (list.data.total === 0) {
    content = (
      <Text py={48} ta="center" size="lg" c="dimmed" data-testid="mail-empty">
        {t(`staff.mail.empty.${status}`)}
      </Text>
    )
  } else {
    const updating = list.isPlaceholderData
    const listProps = { status, mails: list.data.items, busyIds, onRetry: retryKeepingFocus }
    content = (
      <>
        <Box
          aria-busy={updating || undefined}
          style={{ opacity: updating ? 0.55 : 1, transition: 'opacity 150ms ease' }}
        >
          {updating && <VisuallyHidden role="status">{t('staff.mail.loading')}</VisuallyHidden>}
          {phone ? <MailOutboxCards {...listProps} /> : <MailOutboxTable {...listProps} />}
        </Box>
        <ListPagination
          page={updating ? page : list.data.page}
          pages={list.data.pages}
          onChange={(next) => show({ page: next })}
        />
      </>
    )
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <SegmentedControl
          aria-label={t('staff.mail.statusLabel')}
          value={status}
          onChange={(value) => show({ status: value as MailStatus })}
          data={statusOrder.map((value) => ({ value, label: t(`staff.mail.status.${value}`) }))}
          fullWidth={phone}
          style={phone ? { width: '100%' } : undefined}
        />
        {list.data && list.data.total > 0 && (
          <Text size="sm" c="dimmed" data-testid="mail-total">
            {t('staff.mail.total', { count: list.data.total })}
          </Text>
        )}
      </Group>
      <Box ref={listRef} tabIndex={-1} style={{ outline: 'none' }}>
        {content}
      </Box>
    </Stack>
  )
}

/**
 * /yonetim/e-postalar — the mail outbox for administrators: failed, pending and sent mails (newest
 * first, 50 a page), each failed or pending one retried with a click. ?status= and ?page= in the address.
 */
export function MailOutboxPage() {
  const { t } = useTranslation()
  return (
    <StaffLayout title={t('staff.mail.title')} description={t('staff.mail.intro')}>
      <MailOutbox />
    </StaffLayout>
  )
}
