import { Group, Input, Stack, Text } from '@mantine/core'
import type { TFunction } from 'i18next'
import { type KeyboardEvent, type Ref, useId, useState } from 'react'
import { decreaseQuantity } from '../../../domain/listing'
import { checkQuantity, type QuantityRule, quantityMax } from '../../../domain/quantity'
import { useTranslation } from '../../i18n/use-translation'
import { useSession } from '../../lib/session-context'
import { MinusIcon, PlusIcon } from '../icons/Icons'
import { StepButton } from './StepButton'

export interface QuantityInputProps {
  /** The last valid amount (what an add sends). */
  value: number
  /** Called with each valid amount: typed, stepped or an emptied field left (1). */
  onChange: (quantity: number) => void
  /**
   * 'detail': 1–100 (spec/1 §9); 'list': 1–100,000 (a cart line's bound). A typed amount is kept as
   * typed; one out of range shows the rule and is not passed on (issue 15).
   */
  rule: QuantityRule
  /** The field's accessible name ('Fren Balatası miktarı'). */
  label: string
  size?: 'xs' | 'sm' | 'md'
  disabled?: boolean
  /** + stops here: what the remaining stock still covers (spec/1 §5); no limit when not given. */
  max?: number
  /**
   * Told the rule's message while the typed text breaks it, and null once it is valid again; the add
   * button reads it (`quantityProblem`) so nothing is added meanwhile.
   */
  onProblem?: (message: string | null) => void
  /**
   * Where the rule is shown: under the control ('below', the default) or by the caller (the id of the
   * caller's message element, which the field names as its description).
   */
  problemId?: string
  ref?: Ref<HTMLInputElement>
}

/** The rule of a quantity field in the user's language ('Miktar 1 ile 100 arasında …'). */
export function quantityRuleText(t: TFunction, rule: QuantityRule, locale: string): string {
  return t('quantity.rule', { max: quantityMax(rule).toLocaleString(locale === 'en' ? 'en-US' : 'tr-TR') })
}

/**
 * −, the typed amount, +. A typed amount stays as typed: a valid one is passed on at once, one out of
 * range (or not a whole number) stays in the field, marked invalid with the rule beside it, until it is
 * corrected or stepped with − / +. An emptied field waits for typing and becomes 1 when left empty.
 */
export function QuantityInput({
  value,
  onChange,
  rule,
  label,
  size = 'sm',
  disabled,
  max: stockMax = Number.POSITIVE_INFINITY,
  onProblem,
  problemId,
  ref,
}: QuantityInputProps) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const ownId = useId()
  const [draft, setDraft] = useState<string | null>(null)
  const max = Math.min(stockMax, quantityMax(rule))
  const check = draft === null ? null : checkQuantity(draft, rule)
  const problem = check && !check.ok && !check.empty ? quantityRuleText(t, rule, locale) : null
  const messageId = problemId ?? `${ownId}-rule`

  const change = (next: number) => {
    setDraft(null)
    onProblem?.(null)
    if (next !== value) onChange(next)
  }
  const typed = (text: string) => {
    setDraft(text)
    const result = checkQuantity(text, rule)
    onProblem?.(result.ok || result.empty ? null : quantityRuleText(t, rule, locale))
    if (result.ok && result.quantity !== value) onChange(result.quantity)
  }
  const leave = () => {
    if (check?.ok) setDraft(null)
    else if (check?.empty) change(1)
  }
  /** From a typed amount out of range, − and + step to the nearest allowed one (100 from 150, 1 from −3). */
  const typedNumber = problem ? Number(draft?.trim()) : null
  const above = typedNumber !== null && Number.isFinite(typedNumber) && typedNumber > max
  const increase = () => {
    if (problem) return above ? undefined : change(1)
    if (value < max) change(value + 1)
  }
  const decrease = () => {
    if (problem) return change(above ? Math.max(1, Math.floor(max)) : 1)
    change(decreaseQuantity(value))
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowUp') {
      event.preventDefault()
      increase()
    } else if (event.key === 'ArrowDown') {
      event.preventDefault()
      decrease()
    }
  }
  const iconSize = size === 'xs' ? 'md' : size === 'md' ? 'xl' : 'lg'

  const control = (
    <Group gap={4} wrap="nowrap">
      <StepButton
        size={iconSize}
        onStep={decrease}
        atLimit={problem ? false : value <= 1}
        disabled={disabled}
        label={t('quantity.decrease')}
      >
        <MinusIcon size={14} />
      </StepButton>
      <Input
        ref={ref}
        size={size}
        w={size === 'xs' ? 48 : size === 'md' ? 72 : 60}
        value={draft ?? String(value)}
        onChange={(event) => typed(event.currentTarget.value)}
        onBlur={leave}
        onKeyDown={onKeyDown}
        inputMode="numeric"
        aria-label={label}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? messageId : undefined}
        error={Boolean(problem)}
        // Mantine would set aria-invalid and aria-describedby from its own error element, which this
        // narrow field does not draw: the rule is drawn beside it and named here.
        withAria={false}
        disabled={disabled}
        data-testid="quantity-input"
        styles={{ input: { textAlign: 'center', paddingInline: 4 } }}
      />
      <StepButton
        size={iconSize}
        onStep={increase}
        atLimit={problem ? above : value >= max}
        disabled={disabled}
        label={t('quantity.increase')}
      >
        <PlusIcon size={14} />
      </StepButton>
    </Group>
  )
  if (problemId) return control
  return (
    <Stack gap={2}>
      {control}
      {problem && (
        <Text
          id={messageId}
          size="xs"
          c="red.8"
          maw={size === 'xs' ? 140 : 180}
          data-testid="quantity-problem"
        >
          {problem}
        </Text>
      )}
    </Stack>
  )
}
