import { useMediaQuery } from '@mantine/hooks'

/**
 * True below Mantine's sm breakpoint (48em): pages with wide tables (cart, orders, offers) render
 * cards and compact lists there instead. Read on the first render, so a phone never flashes a table.
 */
export function usePhoneLayout(): boolean {
  return useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false })
}
