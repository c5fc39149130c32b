import { Button, type ButtonProps, Loader, VisuallyHidden } from '@mantine/core'
import type { MailOutboxItem } from '../../../contracts/mail-outbox'
import { useTranslation } from '../../i18n/use-translation'

/**
 * "Tekrar dene", named after the recipient for screen readers. While the retry runs the button says so
 * with aria-busy and a spinner but stays enabled and focusable (a disabled button would drop the
 * keyboard focus to the page); clicks meanwhile are ignored by the retry hook.
 */
export function RetryMailButton({
  mail,
  busy,
  onRetry,
  ...props
}: { mail: MailOutboxItem; busy: boolean; onRetry: (mail: MailOutboxItem) => void } & ButtonProps) {
  const { t } = useTranslation()
  return (
    <Button
      variant="light"
      onClick={() => onRetry(mail)}
      aria-busy={busy || undefined}
      aria-label={t('staff.mail.retryFor', { recipient: mail.recipient })}
      leftSection={busy ? <Loader size={14} color="currentColor" aria-hidden="true" /> : undefined}
      data-testid="mail-retry"
      {...props}
    >
      {t('staff.mail.retry')}
      {busy && <VisuallyHidden role="status">{t('staff.mail.retrying')}</VisuallyHidden>}
    </Button>
  )
}
