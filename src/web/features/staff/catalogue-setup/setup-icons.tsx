import IconArrowDown from '@tabler/icons-react/dist/esm/icons/IconArrowDown.mjs'
import IconArrowUp from '@tabler/icons-react/dist/esm/icons/IconArrowUp.mjs'
import IconChevronRight from '@tabler/icons-react/dist/esm/icons/IconChevronRight.mjs'
import IconPencil from '@tabler/icons-react/dist/esm/icons/IconPencil.mjs'
import IconX from '@tabler/icons-react/dist/esm/icons/IconX.mjs'
import { decorative } from '../../../components/icons/Icons'

/** The back office's editing icons (each its own module, as components/icons/Icons.tsx does). */
export const ArrowUpIcon = decorative(IconArrowUp, 18)
export const ArrowDownIcon = decorative(IconArrowDown, 18)
export const PencilIcon = decorative(IconPencil, 18)
export const ChevronRightIcon = decorative(IconChevronRight, 18)
export const RemoveIcon = decorative(IconX, 18)
