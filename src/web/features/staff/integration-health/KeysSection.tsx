import { Anchor, Badge, Code, Group, Stack, Table, Text, Title } from '@mantine/core'
import { Link } from 'react-router'
import type { KeyHealth } from '../../../../contracts/integration-health'
import { useTranslation } from '../../../i18n/use-translation'
import { useDates } from '../../../lib/dates'
import { useLocalePath } from '../../../lib/session-context'
import { UNCLIPPED, useCount } from './ResourceHealth'

const K = 'integrationHealth'
const STATE_COLOR = { active: 'green', retiring: 'yellow', expired: 'gray', revoked: 'red' } as const

/** The usable keys (and any other that called in the window): last use and the window's calls. */
export function KeysSection({ keys }: { keys: KeyHealth[] }) {
  const { t } = useTranslation()
  const dates = useDates()
  const count = useCount()
  const localePath = useLocalePath()
  const c = `${K}.keys.columns`
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h4">
          {t(`${K}.keys.title`)}
        </Title>
        <Anchor component={Link} to={localePath('/yonetim/api-anahtarlari')} size="sm">
          {t(`${K}.keys.manage`)}
        </Anchor>
      </Group>
      {keys.length === 0 ? (
        <Text size="sm" data-testid="health-keys-empty">
          {t(`${K}.keys.empty`)}
        </Text>
      ) : (
        <Table.ScrollContainer
          minWidth={760}
          type="native"
          tabIndex={0}
          role="region"
          aria-label={t(`${K}.keys.title`)}
        >
          <Table striped withTableBorder data-testid="health-keys">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t(`${c}.name`)}</Table.Th>
                <Table.Th>{t(`${c}.scopes`)}</Table.Th>
                <Table.Th>{t(`${c}.state`)}</Table.Th>
                <Table.Th>{t(`${c}.lastUsed`)}</Table.Th>
                <Table.Th ta="right">{t(`${c}.calls`)}</Table.Th>
                <Table.Th ta="right">{t(`${c}.errorCalls`)}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.map((k) => (
                <Table.Tr key={k.id} data-testid="health-key">
                  <Table.Th scope="row">
                    <Text size="sm" fw={600}>
                      {k.name}
                    </Text>
                    <Code fz="xs">{k.prefix}_…</Code>
                  </Table.Th>
                  <Table.Td>
                    <Text size="xs" c="gray.8">
                      {k.scopes.join(', ')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={STATE_COLOR[k.state]} tt="none" style={UNCLIPPED}>
                      {t(`apiKeys.state.${k.state}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {k.lastUsedAt ? dates.dateTime(k.lastUsedAt) : t('apiKeys.never')}
                  </Table.Td>
                  <Table.Td ta="right" data-testid="key-calls">
                    {count(k.calls)}
                  </Table.Td>
                  <Table.Td
                    ta="right"
                    fw={k.errorCalls > 0 ? 700 : undefined}
                    c={k.errorCalls > 0 ? 'red.8' : undefined}
                    data-testid="key-error-calls"
                  >
                    {count(k.errorCalls)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  )
}
