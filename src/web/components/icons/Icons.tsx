import type { TablerIcon } from '@tabler/icons-react'
import IconAlertCircle from '@tabler/icons-react/dist/esm/icons/IconAlertCircle.mjs'
import IconAlignLeft from '@tabler/icons-react/dist/esm/icons/IconAlignLeft.mjs'
import IconBrandWhatsapp from '@tabler/icons-react/dist/esm/icons/IconBrandWhatsapp.mjs'
import IconBuildingWarehouse from '@tabler/icons-react/dist/esm/icons/IconBuildingWarehouse.mjs'
import IconCheck from '@tabler/icons-react/dist/esm/icons/IconCheck.mjs'
import IconChevronDown from '@tabler/icons-react/dist/esm/icons/IconChevronDown.mjs'
import IconDownload from '@tabler/icons-react/dist/esm/icons/IconDownload.mjs'
import IconInfoCircle from '@tabler/icons-react/dist/esm/icons/IconInfoCircle.mjs'
import IconLayoutGrid from '@tabler/icons-react/dist/esm/icons/IconLayoutGrid.mjs'
import IconList from '@tabler/icons-react/dist/esm/icons/IconList.mjs'
import IconLogout from '@tabler/icons-react/dist/esm/icons/IconLogout.mjs'
import IconMinus from '@tabler/icons-react/dist/esm/icons/IconMinus.mjs'
import IconPlus from '@tabler/icons-react/dist/esm/icons/IconPlus.mjs'
import IconSearch from '@tabler/icons-react/dist/esm/icons/IconSearch.mjs'
import IconShoppingCart from '@tabler/icons-react/dist/esm/icons/IconShoppingCart.mjs'
import IconTrash from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs'
import IconUser from '@tabler/icons-react/dist/esm/icons/IconUser.mjs'
import type { ComponentProps } from 'react'

type IconProps = ComponentProps<TablerIcon>

/**
 * Tabler outline icons, each imported from its own module so the bundle (and a test's module graph)
 * holds only these, not the package's six thousand. Decorative: the control around an icon carries
 * the label, so every icon is hidden from assistive technology.
 */
export function decorative(Tabler: TablerIcon, defaultSize = 20) {
  const Decorative = (props: IconProps) => (
    <Tabler size={defaultSize} stroke={1.75} aria-hidden="true" focusable="false" {...props} />
  )
  Decorative.displayName = Tabler.displayName
  return Decorative
}

export const CartIcon = decorative(IconShoppingCart)
export const UserIcon = decorative(IconUser)
export const SearchIcon = decorative(IconSearch)
export const ChevronDownIcon = decorative(IconChevronDown)
export const DownloadIcon = decorative(IconDownload)
export const LogoutIcon = decorative(IconLogout)
export const AlertIcon = decorative(IconAlertCircle)
export const InfoIcon = decorative(IconInfoCircle)
export const PlusIcon = decorative(IconPlus)
export const MinusIcon = decorative(IconMinus)
export const GridIcon = decorative(IconLayoutGrid)
export const ListIcon = decorative(IconList)
export const CategoryIcon = decorative(IconAlignLeft)
export const CheckIcon = decorative(IconCheck)
export const TrashIcon = decorative(IconTrash)
export const WhatsAppIcon = decorative(IconBrandWhatsapp)
export const WarehouseIcon = decorative(IconBuildingWarehouse)
