/**
 * Query keys in one place. Prices come converted into the visitor's currency, so a currency change
 * invalidates every query rather than keying each one by currency.
 */
export const queryKeys = {
  campaigns: () => ['catalog', 'campaigns'] as const,
}
