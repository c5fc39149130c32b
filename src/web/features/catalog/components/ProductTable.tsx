import { Anchor, Skeleton, Stack, Table, Text } from '@mantine/core'
import { type ReactNode, useState } from 'react'
import { Link } from 'react-router'
import type { Product } from '../../../../contracts/catalog'
import { stockNumberLabels } from '../../../../domain/listing'
import { formatMoney } from '../../../../domain/money-format'
import { ProductImage } from '../../../components/ProductImage'
import { AddToCartButton } from '../../../components/product/AddToCartButton'
import { DiscountBadge } from '../../../components/product/DiscountBadge'
import { ProductPrice } from '../../../components/product/ProductPrice'
import { defaultUnitName, planPrices, specialCode } from '../../../components/product/product-fields'
import { QuantityInput } from '../../../components/product/QuantityInput'
import { StockInfo } from '../../../components/product/StockInfo'
import { StockInventoryButton } from '../../../components/product/StockInventoryModal'
import { useAddLimit } from '../../../components/product/use-add-limit'
import { useTranslation } from '../../../i18n/use-translation'
import { useLocalePath, useSession } from '../../../lib/session-context'
import { PAGE_SLOTS } from '../list-params'

export const listImageSize = 80

interface Column {
  key: string
  header: ReactNode
  align?: 'right' | 'center'
  cell: (product: Product, row: RowState) => ReactNode
}

interface RowState {
  quantity: number
  setQuantity: (quantity: number) => void
  /** What the remaining stock still covers of the default unit. */
  addLimit: number
}

/**
 * The spec's columns in its order: image, code, name, brand, model, special code (when the store shows
 * it), quantity, list price (when the store shows list prices), price or one price per payment plan,
 * tax rate, stock, warehouse, add to cart.
 */
function useColumns(): Column[] {
  const { t } = useTranslation()
  const { bootstrap, locale } = useSession()
  const localePath = useLocalePath()
  const { settings, paymentPlans } = bootstrap
  const dash = <Text c="dimmed">–</Text>

  const columns: Column[] = [
    {
      key: 'image',
      header: t('catalog.columns.image'),
      cell: (p) => (
        <Anchor component={Link} to={localePath(p.url)} tabIndex={-1} aria-hidden="true" display="block">
          <ProductImage file={p.image} alt="" height={listImageSize} width={listImageSize} />
        </Anchor>
      ),
    },
    {
      key: 'code',
      header: t('catalog.columns.code'),
      cell: (p) =>
        stockNumberLabels(p, true).map((label) => (
          <Text key={label.label} size="sm" style={{ whiteSpace: 'nowrap' }}>
            {label.value}
          </Text>
        )),
    },
    {
      key: 'name',
      header: t('catalog.columns.name'),
      cell: (p) => (
        <Anchor component={Link} to={localePath(p.url)} size="sm" fw={500} miw={160} display="block">
          {p.name}
        </Anchor>
      ),
    },
    { key: 'brand', header: t('catalog.columns.brand'), cell: (p) => p.brand?.name ?? dash },
    { key: 'model', header: t('catalog.columns.model'), cell: (p) => p.model?.name ?? dash },
  ]
  if (settings.b2b_urun_detay_ozel_kod_gosterim) {
    columns.push({
      key: 'specialCode',
      header: settings.b2b_urun_detay_ozel_kod_baslik,
      cell: (p) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {specialCode(p, settings)?.value ?? '–'}
        </Text>
      ),
    })
  }
  columns.push({
    key: 'quantity',
    header: t('catalog.columns.quantity'),
    cell: (p, row) => (
      <QuantityInput
        value={row.quantity}
        onChange={row.setQuantity}
        rule="list"
        size="xs"
        max={row.addLimit}
        label={t('quantity.labelFor', { name: p.name })}
      />
    ),
  })
  if (settings.showListPrice) {
    columns.push({
      key: 'listPrice',
      header: t('catalog.columns.listPrice'),
      align: 'right',
      cell: (p) => {
        if (!p.listPrice) return dash
        const above = p.salePrice !== null && p.listPrice.value > p.salePrice.value
        return (
          <Text component={above ? 'del' : 'span'} size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(p.listPrice, locale)}
          </Text>
        )
      },
    })
  }
  if (settings.showPaymentPlanPrice && paymentPlans.length > 0) {
    for (const plan of paymentPlans) {
      columns.push({
        key: `plan-${plan.id}`,
        header: plan.name,
        align: 'right',
        cell: (p) => {
          const price = planPrices(p, [plan])[0]?.price
          return price ? (
            <Text size="sm" fw={plan.varsayilan ? 700 : 400} style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(price, locale)}
            </Text>
          ) : (
            dash
          )
        },
      })
    }
  } else {
    columns.push({
      key: 'price',
      header: t('catalog.columns.price'),
      align: 'right',
      cell: (p) => (
        <Stack gap={2} align="flex-end">
          <ProductPrice sale={p.salePrice} list={p.listPrice} withListPrice={false} />
          <DiscountBadge sale={p.salePrice} list={p.listPrice} />
        </Stack>
      ),
    })
  }
  columns.push(
    {
      key: 'taxRate',
      header: t('catalog.columns.taxRate'),
      align: 'right',
      cell: (p) => t('price.taxRateValue', { rate: p.taxRate }),
    },
    {
      key: 'stock',
      header: t('catalog.columns.stock'),
      cell: (p) => (
        <StockInfo
          quantity={p.quantity}
          stock={p.stock}
          unit={defaultUnitName(p)}
          form="list"
          style={{ whiteSpace: 'nowrap' }}
        />
      ),
    },
    {
      key: 'warehouse',
      header: t('catalog.columns.warehouse'),
      cell: (p) => <StockInventoryButton product={p} />,
    },
    {
      key: 'addToCart',
      header: t('catalog.columns.addToCart'),
      cell: (p, row) => (
        <AddToCartButton product={p} unit={p.defaultUnit} quantity={row.quantity} size="xs" />
      ),
    },
  )
  return columns
}

function ProductRow({ product, columns }: { product: Product; columns: Column[] }) {
  const [quantity, setQuantity] = useState(1)
  const addLimit = useAddLimit(product, product.defaultUnit)
  const row = { quantity, setQuantity, addLimit }
  return (
    <Table.Tr data-testid="product-row">
      {columns.map((column) => (
        <Table.Td key={column.key} ta={column.align}>
          {column.cell(product, row)}
        </Table.Td>
      ))}
    </Table.Tr>
  )
}

/** The list view: a table that scrolls sideways on narrow screens. */
export function ProductTable({ products }: { products: Product[] }) {
  const columns = useColumns()
  return (
    <Table.ScrollContainer minWidth={1100} type="native">
      <Table verticalSpacing="xs" highlightOnHover data-testid="product-table">
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key} ta={column.align} style={{ whiteSpace: 'nowrap' }}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {products.map((product) => (
            <ProductRow key={product.id} product={product} columns={columns} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

const slots = Array.from({ length: PAGE_SLOTS }, (_, i) => `slot-${i}`)

/** One placeholder row per page slot. */
export function ProductTableSkeleton() {
  return (
    <Stack gap="xs" aria-hidden="true">
      {slots.map((slot) => (
        <Skeleton key={slot} height={listImageSize} data-testid="product-skeleton" />
      ))}
    </Stack>
  )
}
