import type { CampaignCreate, CampaignPatch, StaffCampaign } from '../../../../contracts/staff-campaigns'
import { DEFAULT_SLIDES_PER_VIEW, type SlidesPerView } from '../../../../domain/campaign'
import { fieldOfInstant, instantOfField } from './campaign-dates'

export type CampaignProduct = StaffCampaign['products'][number]

/** The editor's fields as typed: dates as the store's wall clock ('2026-03-12T09:00', '' for none). */
export interface CampaignValues {
  name: string
  nameEn: string
  rowCount: number
  slidesPerView: SlidesPerView
  startsAt: string
  endsAt: string
  active: boolean
  products: CampaignProduct[]
}

/** A new campaign: one row, the spec's cards per width, shown at once and until switched off. */
export const newCampaignValues = (): CampaignValues => ({
  name: '',
  nameEn: '',
  rowCount: 1,
  slidesPerView: { ...DEFAULT_SLIDES_PER_VIEW },
  startsAt: '',
  endsAt: '',
  active: true,
  products: [],
})

export function campaignValuesOf(campaign: StaffCampaign, timeZone: string): CampaignValues {
  return {
    name: campaign.name,
    nameEn: campaign.nameEn ?? '',
    rowCount: campaign.rowCount,
    slidesPerView: { ...campaign.slidesPerView },
    startsAt: fieldOfInstant(campaign.startsAt, timeZone),
    endsAt: fieldOfInstant(campaign.endsAt, timeZone),
    active: campaign.active,
    products: campaign.products,
  }
}

/** A date field as sent: the moment with the store's offset, null for none; text that is no date goes as typed (the server names it). */
const when = (text: string, timeZone: string) => {
  const instant = instantOfField(text, timeZone)
  return instant === undefined ? text : instant
}

const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim())

/** POST /yonetim/campaigns: every field. */
export function createBody(values: CampaignValues, timeZone: string): CampaignCreate {
  return {
    name: values.name.trim(),
    nameEn: blankToNull(values.nameEn),
    rowCount: values.rowCount,
    slidesPerView: values.slidesPerView,
    startsAt: when(values.startsAt, timeZone),
    endsAt: when(values.endsAt, timeZone),
    active: values.active,
    productIds: values.products.map((p) => p.id),
  }
}

const sameIds = (a: CampaignProduct[], b: CampaignProduct[]) =>
  a.length === b.length && a.every((p, i) => p.id === b[i]!.id)

/** PATCH /yonetim/campaigns/{id}: only the fields that differ from the saved campaign's. */
export function changedFields(
  saved: CampaignValues,
  values: CampaignValues,
  timeZone: string,
): CampaignPatch {
  const patch: CampaignPatch = {}
  if (values.name.trim() !== saved.name) patch.name = values.name.trim()
  if (blankToNull(values.nameEn) !== blankToNull(saved.nameEn)) patch.nameEn = blankToNull(values.nameEn)
  if (values.rowCount !== saved.rowCount) patch.rowCount = values.rowCount
  const perView = values.slidesPerView
  if ((['phone', 'tablet', 'desktop'] as const).some((size) => perView[size] !== saved.slidesPerView[size]))
    patch.slidesPerView = perView
  if (values.startsAt !== saved.startsAt) patch.startsAt = when(values.startsAt, timeZone)
  if (values.endsAt !== saved.endsAt) patch.endsAt = when(values.endsAt, timeZone)
  if (values.active !== saved.active) patch.active = values.active
  if (!sameIds(values.products, saved.products)) patch.productIds = values.products.map((p) => p.id)
  return patch
}
