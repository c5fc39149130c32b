import { Box, UnstyledButton } from '@mantine/core'
import { useTranslation } from '../../../i18n/use-translation'
import classes from './CampaignCarousel.module.css'

export interface CarouselPaginationProps {
  /** How many positions the carousel has. */
  count: number
  /** The current position, from 0. */
  selected: number
  onSelect: (index: number) => void
  /** Names the group of buttons: which carousel they move. */
  label: string
  /**
   * Before the carousel has counted its positions (on the server): the narrowest width from which all
   * slides fit, where CSS hides the pagination. null once counted, or when they never all fit.
   */
  fitsFrom: number | null
}

/**
 * Clickable pagination, one button per position ("Slayt 3 / 8"), the current one marked with
 * aria-current. A mouse press does not take the focus, so the autoplay resumes once the mouse has left.
 */
export function CarouselPagination({ count, selected, onSelect, label, fitsFrom }: CarouselPaginationProps) {
  const { t } = useTranslation()
  if (count <= 1) return null
  return (
    <Box
      role="group"
      aria-label={label}
      className={classes.pagination}
      data-fits-from={fitsFrom ?? undefined}
    >
      {Array.from({ length: count }, (_, index) => (
        <UnstyledButton
          // biome-ignore lint/suspicious/noArrayIndexKey: the index is the position
          key={index}
          className={classes.dot}
          aria-label={t('carousel.goTo', { index: index + 1, total: count })}
          aria-current={index === selected ? 'true' : undefined}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onSelect(index)}
        />
      ))}
    </Box>
  )
}
