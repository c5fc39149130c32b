/**
 * The sandbox's test cards (docs/payments.md lists them). Each is Luhn-valid and starts with a real
 * Turkish bank's BIN, so the BIN table and its installment plans answer for it as for a real card.
 * Any other card number succeeds.
 */

/** What happens to a card: passes 3-D Secure and is charged, is refused by its bank, fails 3-D Secure, or meets a bank error. */
export type SandboxOutcome = 'success' | 'insufficient_funds' | 'three_ds_failed' | 'technical_error'

export const SANDBOX_TEST_CARDS: { number: string; outcome: SandboxOutcome; label: string }[] = [
  { number: '4090210000000016', outcome: 'success', label: 'VISA, Yapı Kredi: success' },
  { number: '5571130000000011', outcome: 'success', label: 'MASTER_CARD, Akbank: success' },
  { number: '9792040000000017', outcome: 'success', label: 'TROY, İş Bankası: success' },
  {
    number: '4183420000000019',
    outcome: 'insufficient_funds',
    label: 'VISA, İş Bankası: declined (Yetersiz bakiye.)',
  },
  { number: '4043080000000011', outcome: 'three_ds_failed', label: 'VISA, Garanti BBVA: 3-D Secure failure' },
  { number: '4025260000000011', outcome: 'technical_error', label: 'VISA, Halkbank: technical error' },
]

/** The SMS code the challenge page asks for (and shows as a hint). */
export const SANDBOX_SMS_CODE = '283126'

export function sandboxOutcomeOf(cardNumber: string): SandboxOutcome {
  return SANDBOX_TEST_CARDS.find((card) => card.number === cardNumber)?.outcome ?? 'success'
}
