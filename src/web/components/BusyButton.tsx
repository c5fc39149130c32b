import { Button, type ButtonProps, Loader } from '@mantine/core'
import type { ComponentPropsWithoutRef, MouseEvent } from 'react'

export type BusyButtonProps = ButtonProps &
  Omit<ComponentPropsWithoutRef<'button'>, keyof ButtonProps | 'disabled'> & {
    /** A request of this button runs: a spinner, `aria-busy`, and clicks (and submits) ignored. */
    busy?: boolean
    /** Looks and reads as unavailable (`aria-disabled`) but keeps the focus and its tab stop. */
    inactive?: boolean
    /** Truly disabled: only for a button that cannot hold the focus at that moment. */
    disabled?: boolean
  }

/**
 * A button that never drops the keyboard focus: Mantine's `loading` (and `disabled`) set the
 * `disabled` attribute, and a focused button that becomes disabled sends the focus to <body>. This one
 * stays enabled and focusable while busy or inactive and ignores the clicks instead.
 */
export function BusyButton({ busy, inactive, onClick, leftSection, ...props }: BusyButtonProps) {
  const blocked = busy || inactive
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    if (blocked) {
      // A submit button must not submit its form either.
      event.preventDefault()
      return
    }
    onClick?.(event)
  }
  return (
    <Button
      {...props}
      onClick={click}
      aria-busy={busy || undefined}
      aria-disabled={inactive || undefined}
      data-disabled={inactive || undefined}
      data-busy={busy || undefined}
      leftSection={busy ? <Loader size={14} color="currentColor" aria-hidden="true" /> : leftSection}
    />
  )
}
