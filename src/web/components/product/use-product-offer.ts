import type { Product } from '../../../contracts/catalog'
import { type ProductOffer, productOffer } from '../../../domain/cart-rules'
import { isVariantParent } from '../../../domain/variant'
import { useSession } from '../../lib/session-context'

export type OfferProduct = Pick<Product, 'salePrice' | 'quantity' | 'stock' | 'parentId' | 'varyantx'>

/**
 * The buy control and the stock line of a product (domain `productOffer`): the add-to-cart button and
 * the stock line both read it, so they never say opposite things.
 */
export function useProductOffer(product: OfferProduct): ProductOffer {
  const { bootstrap } = useSession()
  const { settings } = bootstrap
  return productOffer({
    salePrice: product.salePrice?.value ?? null,
    quantity: product.quantity,
    cartStockControl: settings.cartStockControl,
    isVariantParent: isVariantParent({
      parentId: product.parentId,
      variantDimensions: product.varyantx?.dimensions,
    }),
    whatsappControl: settings.whatsappControl,
    whatsapp: bootstrap.store.whatsapp,
    stockInfoStatus: settings.stockInfoStatus,
    stock: product.stock,
  })
}
