import { Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import { currencySymbol, normalizeCurrencyCode } from '../../../../../domain/money-format'
import { useTranslation } from '../../../../i18n/use-translation'
import { useSession } from '../../../../lib/session-context'
import { BELOW, EditorSection, type SectionProps } from './EditorSection'
import { PLAN_PRICE_COUNT } from './product-form'

const E = 'staffProducts.editor'

/**
 * The plan prices' names: a plan reads its price from the product's `advencePrice{n}` (n from 1), the
 * n-th plan price here; a price no plan reads is "Plan n".
 */
function usePlanNames(): string[] {
  const { t } = useTranslation()
  const { bootstrap } = useSession()
  return Array.from({ length: PLAN_PRICE_COUNT }, (_, i) => {
    const plan = bootstrap.paymentPlans.find((p) => p.priceName === `advencePrice${i + 1}`)
    return plan ? plan.name : t(`${E}.fields.planPrice`, { n: i + 1 })
  })
}

/** Tax, currency, the sale and list prices, and the five payment-plan prices. */
export function PricesSection({ form, readOnly }: SectionProps) {
  const { t } = useTranslation()
  const { bootstrap, locale } = useSession()
  const planNames = usePlanNames()
  const currency = form.getValues().currency
  const symbol = currency ? currencySymbol(currency) : ''
  // An empty list or plan price is the sale price: the field says which.
  const salePrice = form.getValues().salePrice.trim()
  const money = (path: string, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      label={label}
      inputMode="decimal"
      autoComplete="off"
      placeholder={
        path === 'salePrice' ? (locale === 'tr' ? '0,00' : '0.00') : salePrice || t(`${E}.fields.salePrice`)
      }
      inputWrapperOrder={BELOW}
      rightSection={
        <Text size="sm" c="gray.7">
          {symbol}
        </Text>
      }
      readOnly={readOnly}
      {...form.getInputProps(path)}
      {...extra}
    />
  )
  return (
    <EditorSection title={t(`${E}.sections.prices`)} testId="editor-prices">
      {() => (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
            <TextInput
              label={t(`${E}.fields.taxRate`)}
              required
              inputMode="decimal"
              autoComplete="off"
              rightSection={
                <Text size="sm" c="gray.7">
                  %
                </Text>
              }
              readOnly={readOnly}
              {...form.getInputProps('taxRate')}
              data-testid="product-tax-rate"
            />
            <Select
              label={t(`${E}.fields.currency`)}
              required
              allowDeselect={false}
              readOnly={readOnly}
              comboboxProps={{ withinPortal: true }}
              data={bootstrap.currencies.map((c) => ({
                value: normalizeCurrencyCode(c.code),
                label: `${normalizeCurrencyCode(c.code)} – ${c.name}`,
              }))}
              {...form.getInputProps('currency')}
              data-testid="product-currency"
            />
            {money('salePrice', t(`${E}.fields.salePrice`), {
              required: true,
              'data-testid': 'product-sale-price',
            })}
            {money('listPrice', t(`${E}.fields.listPrice`), {
              description: t(`${E}.hints.listPrice`),
              'data-testid': 'product-list-price',
            })}
          </SimpleGrid>
          <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Text component="legend" fw={600} size="sm" p={0}>
              {t(`${E}.planPrices`)}
            </Text>
            <Text size="xs" c="gray.7">
              {t(`${E}.hints.planPrices`)}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 5 }} spacing="md">
              {planNames.map((name, i) => (
                <div key={name + String(i)}>
                  {money(`planPrices.${i}`, name, { 'data-testid': `product-plan-price-${i}` })}
                </div>
              ))}
            </SimpleGrid>
          </Stack>
        </>
      )}
    </EditorSection>
  )
}
