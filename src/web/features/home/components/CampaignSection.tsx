// What the carousel chunk below draws with, here so the server-drawn cards are laid out as slides (and
// the pagination's buttons styled) before that chunk has arrived.
import '@mantine/carousel/styles.layer.css'
import '@mantine/core/styles/UnstyledButton.layer.css'
import { Skeleton, Stack, Title } from '@mantine/core'
import { lazy, Suspense } from 'react'
import type { Campaign } from '../../../../contracts/campaigns'
import { campaignImageHeight } from './CampaignCard'
import classes from './CampaignCarousel.module.css'

/**
 * The carousel's script (Mantine's carousel on Embla, about 9 KiB compressed) is a chunk of its own,
 * fetched as soon as the home page's chunk runs, in parallel with the rest of the start: the first page
 * stays within its weight budget, and the cards come drawn from the server meanwhile (React takes them
 * over when it has arrived).
 */
const carouselChunk = import('./CampaignCarousel')
const CampaignCarousel = lazy(() => carouselChunk.then((m) => ({ default: m.CampaignCarousel })))

/** As many placeholders as a wide screen shows slides; narrower screens show the first 2 or 4 of them. */
export const skeletonSlots = 6
const slotKeys = Array.from({ length: skeletonSlots }, (_, i) => `slot-${i}`)

/** `first`: the page's first section, whose first cards are above the fold. */
export function CampaignSection({ campaign, first = false }: { campaign: Campaign; first?: boolean }) {
  const titleId = `campaign-${campaign.id}`
  return (
    <Stack component="section" aria-labelledby={titleId} gap="sm">
      <Title order={2} size="h3" id={titleId}>
        {campaign.name}
      </Title>
      <Suspense fallback={<SlideSkeletons />}>
        <CampaignCarousel campaign={campaign} titleId={titleId} first={first} />
      </Suspense>
    </Stack>
  )
}

/** Placeholders laid out like the slides. */
function SlideSkeletons() {
  return (
    <div className={classes.skeletonRow} aria-hidden="true">
      {slotKeys.map((slot) => (
        <Stack
          key={slot}
          gap={8}
          className={`${classes.slide} ${classes.skeletonSlot}`}
          data-testid="campaign-skeleton"
        >
          <Skeleton height={campaignImageHeight} />
          <Skeleton height={12} />
          <Skeleton height={12} width="60%" />
          <Skeleton height={16} width="40%" />
        </Stack>
      ))}
    </div>
  )
}

/** What a section looks like while it loads: one placeholder per card slot. */
export function CampaignSectionSkeleton() {
  return (
    <Stack gap="sm" aria-hidden="true">
      <Skeleton height={24} width={220} />
      <SlideSkeletons />
    </Stack>
  )
}
