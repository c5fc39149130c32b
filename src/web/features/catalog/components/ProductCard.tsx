import { Anchor, Card, Group, Stack, Text } from '@mantine/core'
import { useRef, useState } from 'react'
import { Link } from 'react-router'
import type { Product } from '../../../../contracts/catalog'
import { stockNumberLabels } from '../../../../domain/listing'
import { ProductImage } from '../../../components/ProductImage'
import { AddToCartButton, useQuantityUnavailable } from '../../../components/product/AddToCartButton'
import { PriceInfoButton } from '../../../components/product/PriceInfoModal'
import { ProductPrice } from '../../../components/product/ProductPrice'
import { defaultUnitName, stockNumberLabelKey } from '../../../components/product/product-fields'
import { QuantityInput } from '../../../components/product/QuantityInput'
import { StockInfo } from '../../../components/product/StockInfo'
import { useAddLimit } from '../../../components/product/use-add-limit'
import { useTranslation } from '../../../i18n/use-translation'
import { useLocalePath } from '../../../lib/session-context'

export const gridImageSize = 229

/** A grid card: image, name, code, prices, stock, quantity and the add-to-cart slot. */
export function ProductCard({ product, priority = false }: { product: Product; priority?: boolean }) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const [quantity, setQuantity] = useState(1)
  const [quantityProblem, setQuantityProblem] = useState<string | null>(null)
  const quantityField = useRef<HTMLInputElement>(null)
  const addLimit = useAddLimit(product, product.defaultUnit)
  // Out of stock, or no price: nothing to count, so the stepper is off and says why.
  const unavailable = useQuantityUnavailable(product)
  const to = localePath(product.url)
  return (
    <Card withBorder padding="sm" h="100%" data-testid="product-card">
      <Card.Section component={Link} to={to} tabIndex={-1} aria-hidden="true">
        <ProductImage file={product.image} alt="" height={gridImageSize} priority={priority} />
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Anchor component={Link} to={to} fw={500} size="sm" c="inherit" lineClamp={2}>
          {product.name}
        </Anchor>
        {stockNumberLabels(product, true).map((label) => (
          <Text key={label.label} size="xs" c="dimmed">
            {t(stockNumberLabelKey(label.label))}: {label.value}
          </Text>
        ))}
        <Group gap={4} wrap="nowrap" align="center" mt="auto">
          <ProductPrice sale={product.salePrice} list={product.listPrice} />
          <PriceInfoButton product={product} />
        </Group>
        <StockInfo product={product} unit={defaultUnitName(product)} form="list" size="xs" />
        <QuantityInput
          ref={quantityField}
          onProblem={setQuantityProblem}
          value={quantity}
          onChange={setQuantity}
          rule="list"
          size="xs"
          max={addLimit}
          label={t('quantity.labelFor', { name: product.name })}
          unavailable={unavailable}
        />
        <AddToCartButton
          product={product}
          unit={product.defaultUnit}
          quantity={quantity}
          quantityProblem={quantityProblem}
          onInvalidQuantity={() => quantityField.current?.focus()}
          size="xs"
          fullWidth
        />
      </Stack>
    </Card>
  )
}
