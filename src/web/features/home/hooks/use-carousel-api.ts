import type { EmblaCarouselType } from 'embla-carousel'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from '../../../i18n/use-translation'
import { announce } from '../../../lib/announce'
import type { CarouselAutoplay } from './use-carousel-autoplay'

/**
 * The carousel's Embla API, as Mantine hands it over once Embla has started, and what is set up at that
 * very moment, with no render in between, so no press and no move is missed:
 * - the moves a user makes (pagination, a drag, the arrow keys) are said in the app's live region, the
 *   autoplay's are not. A drag or a key is told apart by asking the plugin at the move itself (a press
 *   pauses the autoplay in the same instant as it moves the carousel, before React has drawn the pause);
 *   a pagination button says so itself, since the plugin may still be playing when it is pressed before
 *   the carousel's first render has finished;
 * - a pagination button pressed before Embla had started (the buttons come drawn from the server) is
 *   done now.
 */
export function useCarouselApi(autoplay: Pick<CarouselAutoplay, 'isPlaying' | 'reducedMotion' | 'setApi'>) {
  const { t } = useTranslation()
  const [api, setApi] = useState<EmblaCarouselType | null>(null)
  const started = useRef<EmblaCarouselType | null>(null)
  const pressedEarly = useRef<number | null>(null)
  // True while a pagination button's move runs: Embla says 'select' within scrollTo.
  const pressing = useRef(false)
  const latest = useRef({ t, isPlaying: autoplay.isPlaying, reducedMotion: autoplay.reducedMotion })
  useEffect(() => {
    latest.current = { t, isPlaying: autoplay.isPlaying, reducedMotion: autoplay.reducedMotion }
  })
  const { setApi: giveAutoplayApi } = autoplay

  const pressedTo = useCallback((embla: EmblaCarouselType, index: number, jump: boolean) => {
    pressing.current = true
    try {
      embla.scrollTo(index, jump)
    } finally {
      pressing.current = false
    }
  }, [])

  const onApi = useCallback(
    (next: EmblaCarouselType) => {
      // Mantine hands the same API over again after every move.
      if (started.current === next) return
      started.current = next
      setApi(next)
      giveAutoplayApi(next)
      // Embla drops its listeners when it is destroyed.
      next.on('select', () => {
        if (!pressing.current && latest.current.isPlaying()) return
        const position = { index: next.selectedScrollSnap() + 1, total: next.scrollSnapList().length }
        announce(latest.current.t('carousel.goTo', position))
      })
      const pressed = pressedEarly.current
      pressedEarly.current = null
      if (pressed !== null) pressedTo(next, pressed, true)
    },
    [giveAutoplayApi, pressedTo],
  )
  const goTo = useCallback(
    (index: number) => {
      const embla = started.current
      if (embla) pressedTo(embla, index, latest.current.reducedMotion)
      else pressedEarly.current = index
    },
    [pressedTo],
  )
  return { api, onApi, goTo }
}
