import { ActionIcon, Group, NativeSelect, Text, TextInput } from '@mantine/core'
import { type KeyboardEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Cart, CartLine } from '../../../contracts/cart'
import { MAX_LINE_QUANTITY } from '../../../domain/cart-rules'
import { decreaseQuantity, listQuantity } from '../../../domain/listing'
import { MinusIcon, PlusIcon, TrashIcon } from '../../components/icons/Icons'
import { useSession } from '../../lib/session-context'
import { showAlert } from './cart-alert'
import { lineFits } from './cart-lines'
import type { CartChange } from './cart-optimistic'

export interface LineControlProps {
  cart: Cart
  line: CartLine
  onChange: (change: CartChange) => void
}

/**
 * −, the typed amount, +. + works only while the remaining stock covers one more (unless
 * cartStockControl is on); a typed amount is sent on Enter or when the field is left (non-numeric or 0
 * becomes 1), and one the stock does not cover is refused with the spec's message before any call.
 */
export function LineQuantity({ cart, line, onChange }: LineControlProps) {
  const { t } = useTranslation()
  const { bootstrap } = useSession()
  const [draft, setDraft] = useState<string | null>(null)
  const rules = bootstrap.settings
  const canIncrease = line.quantity < MAX_LINE_QUANTITY && lineFits(cart, line, line.quantity + 1, rules)

  const set = (quantity: number) => {
    setDraft(null)
    if (quantity === line.quantity) return
    if (quantity > line.quantity && !lineFits(cart, line, quantity, rules)) {
      showAlert(t, t('addToCart.stock', { n: quantity }))
      return
    }
    onChange({ kind: 'quantity', lineId: line.id, quantity })
  }
  const commit = () => {
    if (draft !== null) set(Math.min(MAX_LINE_QUANTITY, listQuantity(draft)))
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      commit()
    } else if (event.key === 'ArrowUp' && canIncrease) {
      event.preventDefault()
      set(line.quantity + 1)
    } else if (event.key === 'ArrowDown') {
      event.preventDefault()
      set(decreaseQuantity(line.quantity))
    }
  }

  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="default"
        size="lg"
        onClick={() => set(decreaseQuantity(line.quantity))}
        disabled={line.quantity <= 1}
        aria-label={t('quantity.decrease')}
      >
        <MinusIcon size={14} />
      </ActionIcon>
      <TextInput
        w={64}
        value={draft ?? String(line.quantity)}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onBlur={commit}
        onKeyDown={onKeyDown}
        inputMode="numeric"
        aria-label={t('cart.quantityFor', { name: line.product.name })}
        styles={{ input: { textAlign: 'center', paddingInline: 4 } }}
      />
      <ActionIcon
        variant="default"
        size="lg"
        onClick={() => set(line.quantity + 1)}
        disabled={!canIncrease}
        aria-label={t('quantity.increase')}
      >
        <PlusIcon size={14} />
      </ActionIcon>
    </Group>
  )
}

/** The line's unit among its product's units; choosing one PATCHes {unit} and the price follows it. */
export function LineUnit({ cart, line, onChange }: LineControlProps) {
  const { t } = useTranslation()
  const { bootstrap } = useSession()
  const label = (unit: { value: string; multiplier: number }) =>
    t('cart.unitOption', { unit: unit.value, multiplier: unit.multiplier })
  if (line.product.units.length <= 1) {
    return (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {label(line.productUnit)}
      </Text>
    )
  }

  const choose = (value: string) => {
    const unit = line.product.units.find((u) => String(u.id) === value)
    if (!unit || unit.id === line.productUnit.id) return
    if (!lineFits(cart, line, line.quantity, bootstrap.settings, unit.multiplier)) {
      showAlert(t, t('addToCart.stock', { n: line.quantity }))
      return
    }
    onChange({ kind: 'unit', lineId: line.id, unitId: unit.id })
  }
  return (
    <NativeSelect
      size="sm"
      miw={120}
      value={String(line.productUnit.id)}
      onChange={(event) => choose(event.currentTarget.value)}
      data={line.product.units.map((u) => ({ value: String(u.id), label: label(u) }))}
      aria-label={t('cart.unitFor', { name: line.product.name })}
    />
  )
}

export function RemoveLine({ line, onChange }: Omit<LineControlProps, 'cart'>) {
  const { t } = useTranslation()
  return (
    <ActionIcon
      variant="subtle"
      color="red"
      size="lg"
      onClick={() => onChange({ kind: 'remove', lineId: line.id })}
      aria-label={t('cart.removeLine', { name: line.product.name })}
    >
      <TrashIcon size={18} />
    </ActionIcon>
  )
}
