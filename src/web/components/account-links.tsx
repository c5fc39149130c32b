import IconCreditCard from '@tabler/icons-react/dist/esm/icons/IconCreditCard.mjs'
import IconFileInvoice from '@tabler/icons-react/dist/esm/icons/IconFileInvoice.mjs'
import IconReceipt from '@tabler/icons-react/dist/esm/icons/IconReceipt.mjs'
import IconTool from '@tabler/icons-react/dist/esm/icons/IconTool.mjs'
import type { ParseKeys } from 'i18next'
import type { SessionUser } from '../../contracts/account'
import { decorative, ListIcon } from './icons/Icons'

const CardIcon = decorative(IconCreditCard)
const StatementIcon = decorative(IconFileInvoice)
const InvoicesIcon = decorative(IconReceipt)
const FaultIcon = decorative(IconTool)

export type AccountLink = {
  /** The page's path without the language prefix. */
  path: string
  /** Its i18n key. */
  label: ParseKeys
  Icon: ReturnType<typeof decorative>
}

/** A dealer's own pages, in the order both menus list them. */
const DEALER_LINKS: AccountLink[] = [
  { path: '/siparis/liste', label: 'orders.menu', Icon: ListIcon },
  { path: '/teklif/liste', label: 'orders.offersMenu', Icon: ListIcon },
  { path: '/odeme', label: 'payment.menu', Icon: CardIcon },
  { path: '/hesap/ekstre', label: 'statement.menu', Icon: StatementIcon },
  { path: '/hesap/faturalar', label: 'invoices.menu', Icon: InvoicesIcon },
  { path: '/ariza-bildirimi', label: 'faultReport.menu', Icon: FaultIcon },
]

/** Staff: the staff area, which opens the first screen their role may use. */
const ADMIN_LINKS: AccountLink[] = [{ path: '/yonetim', label: 'staff.areaMenu', Icon: ListIcon }]

/**
 * The pages of the user's role, for the desktop's user menu and the phone's menu alike, so the two
 * never differ in who sees what: a dealer's orders, offers, "Ödeme Yap", statement, invoices and fault report;
 * an administrator's staff area.
 */
export function accountLinks(user: SessionUser | null): AccountLink[] {
  if (user?.role === 'dealer') return DEALER_LINKS
  if (user?.role === 'admin') return ADMIN_LINKS
  return []
}
