import { ActionIcon, type ActionIconProps } from '@mantine/core'
import type { ReactNode } from 'react'

export interface StepButtonProps {
  /** The accessible name ('Miktarı artır'). */
  label: string
  /** The amount is at its bound: the button looks and reads unavailable and ignores clicks. */
  atLimit: boolean
  /** The whole control is off (a truly disabled button; nothing here can hold the focus then). */
  disabled?: boolean
  onStep: () => void
  size: ActionIconProps['size']
  children: ReactNode
}

/**
 * The − or + beside an amount. Reaching the bound must not drop the focus: pressing − down to 1
 * used to disable the very button that had the focus, sending it to <body>. At the bound the button
 * is `aria-disabled` instead and keeps its place in the tab order.
 */
export function StepButton({ label, atLimit, disabled, onStep, size, children }: StepButtonProps) {
  return (
    <ActionIcon
      variant="default"
      size={size}
      onClick={() => {
        if (!atLimit) onStep()
      }}
      disabled={disabled}
      data-disabled={atLimit || undefined}
      aria-disabled={atLimit || undefined}
      aria-label={label}
    >
      {children}
    </ActionIcon>
  )
}
