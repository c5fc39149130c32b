import { Group, Input, Stack, Text, VisuallyHidden } from '@mantine/core'
import type { TFunction } from 'i18next'
import { type KeyboardEvent, type Ref, type RefObject, useId, useRef, useState } from 'react'
import { decreaseQuantity } from '../../../domain/listing'
import { checkQuantity, commitDetailQuantity, type QuantityRule, quantityMax } from '../../../domain/quantity'
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
   * typed; one out of range shows the rule and is not passed on.
   */
  rule: QuantityRule
  /** The field's accessible name ('Fren Balatası miktarı'). */
  label: string
  size?: 'xs' | 'sm' | 'md'
  disabled?: boolean
  /**
   * Why the product cannot be added ('Stokta Yok'), or null: then the field and its − and + are
   * disabled, and the field is described by 'Sepete eklenemez: Stokta Yok'.
   */
  unavailable?: string | null
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
  /**
   * 'detail' only: set to the field's commit, which applies the product page's rule to what is typed
   * (commitDetailQuantity), shows the result and answers it; the add button calls it before adding.
   */
  commitRef?: RefObject<(() => number) | null>
  ref?: Ref<HTMLInputElement>
}

/** The rule of a quantity field in the user's language ('Miktar 1 ile 100 arasında …'). */
export function quantityRuleText(t: TFunction, rule: QuantityRule, locale: string): string {
  return t('quantity.rule', { max: quantityMax(rule).toLocaleString(locale === 'en' ? 'en-US' : 'tr-TR') })
}

/**
 * −, the typed amount, +. A valid typed amount is passed on at once; one out of range (or not a whole
 * number) is marked invalid with the rule beside it while it is typed. In a list ('list') it stays so
 * until corrected or stepped with − / +, and an emptied field becomes 1 when left empty. On the
 * product page ('detail') the spec's rule decides once the field is left, Enter is pressed or the add
 * button commits it (commitRef): 1–100 taken, not a number or 0 → 1, anything else → the previous
 * amount; the field then shows the amount taken, never a red value an add cannot send.
 */
export function QuantityInput({
  value,
  onChange,
  rule,
  label,
  size = 'sm',
  disabled: disabledProp,
  unavailable = null,
  max: stockMax = Number.POSITIVE_INFINITY,
  onProblem,
  problemId,
  commitRef,
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
  const unavailableId = `${ownId}-unavailable`
  const disabled = disabledProp || unavailable !== null

  // What is typed, also for a commit in the same event as the typing (before a render).
  const draftNow = useRef<string | null>(null)
  const change = (next: number) => {
    draftNow.current = null
    setDraft(null)
    onProblem?.(null)
    if (next !== value) onChange(next)
  }
  /** The product page's rule on what is typed; answers the amount taken. */
  const commit = (): number => {
    const text = draftNow.current
    if (text === null) return value
    const next = commitDetailQuantity(text, value)
    change(next)
    return next
  }
  if (commitRef) commitRef.current = rule === 'detail' ? commit : null
  const typed = (text: string) => {
    draftNow.current = text
    setDraft(text)
    const result = checkQuantity(text, rule)
    onProblem?.(result.ok || result.empty ? null : quantityRuleText(t, rule, locale))
    // On the product page nothing is taken before the commit: the previous amount is the one before.
    if (rule !== 'detail' && result.ok && result.quantity !== value) onChange(result.quantity)
  }
  const leave = () => {
    if (rule === 'detail') commit()
    else if (check?.ok) {
      draftNow.current = null
      setDraft(null)
    } else if (check?.empty) change(1)
  }
  /**
   * In a list, from a typed amount out of range − and + step to the nearest allowed one (100 from 150,
   * 1 from −3); on the product page they step from the amount the rule takes of it.
   */
  const typedNumber = problem ? Number(draft?.trim()) : null
  const above = typedNumber !== null && Number.isFinite(typedNumber) && typedNumber > max
  const increase = () => {
    if (rule === 'detail') {
      const from = draftNow.current === null ? value : commitDetailQuantity(draftNow.current, value)
      return change(from < max ? from + 1 : from)
    }
    if (problem) return above ? undefined : change(1)
    if (value < max) change(value + 1)
  }
  const decrease = () => {
    if (rule === 'detail') {
      return change(
        decreaseQuantity(draftNow.current === null ? value : commitDetailQuantity(draftNow.current, value)),
      )
    }
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
    } else if (event.key === 'Enter' && rule === 'detail') {
      commit()
    }
  }
  const iconSize = size === 'xs' ? 'md' : size === 'md' ? 'xl' : 'lg'

  const control = (
    // The fieldset disables the field and its buttons at once: Mantine's Input, drawn without its own
    // aria (the rule is named here), would not set the field's disabled attribute itself.
    <fieldset disabled={disabled} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Group gap={4} wrap="nowrap">
        <StepButton
          size={iconSize}
          onStep={decrease}
          atLimit={problem && rule !== 'detail' ? false : value <= 1}
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
          aria-describedby={unavailable !== null ? unavailableId : problem ? messageId : undefined}
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
          atLimit={problem && rule !== 'detail' ? above : value >= max}
          disabled={disabled}
          label={t('quantity.increase')}
        >
          <PlusIcon size={14} />
        </StepButton>
      </Group>
    </fieldset>
  )
  const reason = unavailable !== null && (
    <VisuallyHidden id={unavailableId}>{t('quantity.unavailable', { reason: unavailable })}</VisuallyHidden>
  )
  if (problemId) {
    return (
      <>
        {control}
        {reason}
      </>
    )
  }
  return (
    <Stack gap={2}>
      {control}
      {reason}
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
