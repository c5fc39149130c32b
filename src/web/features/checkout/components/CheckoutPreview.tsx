import { Button, Card, Divider, Group, Stack, Table, Text, Title } from '@mantine/core'
import type { Cart, CartLine } from '../../../../contracts/cart'
import type { Money } from '../../../../contracts/common'
import type { CheckoutInfo } from '../../../../contracts/orders'
import { normalizeCurrencyCode } from '../../../../domain/money-format'
import { ProductImage } from '../../../components/ProductImage'
import { TotalRow } from '../../../components/TotalRow'
import { useTranslation } from '../../../i18n/use-translation'
import { usePhoneLayout } from '../../../lib/use-phone-layout'

/** The cart's totals in one payment plan, as GET /api/catalog/cart/checkout gives them. */
export type PlanTotals = CheckoutInfo['plans'][number]

/** Product images in checkout have size 80 (spec/2 §9). */
const IMAGE_SIZE = 80

function LineCard({ line }: { line: CartLine }) {
  const { t } = useTranslation()
  return (
    <Card withBorder padding="sm" component="li" data-testid="preview-line">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <ProductImage
          file={line.product.image}
          alt={line.product.name}
          height={IMAGE_SIZE}
          width={IMAGE_SIZE}
        />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} size="sm">
            {line.product.name}
          </Text>
          <Text size="xs" c="dimmed">
            {line.product.code}
          </Text>
          <Text size="sm">
            {t('cart.columns.quantity')}: {line.quantity} {line.productUnit.value}
          </Text>
        </Stack>
      </Group>
    </Card>
  )
}

function LineTable({ cart }: { cart: Cart }) {
  const { t } = useTranslation()
  return (
    <Table
      verticalSpacing="xs"
      withTableBorder
      aria-labelledby="preview-items-title"
      data-testid="preview-table"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col" w={IMAGE_SIZE + 16}>
            {t('cart.columns.image')}
          </Table.Th>
          <Table.Th scope="col">{t('cart.columns.name')}</Table.Th>
          <Table.Th scope="col" ta="right">
            {t('cart.columns.quantity')}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {cart.items.map((line) => (
          <Table.Tr key={line.id} data-testid="preview-line">
            <Table.Td>
              <ProductImage file={line.product.image} alt="" height={IMAGE_SIZE} width={IMAGE_SIZE} />
            </Table.Td>
            <Table.Td>
              <Text fw={600} size="sm">
                {line.product.name}
              </Text>
              <Text size="xs" c="dimmed">
                {line.product.code}
              </Text>
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {line.quantity} {line.productUnit.value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}

/**
 * Step 1 of the checkout (spec/2 §2 CheckoutPreview): the cart's lines with 80 px images, its totals
 * in the card plan (what the server charges: the cart priced in that plan, so the default plan's line
 * prices are not shown), the TRY amount the card is charged, the order note, and the way on.
 */
export function CheckoutPreview({
  cart,
  planName,
  planTotals,
  description,
  onBack,
  onContinue,
}: {
  cart: Cart
  planName: string
  /** The cart's totals in the card plan; undefined while they are worked out. */
  planTotals: PlanTotals | undefined
  description: string
  onBack: () => void
  onContinue: () => void
}) {
  const { t } = useTranslation()
  const phone = usePhoneLayout()
  const tryTotal: Money | null = planTotals ? { value: planTotals.baseTotal, currency: 'TRY' } : null
  const shownNotTry = planTotals ? normalizeCurrencyCode(planTotals.total.currency) !== 'TRY' : false
  return (
    <Stack gap="lg">
      <section aria-labelledby="preview-items-title">
        <Title order={2} size="h4" id="preview-items-title" mb="xs">
          {t('payment.checkout.items')}
        </Title>
        {phone ? (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {cart.items.map((line) => (
              <LineCard key={line.id} line={line} />
            ))}
          </Stack>
        ) : (
          <LineTable cart={cart} />
        )}
      </section>
      <Group justify="flex-end">
        <Card withBorder padding="md" w={{ base: '100%', sm: 380 }}>
          {planTotals && tryTotal ? (
            <Stack gap={6}>
              <TotalRow label={t('cart.subtotal')} money={planTotals.subtotal} testId="preview-subtotal" />
              <TotalRow label={t('cart.tax')} money={planTotals.tax} testId="preview-tax" />
              {shownNotTry && (
                <TotalRow label={t('cart.total')} money={planTotals.total} testId="preview-total" />
              )}
              <Divider my={4} />
              <TotalRow
                label={t('payment.checkout.planTotal', { plan: planName })}
                money={tryTotal}
                testId="preview-plan-total"
                strong
              />
              <Text size="xs" c="dimmed" data-testid="preview-plan-prices">
                {t('payment.checkout.planPrices', { plan: planName })}
              </Text>
            </Stack>
          ) : (
            <Text size="sm" c="dimmed" role="status">
              {t('payment.checkout.totalPending')}
            </Text>
          )}
        </Card>
      </Group>
      {description && (
        <Card withBorder padding="sm">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t('payment.checkout.note')}
          </Text>
          <Text
            size="sm"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            data-testid="preview-note"
          >
            {description}
          </Text>
        </Card>
      )}
      <Group justify="space-between" gap="sm" wrap="wrap-reverse">
        <Button variant="default" onClick={onBack}>
          {t('payment.checkout.backToCart')}
        </Button>
        <Button
          onClick={onContinue}
          disabled={tryTotal === null}
          w={{ base: '100%', xs: 'auto' }}
          data-autofocus
        >
          {t('payment.checkout.continue')}
        </Button>
      </Group>
    </Stack>
  )
}
