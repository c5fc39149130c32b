import { Button, Group, Paper, Text } from '@mantine/core'
import type Big from 'big.js'
import { Link } from 'react-router'
import { PaymentLinkButton } from '../../components/payment-link/PaymentLinkButton'
import { tl } from '../../components/statement/statement-format'
import { useTranslation } from '../../i18n/use-translation'
import { useLocalePath, useSession } from '../../lib/session-context'
import { payPath } from './statement-selection'

export type StatementSelection = { ids: number[]; total: Big }

/**
 * Sticks to the bottom of the screen while items are ticked: how many, their open sum, and "Seçilenleri
 * Öde" to the pay-on-account page with them, or a payment link for the same items (when the store has
 * payment links on).
 */
export function PayBar({ selection, onClear }: { selection: StatementSelection; onClear: () => void }) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const localePath = useLocalePath()
  if (selection.ids.length === 0) return null
  return (
    <Paper
      withBorder
      shadow="md"
      p="sm"
      role="region"
      aria-label={t('statement.payBar.label')}
      data-testid="statement-pay-bar"
      // Above the cookie notice while it is shown (CookieNotice sets the variable), else at the bottom.
      style={{ position: 'sticky', bottom: 'var(--cookie-notice-height, 0px)', zIndex: 5 }}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text aria-live="polite" data-testid="statement-selection">
          {t('statement.payBar.chosen', {
            count: selection.ids.length,
            amount: tl(selection.total.toNumber(), locale),
          })}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Button variant="subtle" color="gray" onClick={onClear}>
            {t('statement.payBar.clear')}
          </Button>
          <PaymentLinkButton settleEntryIds={selection.ids} amount={selection.total.toFixed(2)} />
          <Button component={Link} to={localePath(payPath(selection))} data-testid="statement-pay">
            {t('statement.payBar.pay')}
          </Button>
        </Group>
      </Group>
    </Paper>
  )
}
