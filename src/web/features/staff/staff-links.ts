import type { TFunction } from 'i18next'
import {
  STAFF_SCREENS,
  type StaffGroup,
  type StaffScreenPath,
  staffMenuFor,
  staffScreensFor,
} from '../../../contracts/staff-screens'
import type { StaffRole } from '../../../domain/staff-access'

/** One staff screen in the staff menu: its Turkish (unprefixed) path and its menu label. */
export interface StaffLink {
  path: StaffScreenPath
  label: (t: TFunction) => string
}

const LABELS: Record<StaffScreenPath, (t: TFunction) => string> = {
  '/yonetim/ozet': (t) => t('staffHome.menu'),
  '/yonetim/siparisler': (t) => t('staffOrders.menu'),
  '/yonetim/teklifler': (t) => t('staffOffers.menu'),
  '/yonetim/musteriler': (t) => t('staffCustomers.menu'),
  '/yonetim/urunler': (t) => t('staffProducts.menu'),
  '/yonetim/kategoriler': (t) => t('catalogueSetup.menu'),
  '/yonetim/kampanyalar': (t) => t('staffCampaigns.menu'),
  '/yonetim/aramalar': (t) => t('searchDashboard.menu'),
  '/yonetim/iceri-aktar': (t) => t('imports.menu'),
  '/yonetim/online-kullanicilar': (t) => t('onlineUsers.menu'),
  '/yonetim/musteri-sepetleri': (t) => t('customerCarts.menu'),
  '/yonetim/ayarlar': (t) => t('storeSettings.menu'),
  '/yonetim/bildirim-ayarlari': (t) => t('storeNotifications.menu'),
  '/yonetim/doviz-kurlari': (t) => t('exchangeRates.menu'),
  '/yonetim/personel': (t) => t('staffUsers.menu'),
  '/yonetim/api-anahtarlari': (t) => t('apiKeys.menu'),
  '/yonetim/entegrasyon': (t) => t('integrationHealth.menu'),
  '/yonetim/e-postalar': (t) => t('staff.mail.menu'),
  '/yonetim/odemeler': (t) => t('staffPayments.payments.menu'),
  '/yonetim/odeme-baglantilari': (t) => t('staffPayments.links.menu'),
  '/yonetim/havale': (t) => t('staffPayments.transfer.menu'),
  '/yonetim/odeme-ayarlari': (t) => t('paymentSetup.menu'),
  '/yonetim/ariza-bildirimleri': (t) => t('faultReport.staff.menu'),
  '/yonetim/denetim': (t) => t('staffAudit.menu'),
}

/**
 * Every staff screen, in menu order (contracts/staff-screens.ts: a new staff screen adds itself there,
 * with its area and menu group, and its label here, and renders in StaffLayout).
 */
export const staffLinks: readonly StaffLink[] = STAFF_SCREENS.map(({ path }) => ({
  path,
  label: LABELS[path],
}))

/** The screens a staff user of this role may open, in menu order. */
export function staffLinksFor(role: StaffRole | null): StaffLink[] {
  return staffScreensFor(role).map(({ path }) => ({ path, label: LABELS[path] }))
}

/** The role's menu, group by group (a group it opens nothing in is left out). */
export function staffMenuGroupsFor(role: StaffRole | null): { group: StaffGroup; links: StaffLink[] }[] {
  return staffMenuFor(role).map(({ group, screens }) => ({
    group,
    links: screens.map(({ path }) => ({ path, label: LABELS[path] })),
  }))
}
