import { useReducedMotion } from '@mantine/hooks'
import type { EmblaCarouselType } from 'embla-carousel'
import Autoplay, { type AutoplayType } from 'embla-carousel-autoplay'
import { type FocusEvent, type PointerEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { autoplayDelayMs } from '../../../../domain/campaign'

/** What holds the autoplay still: a mouse over the carousel, keyboard focus in it, a press or a drag. */
type PauseReason = 'hover' | 'focus' | 'press'

/** Keyboard focus only: a link focused by a mouse press should not hold the carousel once the mouse left. */
function isKeyboardFocus(element: EventTarget): boolean {
  if (!(element instanceof Element)) return false
  try {
    return element.matches(':focus-visible')
  } catch {
    return true
  }
}

export interface CarouselAutoplay {
  /** Embla plugins for the carousel: none under prefers-reduced-motion or before the browser said so. */
  plugins: AutoplayType[]
  /** Hand the carousel's Embla API over once it exists. */
  setApi: (api: EmblaCarouselType) => void
  /** True while the slides move on their own (drawn as data-autoplay). */
  playing: boolean
  /** The same, read from the plugin now: a move made this instant can tell whose it was. */
  isPlaying: () => boolean
  /** Whether motion is reduced: then a jump replaces the scroll animation. */
  reducedMotion: boolean
  /** For the element around the carousel and its pagination. */
  handlers: {
    onPointerEnter: (event: PointerEvent) => void
    onPointerLeave: (event: PointerEvent) => void
    onPointerDown: (event: PointerEvent) => void
    onFocus: (event: FocusEvent) => void
    onBlur: (event: FocusEvent) => void
  }
}

/**
 * Autoplay with a delay drawn once from 5000–7000 ms (spec/2 §9). It pauses while the user interacts
 * (a mouse over the carousel or its pagination, keyboard focus inside, a finger or button pressed, a
 * drag) and resumes when all of that has ended. Under prefers-reduced-motion there is none; until the
 * browser has answered that question (and on the server) there is none either, so nothing moves early.
 */
export function useCarouselAutoplay(): CarouselAutoplay {
  const reducedMotion = useReducedMotion(true)
  const [delay] = useState(() => autoplayDelayMs(Math.random))
  // stopOnInteraction: Embla's own resume after a drag would restart it under a still-hovering mouse;
  // resuming is decided here instead, from every reason at once.
  const plugin = useMemo(
    () =>
      reducedMotion
        ? null
        : Autoplay({
            delay,
            playOnInit: true,
            stopOnInteraction: true,
            stopOnMouseEnter: false,
            stopOnFocusIn: false,
          }),
    [reducedMotion, delay],
  )
  const plugins = useMemo(() => (plugin ? [plugin] : []), [plugin])
  const [api, setApi] = useState<EmblaCarouselType | null>(null)
  const [playing, setPlaying] = useState(false)
  const reasons = useRef(new Set<PauseReason>())

  const sync = useCallback(() => {
    if (!plugin || !api || api.plugins().autoplay !== plugin) return
    if (reasons.current.size > 0) plugin.stop()
    // With one position there is nothing to play (and Embla never set the plugin up).
    else if (!plugin.isPlaying() && api.scrollSnapList().length > 1) plugin.play()
  }, [plugin, api])

  useEffect(() => {
    if (!api || !plugin) {
      setPlaying(false)
      return
    }
    const onPlay = () => setPlaying(true)
    const onStop = () => setPlaying(false)
    // A re-initialisation (a resize across a breakpoint) starts the plugin again: apply the reasons.
    const onReInit = () => {
      sync()
      setPlaying(plugin.isPlaying())
    }
    api.on('autoplay:play', onPlay).on('autoplay:stop', onStop).on('reInit', onReInit)
    onReInit()
    return () => {
      api.off('autoplay:play', onPlay).off('autoplay:stop', onStop).off('reInit', onReInit)
    }
  }, [api, plugin, sync])

  const pause = useCallback(
    (reason: PauseReason) => {
      reasons.current.add(reason)
      sync()
    },
    [sync],
  )
  const resume = useCallback(
    (reason: PauseReason) => {
      if (!reasons.current.delete(reason)) return
      sync()
    },
    [sync],
  )

  const handlers = useMemo<CarouselAutoplay['handlers']>(
    () => ({
      onPointerEnter: (event) => {
        if (event.pointerType === 'mouse') pause('hover')
      },
      onPointerLeave: (event) => {
        if (event.pointerType === 'mouse') resume('hover')
      },
      onPointerDown: () => {
        pause('press')
        // The press may end anywhere: a drag often lets go outside the carousel.
        const release = () => {
          window.removeEventListener('pointerup', release)
          window.removeEventListener('pointercancel', release)
          resume('press')
        }
        window.addEventListener('pointerup', release)
        window.addEventListener('pointercancel', release)
      },
      onFocus: (event) => {
        if (isKeyboardFocus(event.target)) pause('focus')
      },
      onBlur: (event) => {
        const next = event.relatedTarget
        if (next instanceof Node && event.currentTarget.contains(next)) return
        resume('focus')
      },
    }),
    [pause, resume],
  )

  const handOver = useCallback((next: EmblaCarouselType) => setApi(next), [])
  const isPlaying = useCallback(() => plugin?.isPlaying() ?? false, [plugin])
  return { plugins, setApi: handOver, playing, isPlaying, reducedMotion, handlers }
}
