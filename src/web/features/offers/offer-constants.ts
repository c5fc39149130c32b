/**
 * Values of the offer contract (src/contracts/offers.ts) as plain constants: importing the contract
 * module at run time would pull Zod into this lazy chunk. offer-constants.test.ts checks they match.
 */

/** OFFER_PROFIT_MIN / OFFER_PROFIT_MAX: the percent range of a line (spec/2 §9). */
export const PROFIT_MIN = -99.99
export const PROFIT_MAX = 1000

/** DEFAULT_OFFER_DESCRIPTION: the note an offer gets when the dealer wrote none (not printed). */
export const NO_OFFER_NOTE = 'Sipariş notu yok'
