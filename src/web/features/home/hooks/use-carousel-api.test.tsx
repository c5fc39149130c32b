// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react'
import EmblaCarousel, { type EmblaCarouselType } from 'embla-carousel'
import { afterEach, describe, expect, it } from 'vitest'
import { LiveRegion } from '../../../app/layout/LiveRegion'
import { dealerBootstrap } from '../../../test/fixtures'
import { renderWithProviders } from '../../../test/render'
import { useCarouselApi } from './use-carousel-api'

/** A real Embla carousel of four slides, looping, as the campaign carousel starts it. */
function emblaOfFour(): EmblaCarouselType {
  const viewport = document.createElement('div')
  const container = document.createElement('div')
  for (let i = 0; i < 4; i++) container.append(document.createElement('div'))
  viewport.append(container)
  document.body.append(viewport)
  return EmblaCarousel(viewport, { loop: true, align: 'start', slidesToScroll: 1 })
}

/** The hook under the app's providers, beside the live region; `playing` stands for the autoplay plugin. */
function mount(playing: () => boolean) {
  let hook: ReturnType<typeof useCarouselApi> | undefined
  function Probe() {
    hook = useCarouselApi({ isPlaying: playing, reducedMotion: false, setApi: () => {} })
    return null
  }
  renderWithProviders(
    <>
      <Probe />
      <LiveRegion />
    </>,
    { bootstrap: dealerBootstrap() },
  )
  return () => hook!
}

const said = () => screen.getByTestId('live-region').textContent?.trim()

let embla: EmblaCarouselType | undefined
afterEach(() => embla?.destroy())

describe('useCarouselApi', () => {
  it('says a pagination press made before the carousel started, though the autoplay plays at start', async () => {
    const hook = mount(() => true)
    act(() => hook().goTo(2))
    embla = emblaOfFour()
    act(() => hook().onApi(embla!))
    expect(embla.selectedScrollSnap()).toBe(2)
    await waitFor(() => expect(said()).toBe('Slayt 3 / 4'))
  })

  it('says a pagination press while the autoplay plays', async () => {
    const hook = mount(() => true)
    embla = emblaOfFour()
    act(() => hook().onApi(embla!))
    act(() => hook().goTo(1))
    await waitFor(() => expect(said()).toBe('Slayt 2 / 4'))
  })

  it('keeps the autoplay’s own moves silent and says a drag’s or a key’s', async () => {
    let playing = true
    const hook = mount(() => playing)
    embla = emblaOfFour()
    act(() => hook().onApi(embla!))
    act(() => embla!.scrollNext(true))
    expect(embla.selectedScrollSnap()).toBe(1)
    expect(said()).toBe('')
    playing = false
    act(() => embla!.scrollNext(true))
    await waitFor(() => expect(said()).toBe('Slayt 3 / 4'))
  })
})
