import { Button, Card, Divider, Stack, Text, Title } from '@mantine/core'
import type { Cart } from '../../../../contracts/cart'
import { TotalRow } from '../../../components/TotalRow'
import { useTranslation } from '../../../i18n/use-translation'

/**
 * The order summary: subtotal, KDV and total in the shown currency, and the total in the TRY base when
 * another currency is shown; lines and totals are net with the tax separate. Then the clear button.
 */
export function CartSummary({ cart, onClear }: { cart: Cart; onClear: () => void }) {
  const { t } = useTranslation()
  const { totals, baseTotals } = cart
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="cart-summary-title">
      <Title order={2} size="h4" id="cart-summary-title" mb="sm">
        {t('cart.summary')}
      </Title>
      <Stack gap={6} aria-live="polite">
        <TotalRow label={t('cart.subtotal')} money={totals.subtotal} testId="cart-subtotal" />
        <TotalRow label={t('cart.tax')} money={totals.tax} testId="cart-tax" />
        <Divider my={4} />
        <TotalRow label={t('cart.total')} money={totals.total} testId="cart-total" strong />
        {totals.total.currency !== 'TRY' && (
          <TotalRow label={t('cart.baseTotal')} money={baseTotals.total} testId="cart-base-total" />
        )}
      </Stack>
      <Text size="xs" c="dimmed" mt="sm">
        {t('cart.netNote')}
      </Text>
      <Button variant="light" color="red" mt="md" fullWidth onClick={onClear}>
        {t('cart.clear')}
      </Button>
    </Card>
  )
}
