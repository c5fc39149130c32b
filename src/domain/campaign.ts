/**
 * The campaign carousel's rules (spec/2 §2 "Campaign carousel", §9; spec/1 §9 on campaign products).
 * Pure: the web app draws with them, the tests read them table by table.
 */

/** A product as far as these rules look at it: stock (null when hidden) and prices in one currency. */
export interface CampaignProductFacts {
  quantity: number | null
  salePrice: { value: number } | null
  listPrice: { value: number } | null
}

/**
 * When the "show products not in stock" preference is '0', products with stock <= 0 are left out. A
 * stock hidden from the visitor (null) never hides a product: the visitor could not tell why it went.
 */
export function productsShownInCampaign<P extends Pick<CampaignProductFacts, 'quantity'>>(
  products: readonly P[],
  showNotInStocks: '0' | '1',
): P[] {
  if (showNotInStocks === '1') return [...products]
  return products.filter((p) => p.quantity === null || p.quantity > 0)
}

/**
 * The struck-through list price shows only when the store shows list prices (showListPrice '1') and
 * the list price is at least the sale price, strictly above it when prices include tax
 * (productsWithKdv '1').
 */
export function showsCampaignListPrice(
  product: Pick<CampaignProductFacts, 'salePrice' | 'listPrice'>,
  settings: { showListPrice: boolean; productsWithKdv: boolean },
): boolean {
  const { salePrice, listPrice } = product
  // A list price of 0 is a product without one.
  if (!settings.showListPrice || !salePrice || !listPrice || listPrice.value <= 0) return false
  return settings.productsWithKdv ? listPrice.value > salePrice.value : listPrice.value >= salePrice.value
}

/** The campaign's rowCount (row_count in the store), at least 1; anything not a whole number counts as 1. */
export function campaignRows(rowCount: number | null | undefined): number {
  return typeof rowCount === 'number' && Number.isInteger(rowCount) && rowCount > 1 ? rowCount : 1
}

/**
 * A slide is a column of `rows` cards: the products in their order, top to bottom, then the next
 * column. The last column may be shorter.
 */
export function campaignColumns<T>(products: readonly T[], rows: number): T[][] {
  const size = campaignRows(rows)
  const columns: T[][] = []
  for (let start = 0; start < products.length; start += size) {
    columns.push(products.slice(start, start + size))
  }
  return columns
}

/** Cards side by side on a phone (from 0 px), from 600 px and from 1000 px. */
export type SlidesPerView = { phone: number; tablet: number; desktop: number }

/** The spec's slides per view: 2 from 0, 4 from 600, 6 from 1000; a campaign may set its own. */
export const DEFAULT_SLIDES_PER_VIEW: SlidesPerView = { phone: 2, tablet: 4, desktop: 6 }

/** The viewport widths (px) from which each of a campaign's slide counts applies. */
export const CAROUSEL_BREAKPOINTS = { phone: 0, tablet: 600, desktop: 1000 } as const

/**
 * The narrowest viewport width (px) from which `columns` slides all fit in view, so there is nothing to
 * scroll to and no pagination; null when they never all fit.
 */
export function carouselFitsFrom(
  columns: number,
  perView: SlidesPerView = DEFAULT_SLIDES_PER_VIEW,
): number | null {
  const steps = (['phone', 'tablet', 'desktop'] as const).map((size) => ({
    minWidth: CAROUSEL_BREAKPOINTS[size],
    slides: perView[size],
  }))
  // A width fits when it and every wider step show them all (a campaign may show fewer when wider).
  const fits = steps.findIndex((_, i) => steps.slice(i).every((step) => columns <= step.slides))
  return fits < 0 ? null : steps[fits]!.minWidth
}

export type CampaignStatus = 'shown' | 'scheduled' | 'ended' | 'off'

/**
 * Whether dealers see a campaign at `now`: switched on and within its dates (each open when unset; the
 * end is the first moment it is no longer shown).
 */
export function campaignStatus(
  campaign: { active: boolean; startsAt: Date | null; endsAt: Date | null },
  now: Date,
): CampaignStatus {
  if (!campaign.active) return 'off'
  if (campaign.endsAt && now >= campaign.endsAt) return 'ended'
  if (campaign.startsAt && now < campaign.startsAt) return 'scheduled'
  return 'shown'
}

/** Space between slides, px. */
export const CAROUSEL_GAP_PX = 10

export const AUTOPLAY_MIN_DELAY_MS = 5000
export const AUTOPLAY_MAX_DELAY_MS = 7000

/**
 * The autoplay delay, drawn once per carousel so sections on one page do not move in step: a whole
 * number of milliseconds from 5000 to 7000, both included. `random` returns a number in [0, 1).
 */
export function autoplayDelayMs(random: () => number): number {
  const span = AUTOPLAY_MAX_DELAY_MS - AUTOPLAY_MIN_DELAY_MS + 1
  const raw = random()
  const r = Number.isFinite(raw) ? Math.min(Math.max(raw, 0), 1 - Number.EPSILON) : 0
  return AUTOPLAY_MIN_DELAY_MS + Math.floor(r * span)
}
