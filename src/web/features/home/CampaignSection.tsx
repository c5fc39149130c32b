import { SimpleGrid, Skeleton, Stack, Title } from '@mantine/core'
import type { Campaign } from '../../../contracts/campaigns'
import { CampaignCard, campaignImageHeight } from './CampaignCard'

/** 2 cards a row on phones, 4 from 600px, 6 from 1000px (the spec's carousel breakpoints). */
const columns = { base: 2, xs: 4, md: 6 }
export const skeletonSlots = 6
/** The first row on a phone: the images above the fold, one of which is the page's largest paint. */
const priorityCards = 2
const slotKeys = Array.from({ length: skeletonSlots }, (_, i) => `slot-${i}`)

/** `first`: the page's first section, whose first cards are above the fold. */
export function CampaignSection({ campaign, first = false }: { campaign: Campaign; first?: boolean }) {
  const titleId = `campaign-${campaign.id}`
  return (
    <Stack component="section" aria-labelledby={titleId} gap="sm">
      <Title order={2} size="h3" id={titleId}>
        {campaign.name}
      </Title>
      <SimpleGrid
        cols={columns}
        spacing="sm"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {campaign.products.map((product, index) => (
          <li key={product.id}>
            <CampaignCard product={product} priority={first && index < priorityCards} />
          </li>
        ))}
      </SimpleGrid>
    </Stack>
  )
}

/** What a section looks like while it loads: one placeholder per card slot. */
export function CampaignSectionSkeleton() {
  return (
    <Stack gap="sm" aria-hidden="true">
      <Skeleton height={24} width={220} />
      <SimpleGrid cols={columns} spacing="sm">
        {slotKeys.map((slot) => (
          <Stack key={slot} gap={8} data-testid="campaign-skeleton">
            <Skeleton height={campaignImageHeight} />
            <Skeleton height={12} />
            <Skeleton height={12} width="60%" />
            <Skeleton height={16} width="40%" />
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  )
}
