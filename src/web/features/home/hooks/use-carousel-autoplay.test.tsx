// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react'
import type { EmblaCarouselType } from 'embla-carousel'
import type { FocusEvent, PointerEvent } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useCarouselAutoplay } from './use-carousel-autoplay'

function preferReducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: reduce && query.includes('prefers-reduced-motion: reduce'),
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  )
}

/** The hook with a stand-in Embla API whose autoplay plugin records play and stop. */
async function started(positions = 3) {
  preferReducedMotion(false)
  const hook = renderHook(() => useCarouselAutoplay())
  await waitFor(() => expect(hook.result.current.plugins).toHaveLength(1))
  const plugin = hook.result.current.plugins[0]!
  let playing = false
  const play = vi.spyOn(plugin, 'play').mockImplementation(() => {
    playing = true
  })
  const stop = vi.spyOn(plugin, 'stop').mockImplementation(() => {
    playing = false
  })
  vi.spyOn(plugin, 'isPlaying').mockImplementation(() => playing)
  const api = {
    plugins: () => ({ autoplay: plugin }),
    scrollSnapList: () => Array.from({ length: positions }, (_, i) => i),
    on() {
      return api
    },
    off() {
      return api
    },
  } as unknown as EmblaCarouselType
  act(() => hook.result.current.setApi(api))
  const handlers = () => hook.result.current.handlers
  const isPlaying = () => playing
  return { hook, play, stop, handlers, isPlaying }
}

const pointer = (pointerType: string) => ({ pointerType }) as PointerEvent
const wrapper = document.createElement('div')
const inside = document.createElement('button')
wrapper.append(inside)
const outside = document.createElement('button')
/** A focus event on the carousel's wrapper; `keyboard` says whether the target matches :focus-visible. */
function focusEvent(keyboard: boolean, relatedTarget: Element | null = null) {
  vi.spyOn(inside, 'matches').mockImplementation((selector) => selector === ':focus-visible' && keyboard)
  return { target: inside, currentTarget: wrapper, relatedTarget } as unknown as FocusEvent
}

afterEach(() => vi.restoreAllMocks())

describe('useCarouselAutoplay', () => {
  it('draws its delay once from 5000–7000 ms and starts playing', async () => {
    const { hook, isPlaying } = await started()
    const delay = hook.result.current.plugins[0]?.options.delay
    expect(typeof delay).toBe('number')
    expect(delay).toBeGreaterThanOrEqual(5000)
    expect(delay).toBeLessThanOrEqual(7000)
    expect(isPlaying()).toBe(true)
    hook.rerender()
    expect(hook.result.current.plugins[0]?.options.delay).toBe(delay)
  })

  it('has no autoplay under prefers-reduced-motion', async () => {
    preferReducedMotion(true)
    const hook = renderHook(() => useCarouselAutoplay())
    // After the media query has been read (the hook assumes reduced motion until then).
    await act(async () => {})
    expect(window.matchMedia).toHaveBeenCalledWith('(prefers-reduced-motion: reduce)')
    expect(hook.result.current.reducedMotion).toBe(true)
    expect(hook.result.current.plugins).toEqual([])
  })

  it('pauses while a mouse is over it and resumes when it leaves; a finger passing over does nothing', async () => {
    const { handlers, isPlaying, stop } = await started()
    act(() => handlers().onPointerEnter(pointer('touch')))
    expect(stop).not.toHaveBeenCalled()
    act(() => handlers().onPointerEnter(pointer('mouse')))
    expect(isPlaying()).toBe(false)
    act(() => handlers().onPointerLeave(pointer('mouse')))
    expect(isPlaying()).toBe(true)
  })

  it('pauses while pressed or dragged and resumes when the press ends, wherever it ends', async () => {
    const { handlers, isPlaying } = await started()
    act(() => handlers().onPointerDown(pointer('touch')))
    expect(isPlaying()).toBe(false)
    act(() => {
      window.dispatchEvent(new Event('pointerup'))
    })
    expect(isPlaying()).toBe(true)
  })

  it('pauses while keyboard focus is inside, not for a focus a mouse press gave', async () => {
    const { handlers, isPlaying } = await started()
    act(() => handlers().onFocus(focusEvent(false)))
    expect(isPlaying()).toBe(true)
    act(() => handlers().onFocus(focusEvent(true)))
    expect(isPlaying()).toBe(false)
    // Focus moving within the carousel keeps it paused; leaving it resumes.
    act(() => handlers().onBlur(focusEvent(true, inside)))
    expect(isPlaying()).toBe(false)
    act(() => handlers().onBlur(focusEvent(true, outside)))
    expect(isPlaying()).toBe(true)
  })

  it('resumes only when every reason to pause has ended', async () => {
    const { handlers, isPlaying } = await started()
    act(() => handlers().onPointerEnter(pointer('mouse')))
    act(() => handlers().onFocus(focusEvent(true)))
    act(() => handlers().onPointerLeave(pointer('mouse')))
    expect(isPlaying()).toBe(false)
    act(() => handlers().onBlur(focusEvent(true, null)))
    expect(isPlaying()).toBe(true)
  })

  it('does not play a carousel with a single position', async () => {
    const { isPlaying, play } = await started(1)
    expect(play).not.toHaveBeenCalled()
    expect(isPlaying()).toBe(false)
  })
})
