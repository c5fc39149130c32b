import { Alert, Anchor, Skeleton, Stack } from '@mantine/core'
import { Link, useLocation, useParams } from 'react-router'
import { AlertIcon } from '../../../components/icons/Icons'
import { LoadError } from '../../../components/LoadError'
import { useTranslation } from '../../../i18n/use-translation'
import { isApiError } from '../../../lib/api-error'
import { usePageStatus } from '../../../lib/page-status'
import { useLocalePath, useSession } from '../../../lib/session-context'
import { EntityHistory } from '../audit/EntityHistory'
import { StaffLayout } from '../StaffLayout'
import { useStaffCan } from '../use-staff-can'
import { useStaffWarehouses } from './catalogue-refs-api'
import { EditorSection } from './editor/EditorSection'
import { ProductEditor } from './editor/ProductEditor'
import { newValues, valuesOf } from './editor/product-form'
import { useStaffProduct } from './staff-products-api'

const P = 'staffProducts'
const E = `${P}.editor`

/** Back to the table, with the filters it had when the product was opened from it. */
function BackLink() {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const state = useLocation().state as { listSearch?: string } | null
  const search = typeof state?.listSearch === 'string' ? state.listSearch : ''
  return (
    <Anchor
      component={Link}
      to={`${localePath('/yonetim/urunler')}${search}`}
      size="sm"
      data-testid="product-back"
    >
      {t(`${E}.back`)}
    </Anchor>
  )
}

function Loading() {
  const { t } = useTranslation()
  return (
    <Stack gap="sm" role="status" aria-label={t(`${E}.loading`)}>
      <Skeleton height={48} />
      <Skeleton height={160} />
      <Skeleton height={160} />
    </Stack>
  )
}

function NotFound() {
  const { t } = useTranslation()
  // Drawn on the server, the page is answered 404.
  usePageStatus(404)
  return (
    <Alert
      color="yellow"
      icon={<AlertIcon />}
      title={t(`${E}.notFoundTitle`)}
      data-testid="product-not-found"
    >
      {t(`${E}.notFoundText`)}
    </Alert>
  )
}

/** A new product: the form with every warehouse at 0 once the warehouses are known. */
function NewProduct() {
  const { t } = useTranslation()
  const { bootstrap } = useSession()
  const canWrite = useStaffCan('catalogue:write')
  const warehouses = useStaffWarehouses(canWrite)
  if (!canWrite) {
    return (
      <Alert color="yellow" icon={<AlertIcon />} title={t('staff.roleReadOnlyTitle')}>
        {t('staff.roleReadOnlyText')}
      </Alert>
    )
  }
  // Without the warehouses the product is still created; its stock is given later.
  if (warehouses.isPending) return <Loading />
  const currency =
    bootstrap.currencies.find((c) => c.isDefault)?.code ?? bootstrap.currencies[0]?.code ?? null
  const start = newValues(
    currency,
    (warehouses.data?.items ?? []).map((w) => ({ code: w.code, name: w.name })),
  )
  return <ProductEditor product={null} start={start} canWrite />
}

function StoredProduct({ id }: { id: number }) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const canWrite = useStaffCan('catalogue:write')
  const product = useStaffProduct(id)
  if (product.isError && !product.data) {
    if (isApiError(product.error) && product.error.status === 404) return <NotFound />
    return <LoadError title={t(`${E}.loadError`)} error={product.error} onRetry={() => product.refetch()} />
  }
  if (!product.data) return <Loading />
  return (
    <Stack gap="md">
      {!canWrite && (
        <Alert color="yellow" icon={<AlertIcon />} title={t('staff.roleReadOnlyTitle')}>
          {t('staff.roleReadOnlyText')}
        </Alert>
      )}
      <ProductEditor
        key={product.data.id}
        product={product.data}
        start={valuesOf(product.data, locale)}
        canWrite={canWrite}
      />
      <EditorSection title={t(`${E}.history`)} testId="product-history">
        {() => <EntityHistory entity="product" entityId={product.data.id} headingOrder={null} />}
      </EditorSection>
    </Stack>
  )
}

/**
 * /yonetim/urunler/yeni and /yonetim/urunler/{id} — one product's editor: its fields by section,
 * saved together. Those who only read the catalogue see the fields without a save button.
 */
export function ProductEditorPage() {
  const { t } = useTranslation()
  const { id } = useParams()
  const productId = id === undefined ? null : /^\d{1,9}$/.test(id) ? Number(id) : Number.NaN
  const product = useStaffProduct(Number.isNaN(productId) ? null : productId)
  const title =
    productId === null ? t(`${E}.newTitle`) : product.data ? product.data.name : t(`${E}.titleLoading`)
  return (
    <StaffLayout
      title={title}
      description={product.data ? t(`${E}.codeLine`, { code: product.data.code }) : undefined}
    >
      <Stack gap="md">
        <BackLink />
        {productId === null ? (
          <NewProduct />
        ) : Number.isNaN(productId) ? (
          <NotFound />
        ) : (
          <StoredProduct id={productId} />
        )}
      </Stack>
    </StaffLayout>
  )
}
