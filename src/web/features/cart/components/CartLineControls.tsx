import { ActionIcon, Group, NativeSelect, Text, TextInput } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { type KeyboardEvent, useState } from 'react'
import type { Cart, CartLine } from '../../../../contracts/cart'
import { MAX_LINE_QUANTITY } from '../../../../domain/cart-rules'
import { decreaseQuantity, listQuantity } from '../../../../domain/listing'
import { showAlert } from '../../../components/alert'
import { MinusIcon, PlusIcon, TrashIcon } from '../../../components/icons/Icons'
import { StepButton } from '../../../components/product/StepButton'
import { useTranslation } from '../../../i18n/use-translation'
import { lineFits } from '../../../lib/cart/cart-lines'
import { cartKey } from '../../../lib/cart/cart-sync'
import { useSession } from '../../../lib/session-context'
import type { CartChange } from '../api/cart-optimistic'

export interface LineControlProps {
  cart: Cart
  line: CartLine
  onChange: (change: CartChange) => void
}

/**
 * The cart and the line as the query cache holds them now. A change is written there at once, but React
 * draws it a moment later: a second press of − or + in that moment must count from the first one's
 * result, not from the drawn quantity (two quick presses of − on 3 used to send 2 twice).
 */
function useHeldLine(cart: Cart, line: CartLine): () => { cart: Cart; line: CartLine } {
  const queryClient = useQueryClient()
  return () => {
    const held = queryClient.getQueryData<Cart>(cartKey) ?? cart
    return { cart: held, line: held.items.find((l) => l.id === line.id) ?? line }
  }
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
  const held = useHeldLine(cart, line)
  const rules = bootstrap.settings
  const canIncrease = line.quantity < MAX_LINE_QUANTITY && lineFits(cart, line, line.quantity + 1, rules)

  /** Asks for `next(held quantity)`, checked against the stock as the cart stands now. */
  const set = (next: (current: number) => number) => {
    setDraft(null)
    const now = held()
    const quantity = next(now.line.quantity)
    if (quantity === now.line.quantity) return
    if (quantity > now.line.quantity && !lineFits(now.cart, now.line, quantity, rules)) {
      showAlert(t, t('addToCart.stock', { n: quantity }))
      return
    }
    onChange({ kind: 'quantity', lineId: line.id, quantity })
  }
  const increase = () => set((current) => Math.min(MAX_LINE_QUANTITY, current + 1))
  const decrease = () => set(decreaseQuantity)
  const commit = () => {
    if (draft !== null) {
      const typed = Math.min(MAX_LINE_QUANTITY, listQuantity(draft))
      set(() => typed)
    }
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      commit()
    } else if (event.key === 'ArrowUp' && canIncrease) {
      event.preventDefault()
      increase()
    } else if (event.key === 'ArrowDown') {
      event.preventDefault()
      decrease()
    }
  }

  return (
    <Group gap={4} wrap="nowrap">
      <StepButton size="lg" onStep={decrease} atLimit={line.quantity <= 1} label={t('quantity.decrease')}>
        <MinusIcon size={14} />
      </StepButton>
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
      <StepButton size="lg" onStep={increase} atLimit={!canIncrease} label={t('quantity.increase')}>
        <PlusIcon size={14} />
      </StepButton>
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
