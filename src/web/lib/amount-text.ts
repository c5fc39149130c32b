import type { TFunction } from 'i18next'
import { AMOUNT_EXAMPLE, type AmountRefusal, amountForInput } from '../../domain/amount'
import { useTranslation } from '../i18n/use-translation'
import { useSession } from './session-context'

/**
 * The one hint of every field where a person types an amount ('Örnek: 1250,50'), its example written
 * as a prefill is (domain amountForInput), so the hint and what a field starts with always agree.
 */
export function useAmountHint(): string {
  const { t } = useTranslation()
  const { locale } = useSession()
  return t('amount.hint', { example: amountForInput(AMOUNT_EXAMPLE, locale) })
}

/**
 * What a field says of a refused amount: the page's own wording (the spec's, where it has one), but
 * for an ambiguous '1.234' how to write it instead.
 */
export function amountRefusalText(
  t: TFunction,
  typed: string,
  reason: AmountRefusal,
  invalid: string,
): string {
  if (reason !== 'ambiguous') return invalid
  const text = typed.trim()
  return t('amount.ambiguous', { text, whole: text.replaceAll('.', '') })
}
