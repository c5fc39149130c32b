import type { TFunction } from 'i18next'
import type { Locale } from '../../../contracts/common'
import type { StockLine } from '../../../domain/cart-rules'

/** 'detail' is the product page's sentence; 'list' the short form of cards, rows and the warehouse modal. */
export type StockTextForm = 'detail' | 'list'

/**
 * The spec's stock wording (spec/1 §9) for what `stockDisplay` (or `productOffer`) decided. `unit` is the default unit's
 * name, used by the short form ('12 Adet', '50+ Adet'). null when nothing is to be shown.
 */
export function stockText(
  display: StockLine,
  form: StockTextForm,
  unit: string,
  t: TFunction,
  locale: Locale,
): string | null {
  const number = (n: number) => n.toLocaleString(locale === 'en' ? 'en-US' : 'tr-TR')
  switch (display.kind) {
    case 'hidden':
      return null
    case 'outOfStock':
      return form === 'detail' ? t('stock.detailOutOfStock') : t('stock.listOutOfStock')
    case 'available':
      return form === 'detail' ? t('stock.detailAvailable') : t('stock.listAvailable')
    case 'exact':
      return form === 'detail'
        ? t('stock.detailExact', { n: number(display.quantity) })
        : t('stock.listExact', { n: number(display.quantity), unit }).trim()
    case 'moreThan':
      return form === 'detail'
        ? t('stock.detailMoreThan', { n: number(display.threshold) })
        : t('stock.listMoreThan', { n: number(display.threshold), unit }).trim()
  }
}
