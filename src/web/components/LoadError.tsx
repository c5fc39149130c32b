import { Alert, Button, Text } from '@mantine/core'
import { useTranslation } from '../i18n/use-translation'
import { describeError } from '../lib/error-message'
import { AlertIcon } from './icons/Icons'

/** A failed load: what failed, why (the server's text or ours), and a retry button. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation()
  return (
    <Alert color="red" variant="light" icon={<AlertIcon />} title={title} role="alert">
      <Text size="sm" mb="sm">
        {describeError(error, t)}
      </Text>
      <Button size="xs" variant="white" color="red" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Alert>
  )
}
