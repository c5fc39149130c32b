import { Group, TextInput } from '@mantine/core'
import { type KeyboardEvent, useState } from 'react'
import { DETAIL_MAX_QUANTITY, decreaseQuantity, detailQuantity, listQuantity } from '../../../domain/listing'
import { useTranslation } from '../../i18n/use-translation'
import { MinusIcon, PlusIcon } from '../icons/Icons'
import { StepButton } from './StepButton'

export interface QuantityInputProps {
  value: number
  onChange: (quantity: number) => void
  /**
   * 'detail': typed 1–100; non-numeric or zero resets to 1; negative or above 100 keeps the previous.
   * 'list': non-numeric or zero becomes 1. Both: −1 never below 1.
   */
  rule: 'list' | 'detail'
  /** The field's accessible name ('Fren Balatası miktarı'). */
  label: string
  size?: 'xs' | 'sm'
  disabled?: boolean
  /** + stops here: what the remaining stock still covers (spec/1 §5); no limit when not given. */
  max?: number
}

/** −, the typed amount, +. An emptied field waits for typing and becomes 1 when left empty. */
export function QuantityInput({
  value,
  onChange,
  rule,
  label,
  size = 'sm',
  disabled,
  max: stockMax = Number.POSITIVE_INFINITY,
}: QuantityInputProps) {
  const { t } = useTranslation()
  const [draft, setDraft] = useState<string | null>(null)
  const max = Math.min(stockMax, rule === 'detail' ? DETAIL_MAX_QUANTITY : Number.POSITIVE_INFINITY)

  const change = (next: number) => {
    setDraft(null)
    if (next !== value) onChange(next)
  }
  const typed = (text: string) => {
    if (text.trim() === '') {
      setDraft('')
      return
    }
    change(rule === 'detail' ? detailQuantity(text, value) : listQuantity(text))
  }
  const increase = () => {
    if (value < max) change(value + 1)
  }
  const decrease = () => change(decreaseQuantity(value))
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowUp') {
      event.preventDefault()
      increase()
    } else if (event.key === 'ArrowDown') {
      event.preventDefault()
      decrease()
    }
  }
  const iconSize = size === 'xs' ? 'md' : 'lg'

  return (
    <Group gap={4} wrap="nowrap">
      <StepButton
        size={iconSize}
        onStep={decrease}
        atLimit={value <= 1}
        disabled={disabled}
        label={t('quantity.decrease')}
      >
        <MinusIcon size={14} />
      </StepButton>
      <TextInput
        size={size}
        w={size === 'xs' ? 48 : 60}
        value={draft ?? String(value)}
        onChange={(event) => typed(event.currentTarget.value)}
        onBlur={() => draft !== null && change(1)}
        onKeyDown={onKeyDown}
        inputMode="numeric"
        aria-label={label}
        disabled={disabled}
        styles={{ input: { textAlign: 'center', paddingInline: 4 } }}
      />
      <StepButton
        size={iconSize}
        onStep={increase}
        atLimit={value >= max}
        disabled={disabled}
        label={t('quantity.increase')}
      >
        <PlusIcon size={14} />
      </StepButton>
    </Group>
  )
}
