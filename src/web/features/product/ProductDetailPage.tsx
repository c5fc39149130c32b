import { Grid, Skeleton, Stack } from '@mantine/core'
import { useParams } from 'react-router'
import { parseProductSegment } from '../../../domain/product-url'
import { LoadError } from '../../components/LoadError'
import { NotFoundState } from '../../components/NotFoundState'
import { useTranslation } from '../../i18n/use-translation'
import { isApiError } from '../../lib/api-error'
import { useProduct } from './api/product-api'
import { detailImageHeight, ProductDetailView } from './components/ProductDetailView'

function DetailSkeleton() {
  const { t } = useTranslation()
  return (
    <Grid role="status" aria-label={t('product.loading')} gap="xl">
      <Grid.Col span={{ base: 12, sm: 5 }}>
        <Skeleton height={detailImageHeight} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 7 }}>
        <Stack gap="sm">
          <Skeleton height={28} width="70%" />
          <Skeleton height={14} width="40%" />
          <Skeleton height={14} width="30%" />
          <Skeleton height={32} width="35%" />
          <Skeleton height={36} />
          <Skeleton height={36} width="50%" />
        </Stack>
      </Grid.Col>
    </Grid>
  )
}

/** The product page at /{seo}-p-{id}. */
export function ProductDetailPage() {
  const { t } = useTranslation()
  const { url } = useParams()
  const id = parseProductSegment(url ?? '')?.id ?? null
  const product = useProduct(id)

  if (id === null || (product.isError && isApiError(product.error) && product.error.status === 404)) {
    return <NotFoundState title={t('product.notFoundTitle')} text={t('product.notFoundText')} />
  }
  if (product.isError) {
    return <LoadError title={t('product.error')} error={product.error} onRetry={() => product.refetch()} />
  }
  if (product.isPending) return <DetailSkeleton />
  // A new product (another variant) starts with its own unit, quantity and variant choice.
  return <ProductDetailView key={product.data.id} product={product.data} />
}
