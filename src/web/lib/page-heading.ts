import { useEffect, useRef } from 'react'

/**
 * The page's main heading, the place the focus goes when the page itself changed (a new address, a
 * list emptied under the focus). It is made focusable by script only (tabindex -1: no tab stop), and
 * global.css gives that programmatic focus no ring.
 */
export function pageHeading(root: ParentNode = document): HTMLElement | null {
  return root.querySelector<HTMLElement>('main h1')
}

/** Focuses the main heading (or `main` when the page has none yet); false when there is neither. */
export function focusPageHeading(): boolean {
  const target = pageHeading() ?? document.querySelector<HTMLElement>('main')
  if (!target) return false
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
  target.focus({ preventScroll: true })
  return true
}

/**
 * When what had the focus is taken off the page (a removed cart line, an emptied cart, whose
 * confirmation modal hands the focus back to a button that is then gone), the focus falls to <body>;
 * this puts it on the page heading instead. Runs when `shape` (say, the number of lines) changes,
 * never on the first render, and only when the focus really was lost.
 */
export function useFocusRescue(shape: unknown): void {
  const first = useRef(true)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on a change of the shape only
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    const active = document.activeElement
    if (!active || active === document.body) focusPageHeading()
  }, [shape])
}
