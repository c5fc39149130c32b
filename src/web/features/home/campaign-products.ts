import type { Preferences } from '../../../contracts/account'
import type { Campaign, CampaignProduct } from '../../../contracts/campaigns'
import type { StoreSettings } from '../../../contracts/settings'

/**
 * Products without stock are hidden when the visitor's "show products not in stock" preference is '0'
 * (spec/2 §2 "Campaign carousel"); a hidden stock (null) never hides a product. Campaigns left empty
 * are dropped.
 */
export function visibleCampaigns(
  campaigns: Campaign[],
  showNotInStocks: Preferences['showNotInStocks'],
): Campaign[] {
  return campaigns
    .map((campaign) => ({
      ...campaign,
      products:
        showNotInStocks === '0'
          ? campaign.products.filter((p) => p.quantity === null || p.quantity > 0)
          : campaign.products,
    }))
    .filter((campaign) => campaign.products.length > 0)
}

/** The struck-through list price shows when the store allows it and it is above the sale price. */
export function showsListPrice(
  product: Pick<CampaignProduct, 'salePrice' | 'listPrice'>,
  settings: Pick<StoreSettings, 'showListPrice'>,
): boolean {
  const { salePrice, listPrice } = product
  return settings.showListPrice && !!salePrice && !!listPrice && listPrice.value > salePrice.value
}
