import { Box, Group, Text, VisuallyHidden } from '@mantine/core'
import { useTranslation } from '../../../i18n/use-translation'
import type { LiveConnection } from './use-live-socket'

const colors: Record<LiveConnection, string> = {
  connecting: 'var(--mantine-color-yellow-6)',
  live: 'var(--mantine-color-green-7)',
  reconnecting: 'var(--mantine-color-orange-7)',
  ended: 'var(--mantine-color-red-7)',
}

/** The socket's state as a dot and words (never colour alone), read out when it changes. */
export function ConnectionState({ connection }: { connection: LiveConnection }) {
  const { t } = useTranslation()
  return (
    <Group gap={6} wrap="nowrap" role="status" data-testid="live-connection" data-state={connection}>
      <Box
        aria-hidden
        w={10}
        h={10}
        style={{ borderRadius: '50%', background: colors[connection], flexShrink: 0 }}
      />
      <Text size="sm" c="dimmed">
        <VisuallyHidden>{t('onlineUsers.connection.label')}: </VisuallyHidden>
        {t(`onlineUsers.connection.${connection}`)}
      </Text>
    </Group>
  )
}
