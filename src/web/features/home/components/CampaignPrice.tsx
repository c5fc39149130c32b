import { Group, Text, VisuallyHidden } from '@mantine/core'
import type { CampaignProduct } from '../../../../contracts/campaigns'
import { showsCampaignListPrice } from '../../../../domain/campaign'
import { formatMoney } from '../../../../domain/money-format'
import { useTranslation } from '../../../i18n/use-translation'
import { useSession } from '../../../lib/session-context'

export function CampaignPrice({ product }: { product: CampaignProduct }) {
  const { t } = useTranslation()
  const { locale, bootstrap } = useSession()
  const { salePrice, listPrice } = product

  if (!salePrice) {
    return (
      <Text size="sm" c="dimmed">
        {t('price.loginForPrice')}
      </Text>
    )
  }
  return (
    <Group gap="xs" align="baseline" wrap="wrap">
      {listPrice && showsCampaignListPrice(product, bootstrap.settings) && (
        <Text component="del" size="xs" c="dimmed">
          <VisuallyHidden>{t('price.listPrice')}: </VisuallyHidden>
          {formatMoney(listPrice, locale)}
        </Text>
      )}
      <Text fw={700} c="indigo.8" data-testid="sale-price">
        <VisuallyHidden>{t('price.salePrice')}: </VisuallyHidden>
        {formatMoney(salePrice, locale)}
      </Text>
    </Group>
  )
}
