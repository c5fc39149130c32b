import IconHelp from '@tabler/icons-react/dist/esm/icons/IconHelp.mjs'
import IconMail from '@tabler/icons-react/dist/esm/icons/IconMail.mjs'
import IconPencil from '@tabler/icons-react/dist/esm/icons/IconPencil.mjs'
import IconPrinter from '@tabler/icons-react/dist/esm/icons/IconPrinter.mjs'
import IconUserPlus from '@tabler/icons-react/dist/esm/icons/IconUserPlus.mjs'
import { decorative } from './Icons'

// The offer list's buttons draw their icons a little smaller; kept here so they load with the offer pages.
export const MailIcon = decorative(IconMail, 18)
export const UserPlusIcon = decorative(IconUserPlus, 18)
export const PencilIcon = decorative(IconPencil, 18)
export const PrinterIcon = decorative(IconPrinter, 18)
export const HelpIcon = decorative(IconHelp, 18)
