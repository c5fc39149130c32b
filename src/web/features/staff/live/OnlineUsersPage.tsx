import { Avatar, Box, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import type { OnlineUser } from '../../../../contracts/staff-live'
import { useTranslation } from '../../../i18n/use-translation'
import { useDates } from '../../../lib/dates'
import { useSession } from '../../../lib/session-context'
import { StaffLayout } from '../StaffLayout'
import { ConnectionState } from './ConnectionState'
import { initialOf } from './live-format'
import { useLiveSocket } from './use-live-socket'

/** spec/2 §3: 'online' is online; any other status is shown offline. */
const isOnline = (user: OnlineUser) => user.status === 'online'

function UserCard({ user }: { user: OnlineUser }) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const dates = useDates()
  const online = isOnline(user)
  return (
    <Card component="li" withBorder padding="md" data-testid="online-user" data-user-id={user.id}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar aria-hidden color={online ? 'green' : 'gray'} radius="xl" size={44}>
          {initialOf(user.name, locale)}
        </Avatar>
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="online-user-name">
            {user.name}
          </Text>
          <Text size="sm" c="dimmed">
            {t('onlineUsers.lastSeen')}: <time dateTime={user.date}>{dates.dateTime(user.date)}</time>
          </Text>
          <Group gap={6} wrap="nowrap" data-testid="online-user-status">
            <Box
              aria-hidden
              w={10}
              h={10}
              style={{
                borderRadius: '50%',
                flexShrink: 0,
                background: online ? 'var(--mantine-color-green-7)' : 'transparent',
                border: `2px solid ${online ? 'var(--mantine-color-green-7)' : 'var(--mantine-color-gray-6)'}`,
              }}
            />
            <Text size="sm" fw={online ? 600 : 400} c={online ? 'green.9' : 'dimmed'}>
              {t(online ? 'onlineUsers.status.online' : 'onlineUsers.status.offline')}
            </Text>
          </Group>
        </Stack>
      </Group>
    </Card>
  )
}

function OnlineUsers() {
  const { t } = useTranslation()
  // null until the first list arrives; each list the server sends replaces it (spec/2 §4).
  const [users, setUsers] = useState<OnlineUser[] | null>(null)
  const connection = useLiveSocket({ onOnlineUsers: setUsers })
  const online = users?.filter(isOnline).length ?? 0

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <ConnectionState connection={connection} />
        {users && online > 0 && (
          <Text size="sm" c="dimmed" data-testid="online-count">
            {t('onlineUsers.onlineCount', { count: online })}
          </Text>
        )}
      </Group>
      {users === null ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="status" aria-label={t('onlineUsers.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={96} />
          ))}
        </SimpleGrid>
      ) : (
        <>
          {online === 0 && (
            <Text
              py={users.length === 0 ? 48 : 'xs'}
              ta="center"
              size="lg"
              c="dimmed"
              data-testid="online-empty"
            >
              {t('onlineUsers.empty')}
            </Text>
          )}
          {users.length > 0 && (
            <SimpleGrid
              component="ul"
              cols={{ base: 1, sm: 2, lg: 3 }}
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label={t('onlineUsers.list')}
              data-testid="online-users"
            >
              {users.map((user) => (
                <UserCard key={user.id} user={user} />
              ))}
            </SimpleGrid>
          )}
        </>
      )}
    </Stack>
  )
}

/**
 * /yonetim/online-kullanicilar — the dealers seen lately (spec/2 §2 "Online users screen"), online ones
 * first, live over the staff socket: a dealer's first page view or logout shows here at once.
 */
export function OnlineUsersPage() {
  const { t } = useTranslation()
  return (
    <StaffLayout title={t('onlineUsers.title')} description={t('onlineUsers.intro')}>
      <OnlineUsers />
    </StaffLayout>
  )
}
