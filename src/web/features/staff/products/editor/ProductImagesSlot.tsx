import { useTranslation } from '../../../../i18n/use-translation'
import { ProductImagesSection } from '../images/ProductImagesSection'
import { EditorSection } from './EditorSection'

/**
 * The product's images in the editor. Images belong to a stored product (they are uploaded to its
 * address), so a new one says they come after its first save.
 */
export function ProductImagesSlot({ productId }: { productId: number | null; readOnly: boolean }) {
  const { t } = useTranslation()
  if (productId !== null) return <ProductImagesSection productId={productId} />
  return (
    <EditorSection title={t('productImages.title')} hint={t('productImages.afterSave')}>
      {() => null}
    </EditorSection>
  )
}
