/** The card types the BIN list names, as the words the page shows ('CREDIT' → payment.cardTypes.credit). */
export type CardTypeKey = 'credit' | 'debit' | 'prepaid'

/**
 * The BIN list's card type (CREDIT, DEBIT, PREPAID, PREPAID CREDIT…) as a key of payment.cardTypes;
 * null for a type the page has no words for (then nothing is shown).
 */
export function cardTypeKey(cardType: string | null): CardTypeKey | null {
  const type = cardType?.trim().toUpperCase() ?? ''
  if (type.startsWith('PREPAID')) return 'prepaid'
  if (type === 'CREDIT' || type === 'CHARGE') return 'credit'
  if (type === 'DEBIT') return 'debit'
  return null
}
