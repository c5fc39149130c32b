import { Anchor, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core'
import { type ReactNode, useState } from 'react'
import { Link } from 'react-router'
import type { Product } from '../../../../contracts/catalog'
import { inCompactRow, type ListColumn, listColumns } from '../../../../domain/list-columns'
import { stockNumberLabels } from '../../../../domain/listing'
import { formatMoney } from '../../../../domain/money-format'
import { WarehouseIcon } from '../../../components/icons/Icons'
import { ProductImage } from '../../../components/ProductImage'
import { AddToCartButton, useQuantityUnavailable } from '../../../components/product/AddToCartButton'
import { DiscountBadge } from '../../../components/product/DiscountBadge'
import { PriceInfoButton } from '../../../components/product/PriceInfoModal'
import { ProductPrice } from '../../../components/product/ProductPrice'
import {
  defaultUnitName,
  hasPrice,
  planPrices,
  specialCode,
} from '../../../components/product/product-fields'
import { QuantityInput } from '../../../components/product/QuantityInput'
import { StockInfo } from '../../../components/product/StockInfo'
import { StockInventoryButton } from '../../../components/product/StockInventoryModal'
import { useAddLimit } from '../../../components/product/use-add-limit'
import { useTranslation } from '../../../i18n/use-translation'
import { useLocalePath, useSession } from '../../../lib/session-context'
import { PAGE_SLOTS } from '../list-params'
import classes from './ProductTable.module.css'

export const listImageSize = 80

/** Where a cell sits in a phone's compact row (its CSS grid area). */
type Area = 'name' | 'code' | 'price' | 'stock' | 'warehouse' | 'quantity' | 'cart'

interface Column {
  key: string
  header: ReactNode
  align?: 'right' | 'center'
  /** Extra classes of the column's cells: width rules and the sticky name and cart columns. */
  className?: string
  /** Kept in the phone's compact row, and where. */
  area?: Area
  cell: (product: Product, row: RowState) => ReactNode
}

interface RowState {
  quantity: number
  setQuantity: (quantity: number) => void
  /** The quantity field's rule while its typed text breaks it (nothing is added meanwhile). */
  quantityProblem: string | null
  /** Why the product cannot be added ('Stokta Yok'), or null (useQuantityUnavailable). */
  unavailable: string | null
  setQuantityProblem: (problem: string | null) => void
  /** What the remaining stock still covers of the default unit. */
  addLimit: number
}

const areas: Partial<Record<ListColumn['key'], Area>> = {
  code: 'code',
  name: 'name',
  price: 'price',
  plan: 'price',
  quantity: 'quantity',
  stock: 'stock',
  warehouse: 'warehouse',
  addToCart: 'cart',
}

/**
 * The spec's columns in its order (domain `listColumns`): image, code, name, brand, model, special
 * code, quantity, list price, the price (with the price-info control when more than two plans fold
 * into it) or one column per plan, tax rate, stock, warehouse, add to cart.
 */
function useColumns(): Column[] {
  const { t } = useTranslation()
  const { bootstrap, locale } = useSession()
  const localePath = useLocalePath()
  const { settings, paymentPlans } = bootstrap
  const dash = <Text c="dimmed">–</Text>
  const priceNames = paymentPlans.map((plan) => plan.priceName)

  const render = (column: ListColumn): Omit<Column, 'area'> => {
    switch (column.key) {
      case 'image':
        return {
          key: 'image',
          header: t('catalog.columns.image'),
          cell: (p) => (
            <Anchor component={Link} to={localePath(p.url)} tabIndex={-1} aria-hidden="true" display="block">
              <ProductImage file={p.image} alt="" height={listImageSize} width={listImageSize} />
            </Anchor>
          ),
        }
      case 'code':
        return {
          key: 'code',
          header: t('catalog.columns.code'),
          className: classes.code,
          cell: (p) => stockNumberLabels(p, true).map((label) => <div key={label.label}>{label.value}</div>),
        }
      case 'name':
        return {
          key: 'name',
          header: t('catalog.columns.name'),
          className: cx(classes.name, classes.stickyStart),
          cell: (p) => (
            <Anchor component={Link} to={localePath(p.url)} size="sm" fw={500} display="block">
              {p.name}
            </Anchor>
          ),
        }
      case 'brand':
        return {
          key: 'brand',
          header: t('catalog.columns.brand'),
          className: cx(classes.narrowText, classes.brand),
          cell: (p) => p.brand?.name ?? dash,
        }
      case 'model':
        return {
          key: 'model',
          header: t('catalog.columns.model'),
          className: cx(classes.narrowText, classes.model),
          cell: (p) => p.model?.name ?? dash,
        }
      case 'specialCode':
        return {
          key: 'specialCode',
          header: settings.b2b_urun_detay_ozel_kod_baslik,
          className: classes.code,
          cell: (p) => specialCode(p, settings)?.value ?? '–',
        }
      case 'quantity':
        return {
          key: 'quantity',
          header: t('catalog.columns.quantity'),
          cell: (p, row) => (
            <QuantityInput
              value={row.quantity}
              onChange={row.setQuantity}
              onProblem={row.setQuantityProblem}
              rule="list"
              size="xs"
              max={row.addLimit}
              label={t('quantity.labelFor', { name: p.name })}
              unavailable={row.unavailable}
            />
          ),
        }
      case 'listPrice':
        return {
          key: 'listPrice',
          header: t('catalog.columns.listPrice'),
          align: 'right',
          className: classes.nowrap,
          cell: (p) => {
            // Beside 'Fiyat Sorunuz' no amount stands, the list price neither.
            if (!p.listPrice || (p.salePrice !== null && !hasPrice(p.salePrice))) return dash
            const above = p.salePrice !== null && p.listPrice.value > p.salePrice.value
            return (
              <Text component={above ? 'del' : 'span'} size="xs" c="dimmed">
                {formatMoney(p.listPrice, locale)}
              </Text>
            )
          },
        }
      case 'price':
        return {
          key: 'price',
          header: t('catalog.columns.price'),
          align: 'right',
          className: classes.nowrap,
          cell: (p) => (
            <div className={classes.priceStack}>
              <ProductPrice sale={p.salePrice} list={p.listPrice} withListPrice={false} />
              <div className={classes.priceExtras}>
                <DiscountBadge sale={p.salePrice} list={p.listPrice} />
                {column.planInfo && <PriceInfoButton product={p} unit={p.defaultUnit} />}
              </div>
            </div>
          ),
        }
      case 'plan': {
        const plan = paymentPlans[column.planIndex]
        return {
          key: `plan-${plan?.id ?? column.planIndex}`,
          header: plan?.name,
          align: 'right',
          className: classes.nowrap,
          cell: (p) => {
            if (!plan) return dash
            // The sale price's plan is the product's price: its ask-price state when there is none.
            if (plan.priceName === 'salePrice') {
              return <ProductPrice sale={p.salePrice} list={p.listPrice} withListPrice={false} />
            }
            const price = planPrices(p, [plan], p.defaultUnit)[0]?.price
            return price ? (
              <Text size="sm" fw={plan.varsayilan ? 700 : 400}>
                {formatMoney(price, locale)}
              </Text>
            ) : (
              dash
            )
          },
        }
      }
      case 'taxRate':
        return {
          key: 'taxRate',
          header: t('catalog.columns.taxRate'),
          align: 'right',
          className: classes.nowrap,
          cell: (p) => t('price.taxRateValue', { rate: p.taxRate }),
        }
      case 'stock':
        return {
          key: 'stock',
          header: t('catalog.columns.stock'),
          className: classes.narrowText,
          cell: (p) => <StockInfo product={p} unit={defaultUnitName(p)} form="list" size="xs" />,
        }
      case 'warehouse':
        return {
          key: 'warehouse',
          // The column of warehouse icons is headed by the icon ('Warehouse' would double its width);
          // its word is read out, and shown on hover.
          header: (
            <span title={t('catalog.columns.warehouse')}>
              <VisuallyHidden>{t('catalog.columns.warehouse')}</VisuallyHidden>
              <WarehouseIcon size={18} />
            </span>
          ),
          cell: (p) => <StockInventoryButton product={p} look="icon" />,
        }
      case 'addToCart':
        return {
          key: 'addToCart',
          header: t('catalog.columns.addToCart'),
          className: cx(classes.cart, classes.stickyEnd),
          cell: (p, row) => (
            <AddToCartButton
              product={p}
              unit={p.defaultUnit}
              quantity={row.quantity}
              quantityProblem={row.quantityProblem}
              size="xs"
            />
          ),
        }
    }
  }

  return listColumns({
    specialCode: settings.b2b_urun_detay_ozel_kod_gosterim,
    listPrice: settings.showListPrice,
    planPrices: settings.showPaymentPlanPrice,
    planCount: paymentPlans.length,
  }).map((column) => ({
    ...render(column),
    area: inCompactRow(column, priceNames) ? areas[column.key] : undefined,
  }))
}

/** The class names given, without the absent ones. */
function cx(...names: (string | undefined | false)[]): string {
  return names.filter(Boolean).join(' ')
}

function ProductRow({ product, columns }: { product: Product; columns: Column[] }) {
  const [quantity, setQuantity] = useState(1)
  const [quantityProblem, setQuantityProblem] = useState<string | null>(null)
  const addLimit = useAddLimit(product, product.defaultUnit)
  const unavailable = useQuantityUnavailable(product)
  const row = { quantity, setQuantity, quantityProblem, setQuantityProblem, addLimit, unavailable }
  return (
    <Table.Tr data-testid="product-row" className={classes.row}>
      {columns.map((column) => (
        <Table.Td
          key={column.key}
          ta={column.align}
          className={cx(classes.cell, column.className)}
          data-col={column.key}
          data-area={column.area}
          data-compact={column.area ? undefined : 'false'}
        >
          {column.cell(product, row)}
        </Table.Td>
      ))}
    </Table.Tr>
  )
}

/**
 * The list view: every column of the spec in a table that fits its box from 1280 px up; narrower, it
 * scrolls sideways with the name and cart columns stuck in view; on a phone, compact rows of code,
 * name, price, stock and the cart control.
 */
export function ProductTable({ products }: { products: Product[] }) {
  const columns = useColumns()
  return (
    <div className={classes.scroller} data-testid="product-table-box">
      <Table verticalSpacing="xs" highlightOnHover className={classes.table} data-testid="product-table">
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th
                key={column.key}
                ta={column.align}
                className={cx(
                  classes.head,
                  column.key === 'name' && classes.stickyStart,
                  column.key === 'addToCart' && classes.stickyEnd,
                )}
              >
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
    </div>
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
