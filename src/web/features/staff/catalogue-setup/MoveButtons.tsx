import { ActionIcon, Group } from '@mantine/core'
import { ArrowDownIcon, ArrowUpIcon } from './setup-icons'

/** A list with one item moved by `delta` places (kept within the list). */
export function moved<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const to = index + delta
  if (index < 0 || to < 0 || to >= list.length) return [...list]
  const next = [...list]
  const [item] = next.splice(index, 1)
  next.splice(to, 0, item as T)
  return next
}

/**
 * After a move the row is drawn at its new place: React keeps the focused button (the same element,
 * moved), and should a browser drop the focus in the move, it is put back on the button that moved.
 */
export function keepFocus(moveKey: string, direction: 'up' | 'down') {
  setTimeout(() => {
    const button = document.querySelector<HTMLElement>(`[data-move="${moveKey}:${direction}"]`)
    if (button && document.activeElement !== button) button.focus()
  }, 0)
}

/**
 * "Move up" and "move down" for a row of an ordered list. At either end the button stays focusable
 * and says it is unavailable (aria-disabled) instead of being disabled: the row moved there keeps
 * the keyboard's focus on the button that moved it.
 */
export function MoveButtons({
  moveKey,
  index,
  count,
  upLabel,
  downLabel,
  onMove,
  size = 'lg',
}: {
  /** Names the row's buttons in the page (data-move), for the focus after a move. */
  moveKey: string
  index: number
  count: number
  upLabel: string
  downLabel: string
  onMove: (delta: -1 | 1) => void
  size?: 'md' | 'lg'
}) {
  const first = index <= 0
  const last = index >= count - 1
  return (
    <Group gap={2} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        size={size}
        aria-label={upLabel}
        aria-disabled={first || undefined}
        data-disabled={first || undefined}
        data-move={`${moveKey}:up`}
        onClick={() => {
          if (first) return
          onMove(-1)
          keepFocus(moveKey, 'up')
        }}
      >
        <ArrowUpIcon />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        size={size}
        aria-label={downLabel}
        aria-disabled={last || undefined}
        data-disabled={last || undefined}
        data-move={`${moveKey}:down`}
        onClick={() => {
          if (last) return
          onMove(1)
          keepFocus(moveKey, 'down')
        }}
      >
        <ArrowDownIcon />
      </ActionIcon>
    </Group>
  )
}
