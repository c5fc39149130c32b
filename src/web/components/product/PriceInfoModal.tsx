import { ActionIcon, Modal, Table, Text, Tooltip } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import type { Product } from '../../../contracts/catalog'
import { formatMoney } from '../../../domain/money-format'
import { useTranslation } from '../../i18n/use-translation'
import { useSession } from '../../lib/session-context'
import { InfoIcon } from '../icons/Icons'
import { planPrices } from './product-fields'

/** Payment-plan names and their prices for one product. */
export function PriceInfoModal({
  product,
  opened,
  onClose,
}: {
  product: Product
  opened: boolean
  onClose: () => void
}) {
  const { t } = useTranslation()
  const { bootstrap, locale } = useSession()
  return (
    <Modal opened={opened} onClose={onClose} title={t('price.priceInfo')} centered>
      <Text size="sm" fw={500} mb="sm">
        {product.name}
      </Text>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('price.plan')}</Table.Th>
            <Table.Th ta="right">{t('price.amount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {planPrices(product, bootstrap.paymentPlans).map(({ plan, price }) => (
            <Table.Tr key={plan.id}>
              <Table.Td>{plan.name}</Table.Td>
              <Table.Td ta="right">{price ? formatMoney(price, locale) : t('price.noPlanPrice')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  )
}

/**
 * An info button beside a price opening the payment-plan prices; shown when the store shows them, there
 * are plans and this visitor sees prices.
 */
export function PriceInfoButton({ product }: { product: Product }) {
  const { t } = useTranslation()
  const { bootstrap } = useSession()
  const [opened, modal] = useDisclosure(false)
  if (!bootstrap.settings.showPaymentPlanPrice || bootstrap.paymentPlans.length === 0 || !product.salePrice) {
    return null
  }
  const label = t('price.showPriceInfo', { name: product.name })
  return (
    <>
      <Tooltip label={t('price.paymentPlans')} withinPortal>
        <ActionIcon variant="subtle" size="sm" onClick={modal.open} aria-label={label}>
          <InfoIcon size={16} />
        </ActionIcon>
      </Tooltip>
      {opened && <PriceInfoModal product={product} opened={opened} onClose={modal.close} />}
    </>
  )
}
