import { Anchor, Badge, Divider, Grid, Group, Select, Stack, Table, Text, Title } from '@mantine/core'
import { useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import type { ProductDetail, Unit } from '../../../../contracts/catalog'
import { stockNumberLabels } from '../../../../domain/listing'
import { formatMoney } from '../../../../domain/money-format'
import { isVariantParent } from '../../../../domain/variant'
import { AddToCartButton } from '../../../components/product/AddToCartButton'
import { ProductPrice } from '../../../components/product/ProductPrice'
import {
  defaultUnitName,
  hasPrice,
  planPrices,
  specialCode,
  stockNumberLabelKey,
  unitPrices,
} from '../../../components/product/product-fields'
import { QuantityInput } from '../../../components/product/QuantityInput'
import { StockInfo } from '../../../components/product/StockInfo'
import { StockInventoryButton } from '../../../components/product/StockInventoryModal'
import { useAddLimit } from '../../../components/product/use-add-limit'
import { useProductOffer } from '../../../components/product/use-product-offer'
import { useTranslation } from '../../../i18n/use-translation'
import { useLocalePath, useSession } from '../../../lib/session-context'
import { usePageTitle } from '../../../lib/use-page-title'
import { useVariantSwitch } from '../hooks/use-variant-switch'
import { ProductBreadcrumbs } from './ProductBreadcrumbs'
import { ProductDescription } from './ProductDescription'
import { ProductGallery } from './ProductGallery'
import { VariantSelector } from './VariantSelector'

export const detailImageHeight = 222

/** The payment plans' prices for the chosen unit; none for a product without a price ('Fiyat Sorunuz'). */
function PlanPrices({ product, unit }: { product: ProductDetail; unit: Unit | null }) {
  const { t } = useTranslation()
  const { bootstrap, locale } = useSession()
  const { settings, paymentPlans } = bootstrap
  if (!settings.showPaymentPlanPrice || paymentPlans.length === 0 || !hasPrice(product.salePrice)) return null
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {t('price.paymentPlans')}
        {unit && (
          <Text span size="sm" c="dimmed" fw={400} data-testid="plan-prices-unit">
            {' · '}
            {t('price.perUnit', { unit: unit.value })}
          </Text>
        )}
      </Text>
      <Table withTableBorder striped maw={420} data-testid="plan-prices">
        <Table.Tbody>
          {planPrices(product, paymentPlans, unit).map(({ plan, price }) => (
            <Table.Tr key={plan.id}>
              <Table.Td>{plan.name}</Table.Td>
              <Table.Td ta="right" fw={plan.varsayilan ? 700 : 400}>
                {price ? formatMoney(price, locale) : t('price.noPlanPrice')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  )
}

/** Everything the product page shows for one product (a variant child included). */
export function ProductDetailView({ product }: { product: ProductDetail }) {
  const { t } = useTranslation()
  const { bootstrap } = useSession()
  const localePath = useLocalePath()
  const { settings } = bootstrap
  usePageTitle(product.name, product.metaDescription)

  const [unitId, setUnitId] = useState(product.defaultUnit?.id ?? null)
  const [quantity, setQuantity] = useState(1)
  const [quantityProblem, setQuantityProblem] = useState<string | null>(null)
  const commitQuantity = useRef<(() => number) | null>(null)
  const quantityProblemId = useId()
  const variant = useVariantSwitch(product)
  const unit = product.units.find((u) => u.id === unitId) ?? product.defaultUnit
  const prices = unitPrices(product, unit)
  const addLimit = useAddLimit(product, unit)
  const special = specialCode(product, settings)
  const offer = useProductOffer(product)
  const brandPath = product.brand ? `/${product.brand.slug}` : '/arama'
  const unitLabel = (u: { value: string; multiplier: number }) =>
    t('product.unitOption', { unit: u.value, multiplier: u.multiplier })

  return (
    <Stack gap="lg">
      <ProductBreadcrumbs category={product.category} name={product.name} />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <ProductGallery product={product} height={detailImageHeight} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <Stack gap="sm">
            <Title order={1} size="h2">
              {product.name}
            </Title>
            <Stack gap={2}>
              {stockNumberLabels(product).map((label) => (
                <Text key={label.label} size="sm" data-testid="product-code">
                  <Text span c="dimmed">
                    {t(stockNumberLabelKey(label.label))}:
                  </Text>{' '}
                  {label.value}
                </Text>
              ))}
              {special?.value && (
                <Text size="sm" data-testid="special-code">
                  <Text span c="dimmed">
                    {special.title}:
                  </Text>{' '}
                  {special.value}
                </Text>
              )}
              {product.brand && (
                <Text size="sm">
                  <Text span c="dimmed">
                    {t('product.brand')}:
                  </Text>{' '}
                  <Anchor component={Link} to={localePath(brandPath)} size="sm">
                    {product.brand.name}
                  </Anchor>
                </Text>
              )}
              {product.model && (
                <Text size="sm">
                  <Text span c="dimmed">
                    {t('product.model')}:
                  </Text>{' '}
                  <Anchor
                    component={Link}
                    to={`${localePath(brandPath)}?filters=model:${product.model.id}`}
                    size="sm"
                  >
                    {product.model.name}
                  </Anchor>
                </Text>
              )}
            </Stack>

            <Divider />
            <Stack gap={4} data-testid="detail-price">
              <ProductPrice sale={prices.sale} list={prices.list} size="lg" />
              {hasPrice(prices.sale) && (
                <Group gap="xs">
                  <Text size="xs" c="dimmed">
                    {settings.productsWithKdv ? t('price.withTax') : t('price.withoutTax')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('price.taxRate')}: {t('price.taxRateValue', { rate: product.taxRate })}
                  </Text>
                </Group>
              )}
            </Stack>
            <PlanPrices product={product} unit={unit} />

            {product.units.length > 1 ? (
              <Select
                label={t('product.unit')}
                data={product.units.map((u) => ({ value: String(u.id), label: unitLabel(u) }))}
                value={unit ? String(unit.id) : null}
                onChange={(value) => value && setUnitId(Number(value))}
                allowDeselect={false}
                maw={260}
                comboboxProps={{ withinPortal: true }}
              />
            ) : (
              unit && (
                <Text size="sm">
                  <Text span c="dimmed">
                    {t('product.unit')}:
                  </Text>{' '}
                  {unitLabel(unit)}
                </Text>
              )
            )}

            {product.varyantx && (
              <>
                <VariantSelector
                  info={product.varyantx}
                  selection={variant.selection}
                  onChoose={variant.choose}
                  busy={variant.busy}
                  failed={variant.failed}
                />
                {isVariantParent({
                  parentId: product.parentId,
                  variantDimensions: product.varyantx.dimensions,
                }) &&
                  !variant.busy && (
                    <Text size="sm" c="dimmed">
                      {t('product.variantHint')}
                    </Text>
                  )}
              </>
            )}

            <Group gap="md">
              <StockInfo product={product} unit={defaultUnitName(product)} form="detail" />
              <StockInventoryButton product={product} look="link" />
            </Group>

            {offer.control.kind !== 'add' ? (
              // 'Fiyat Sorunuz', 'Stokta Yok' and the rest stand alone: no quantity to choose.
              <AddToCartButton product={product} unit={unit} quantity={quantity} size="md" page="detail" />
            ) : (
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t('quantity.label')}
                </Text>
                <Group gap="sm" align="center">
                  <QuantityInput
                    value={quantity}
                    onChange={setQuantity}
                    rule="detail"
                    max={addLimit}
                    label={t('quantity.label')}
                    size="md"
                    onProblem={setQuantityProblem}
                    problemId={quantityProblemId}
                    commitRef={commitQuantity}
                  />
                  <AddToCartButton
                    product={product}
                    unit={unit}
                    quantity={quantity}
                    size="md"
                    page="detail"
                    // The spec's rule takes what is typed first (spec/1 §5): an add never waits on it.
                    commitQuantity={() => commitQuantity.current?.() ?? quantity}
                  />
                </Group>
                {quantityProblem && (
                  <Text id={quantityProblemId} size="sm" c="red.8" data-testid="quantity-problem">
                    {quantityProblem}
                  </Text>
                )}
              </Stack>
            )}

            {product.equivalentCode.length > 0 && (
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  {t('product.equivalentCodes')}
                </Text>
                <Group gap={6}>
                  {product.equivalentCode.map((code) => (
                    <Badge key={code} variant="outline" color="gray" tt="none">
                      {code}
                    </Badge>
                  ))}
                </Group>
              </Stack>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      <ProductDescription html={product.description} />
    </Stack>
  )
}
