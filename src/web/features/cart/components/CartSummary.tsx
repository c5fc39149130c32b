import { Button, Card, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core'
import type { Cart } from '../../../../contracts/cart'
import { TotalRow } from '../../../components/TotalRow'
import { useTranslation } from '../../../i18n/use-translation'

/**
 * The order summary: subtotal, KDV and total in the shown currency, and the total in the TRY base when
 * another currency is shown; lines and totals are net with the tax separate. With payment plans
 * offered they are the chosen plan's (`planName`), what the order charges; `cart` is undefined while
 * that plan's figures are on their way. Then the clear button.
 */
export function CartSummary({
  cart,
  planName,
  onClear,
}: {
  cart: Cart | undefined
  planName?: string | undefined
  onClear: () => void
}) {
  const { t } = useTranslation()
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="cart-summary-title">
      <Title order={2} size="h4" id="cart-summary-title" mb="sm">
        {t('cart.summary')}
      </Title>
      {planName !== undefined && (
        <Text size="sm" mb="xs" data-testid="cart-summary-plan">
          {t('cart.summaryPlan', { plan: planName })}
        </Text>
      )}
      <Stack gap={6} aria-live="polite">
        {cart ? (
          <>
            <TotalRow label={t('cart.subtotal')} money={cart.totals.subtotal} testId="cart-subtotal" />
            <TotalRow label={t('cart.tax')} money={cart.totals.tax} testId="cart-tax" />
            <Divider my={4} />
            <TotalRow label={t('cart.total')} money={cart.totals.total} testId="cart-total" strong />
            {cart.totals.total.currency !== 'TRY' && (
              <TotalRow label={t('cart.baseTotal')} money={cart.baseTotals.total} testId="cart-base-total" />
            )}
          </>
        ) : (
          <Group gap="xs" role="status" data-testid="cart-summary-pending">
            <Loader size="xs" aria-hidden="true" />
            <Text size="sm" c="dimmed">
              {t('cart.planPricesPending')}
            </Text>
          </Group>
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
