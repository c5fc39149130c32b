import { ActionIcon, Anchor, Button, Modal, Table, Text, Tooltip } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import type { Product } from '../../../contracts/catalog'
import { stockDisplay } from '../../../domain/stock'
import { useTranslation } from '../../i18n/use-translation'
import { useSession } from '../../lib/session-context'
import { WarehouseIcon } from '../icons/Icons'
import { defaultUnitName } from './product-fields'
import { stockText } from './stock-text'

type InventoryProduct = Pick<Product, 'name' | 'inventory' | 'defaultUnit'>

/**
 * Stock per warehouse. Each quantity follows the store's display mode like every other stock figure,
 * so a store that shows only "Var" does not reveal exact numbers here.
 */
export function StockInventoryModal({
  product,
  opened,
  onClose,
}: {
  product: InventoryProduct
  opened: boolean
  onClose: () => void
}) {
  const { t } = useTranslation()
  const { bootstrap, locale } = useSession()
  const mode = bootstrap.settings.stockInfoStatus
  const unit = defaultUnitName(product)
  const rows = product.inventory ?? []
  return (
    <Modal opened={opened} onClose={onClose} title={t('stock.inventoryTitle')} centered>
      <Text size="sm" fw={500} mb="sm">
        {product.name}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('stock.noInventory')}
        </Text>
      ) : (
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('stock.warehouse')}</Table.Th>
              <Table.Th ta="right">{t('stock.quantity')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.warehouseName}>
                <Table.Td>{row.warehouseName}</Table.Td>
                <Table.Td ta="right">
                  {stockText(stockDisplay(mode, row.quantity), 'list', unit, t, locale)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Modal>
  )
}

export interface StockInventoryButtonProps {
  product: InventoryProduct
  /**
   * 'link' on the detail page ('Stok bilgisi'), 'button' in grid cards ('Depolar'), 'icon' in the list
   * table, where a column must stay narrow (the tooltip says 'Depolar').
   */
  look?: 'link' | 'button' | 'icon'
}

/** Opens the stock inventory modal; absent when stock is hidden from this visitor or by the store. */
export function StockInventoryButton({ product, look = 'button' }: StockInventoryButtonProps) {
  const { t } = useTranslation()
  const { bootstrap } = useSession()
  const [opened, modal] = useDisclosure(false)
  if (product.inventory === null || bootstrap.settings.stockInfoStatus === 1) return null
  return (
    <>
      {look === 'icon' ? (
        <Tooltip label={t('stock.warehouses')} withinPortal>
          <ActionIcon
            variant="light"
            size="md"
            onClick={modal.open}
            aria-label={t('stock.showWarehouses', { name: product.name })}
          >
            <WarehouseIcon size={18} />
          </ActionIcon>
        </Tooltip>
      ) : look === 'link' ? (
        <Anchor component="button" type="button" size="sm" onClick={modal.open}>
          {t('stock.info')}
        </Anchor>
      ) : (
        <Button
          variant="light"
          size="compact-xs"
          onClick={modal.open}
          aria-label={t('stock.showWarehouses', { name: product.name })}
        >
          {t('stock.warehouses')}
        </Button>
      )}
      {opened && <StockInventoryModal product={product} opened={opened} onClose={modal.close} />}
    </>
  )
}
