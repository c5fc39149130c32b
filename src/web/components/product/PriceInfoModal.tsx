import { ActionIcon, Modal, Table, Text, Tooltip } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import type { Product, Unit } from '../../../contracts/catalog'
import { formatMoney } from '../../../domain/money-format'
import { useTranslation } from '../../i18n/use-translation'
import { useSession } from '../../lib/session-context'
import { InfoIcon } from '../icons/Icons'
import { hasPrice, planPrices } from './product-fields'

/** Payment-plan names and their prices for one product, per `unit` (the default unit when not given). */
export function PriceInfoModal({
  product,
  unit,
  opened,
  onClose,
}: {
  product: Product
  unit?: Unit | null
  opened: boolean
  onClose: () => void
}) {
  const shownUnit = unit ?? product.defaultUnit
  const { t } = useTranslation()
  const { bootstrap, locale } = useSession()
  return (
    <Modal opened={opened} onClose={onClose} title={t('price.priceInfo')} centered>
      <Text size="sm" fw={500} mb="sm">
        {product.name}
        {shownUnit && (
          <Text span c="dimmed" size="sm">
            {' · '}
            {t('price.perUnit', { unit: shownUnit.value })}
          </Text>
        )}
      </Text>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('price.plan')}</Table.Th>
            <Table.Th ta="right">{t('price.amount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {planPrices(product, bootstrap.paymentPlans, shownUnit).map(({ plan, price }) => (
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
 * An info button beside a price opening the payment-plan prices (for `unit`, the chosen one, else the
 * default unit); shown when the store shows them, there are plans and the product has a price.
 */
export function PriceInfoButton({ product, unit }: { product: Product; unit?: Unit | null }) {
  const { t } = useTranslation()
  const { bootstrap } = useSession()
  const [opened, modal] = useDisclosure(false)
  if (
    !bootstrap.settings.showPaymentPlanPrice ||
    bootstrap.paymentPlans.length === 0 ||
    !hasPrice(product.salePrice)
  ) {
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
      {opened && <PriceInfoModal product={product} unit={unit} opened={opened} onClose={modal.close} />}
    </>
  )
}
