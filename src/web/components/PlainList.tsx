import { Stack, type StackProps } from '@mantine/core'
import type { ReactNode } from 'react'

/**
 * A list of cards or lines read as a list by screen readers (`<ul>` with a name) but drawn without
 * bullets or indent: the phone layouts of orders, offers, mails and the cart use it.
 */
export function PlainList({
  label,
  gap = 'sm',
  children,
  ...rest
}: { label: string; gap?: StackProps['gap']; children: ReactNode } & Omit<StackProps, 'component'> & {
    'data-testid'?: string
  }) {
  return (
    <Stack component="ul" gap={gap} p={0} m={0} style={{ listStyle: 'none' }} aria-label={label} {...rest}>
      {children}
    </Stack>
  )
}
