import { useMediaQuery } from '@mantine/hooks'
import { useServerHints } from './server-hints'

const PHONE_QUERY = '(max-width: 47.99em)'

/**
 * True below Mantine's sm breakpoint (48em): pages with wide tables (cart, orders, offers) render
 * cards and compact lists there instead. Read on the first render, so a phone never flashes a table;
 * on a page the server drew, the first render follows the server's guess (it must match the HTML it
 * takes over) and the real width is read right after.
 */
export function usePhoneLayout(): boolean {
  const hints = useServerHints()
  return useMediaQuery(PHONE_QUERY, hints?.phone ?? false, { getInitialValueInEffect: hints !== null })
}
