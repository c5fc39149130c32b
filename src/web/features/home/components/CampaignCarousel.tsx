import { Carousel } from '@mantine/carousel'
import type { EmblaCarouselType } from 'embla-carousel'
import { type CSSProperties, useEffect, useMemo, useState } from 'react'
import type { Campaign } from '../../../../contracts/campaigns'
import { CAROUSEL_GAP_PX, campaignColumns, campaignRows, carouselFitsFrom } from '../../../../domain/campaign'
import { useTranslation } from '../../../i18n/use-translation'
import { useCarouselApi } from '../hooks/use-carousel-api'
import { useCarouselAutoplay } from '../hooks/use-carousel-autoplay'
import { CampaignCard } from './CampaignCard'
import classes from './CampaignCarousel.module.css'
import { CarouselPagination } from './CarouselPagination'

/** The first columns of the page's first carousel are above the fold on a phone: fetched at once. */
const priorityColumns = 2

// Looping, one position per slide, the first slide at the start (no jump when Embla takes over).
const emblaOptions = { loop: true, align: 'start', slidesToScroll: 1 } as const

/** Where the carousel stands: its positions and the current one (unknown until Embla has started). */
function usePositions(api: EmblaCarouselType | null) {
  const [positions, setPositions] = useState<{ count: number; selected: number } | null>(null)
  useEffect(() => {
    if (!api) return
    const update = () =>
      setPositions({ count: api.scrollSnapList().length, selected: api.selectedScrollSnap() })
    update()
    api.on('select', update).on('reInit', update)
    return () => {
      api.off('select', update).off('reInit', update)
    }
  }, [api])
  return positions
}

/**
 * A campaign's products in a looping carousel (spec/2 §2 "Campaign carousel"): each slide a column of
 * the campaign's rows, 10 px apart, pagination and no arrows, autoplay that pauses while the user
 * interacts. Embla moves the slides themselves (it clones none), so each card is in the page once.
 */
export function CampaignCarousel({
  campaign,
  titleId,
  first,
}: {
  campaign: Campaign
  /** The id of the section's title, which names the carousel. */
  titleId: string
  /** The page's first carousel: its first cards get high priority. */
  first: boolean
}) {
  const { t } = useTranslation()
  const rows = campaignRows(campaign.rowCount)
  const columns = useMemo(() => campaignColumns(campaign.products, rows), [campaign.products, rows])
  const autoplay = useCarouselAutoplay()
  const { api, onApi, goTo } = useCarouselApi(autoplay)
  const positions = usePositions(api)

  const count = positions?.count ?? columns.length
  const selected = positions?.selected ?? 0
  const autoplayState = autoplay.plugins.length === 0 ? 'off' : autoplay.playing ? 'playing' : 'paused'
  const { phone, tablet, desktop } = campaign.slidesPerView
  const perView = { '--slides-phone': phone, '--slides-tablet': tablet, '--slides-desktop': desktop }
  return (
    <div
      {...autoplay.handlers}
      data-autoplay={autoplayState}
      data-started={positions ? true : undefined}
      style={perView as CSSProperties}
    >
      <Carousel
        getEmblaApi={onApi}
        plugins={autoplay.plugins}
        emblaOptions={emblaOptions}
        slideGap={CAROUSEL_GAP_PX}
        withControls={false}
        withIndicators={false}
        role="group"
        aria-roledescription={t('carousel.roleDescription')}
        aria-labelledby={titleId}
        classNames={{ root: classes.root, viewport: classes.viewport, slide: classes.slide }}
      >
        {columns.map((column, columnIndex) => (
          <Carousel.Slide
            key={column.map((product) => product.id).join('-')}
            aria-roledescription={t('carousel.slide')}
            aria-label={t('carousel.slideLabel', { index: columnIndex + 1, total: columns.length })}
          >
            <div className={classes.column}>
              {column.map((product, rowIndex) => (
                <CampaignCard
                  key={product.id}
                  product={product}
                  priority={first && columnIndex < priorityColumns && rowIndex === 0}
                />
              ))}
            </div>
          </Carousel.Slide>
        ))}
      </Carousel>
      <CarouselPagination
        count={count}
        selected={selected}
        onSelect={goTo}
        label={t('carousel.pagination', { name: campaign.name })}
        fitsFrom={positions ? null : carouselFitsFrom(columns.length, campaign.slidesPerView)}
      />
    </div>
  )
}
