import { Card, Text } from '@mantine/core'
import { Link } from 'react-router'
import type { CampaignProduct } from '../../../../contracts/campaigns'
import { ProductImage } from '../../../components/ProductImage'
import { useLocalePath } from '../../../lib/session-context'
import { CampaignPrice } from './CampaignPrice'

export const campaignImageHeight = 229

export function CampaignCard({
  product,
  priority = false,
}: {
  product: CampaignProduct
  priority?: boolean
}) {
  const localePath = useLocalePath()
  return (
    <Card component={Link} to={localePath(product.url)} withBorder padding="sm" h="100%">
      <Card.Section>
        <ProductImage
          file={product.image}
          alt={product.name}
          height={campaignImageHeight}
          priority={priority}
        />
      </Card.Section>
      <Text size="sm" fw={500} lineClamp={2} mt="sm">
        {product.name}
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        {product.code}
      </Text>
      <div style={{ marginTop: 'auto' }}>
        <CampaignPrice product={product} />
      </div>
    </Card>
  )
}
