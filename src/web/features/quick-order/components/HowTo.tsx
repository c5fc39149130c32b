import { Code, List, Paper, Stack, Text, Title } from '@mantine/core'
import { QUICK_ORDER_MAX_LINES } from '../../../../domain/quick-order'
import { useTranslation } from '../../../i18n/use-translation'
import { useSession } from '../../../lib/session-context'

/** The layouts a pasted line may have, each with its example (domain/quick-order.ts reads them all). */
const LAYOUTS = [
  { key: 'spaces', example: 'FB-100 5' },
  { key: 'unit', example: 'FB-100 2 koli' },
  { key: 'excel', example: 'FB-100⇥5⇥Adet' },
  { key: 'csv', example: 'FB-100;5;Koli' },
  { key: 'quantityFirst', example: '5 FB-100' },
  { key: 'barcode', example: '8690000000017 12' },
] as const

/** Before anything is previewed: what to paste, in which layouts, and how many lines at most. */
export function HowTo() {
  const { t } = useTranslation()
  const { locale } = useSession()
  return (
    <Paper withBorder p="md" radius="md" bg="var(--mantine-color-gray-0)" data-testid="quick-order-howto">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('quickOrder.howTo.title')}
        </Title>
        <Text size="sm">{t('quickOrder.howTo.lines')}</Text>
        <List size="sm" spacing={6}>
          {LAYOUTS.map(({ key, example }) => (
            <List.Item key={key}>
              <Code>{example}</Code> {t(`quickOrder.howTo.layouts.${key}`)}
            </List.Item>
          ))}
        </List>
        <Text size="sm" c="gray.7">
          {t('quickOrder.howTo.more', {
            max: QUICK_ORDER_MAX_LINES.toLocaleString(locale === 'en' ? 'en-US' : 'tr-TR'),
          })}
        </Text>
      </Stack>
    </Paper>
  )
}
