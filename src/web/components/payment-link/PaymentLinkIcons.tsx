import IconCopy from '@tabler/icons-react/dist/esm/icons/IconCopy.mjs'
import IconLink from '@tabler/icons-react/dist/esm/icons/IconLink.mjs'
import IconSend from '@tabler/icons-react/dist/esm/icons/IconSend.mjs'
import { decorative } from '../icons/Icons'

// The payment-link modal's icons, kept here so they load with the pages that offer the modal.
export const LinkIcon = decorative(IconLink, 18)
export const CopyIcon = decorative(IconCopy, 18)
export const SendIcon = decorative(IconSend, 18)
