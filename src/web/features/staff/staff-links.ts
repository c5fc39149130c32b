import type { TFunction } from 'i18next'

/** One staff screen in the staff menu: its Turkish (unprefixed) path and its menu label. */
export interface StaffLink {
  path: string
  label: (t: TFunction) => string
}

/** The staff screens, in menu order. A new staff screen adds itself here and renders in StaffLayout. */
export const staffLinks: readonly StaffLink[] = [
  { path: '/yonetim/aramalar', label: (t) => t('searchDashboard.menu') },
  { path: '/yonetim/online-kullanicilar', label: (t) => t('onlineUsers.menu') },
  { path: '/yonetim/musteri-sepetleri', label: (t) => t('customerCarts.menu') },
  { path: '/yonetim/e-postalar', label: (t) => t('staff.mail.menu') },
  { path: '/yonetim/odemeler', label: (t) => t('staffPayments.payments.menu') },
  { path: '/yonetim/odeme-baglantilari', label: (t) => t('staffPayments.links.menu') },
  { path: '/yonetim/havale', label: (t) => t('staffPayments.transfer.menu') },
  { path: '/yonetim/ariza-bildirimleri', label: (t) => t('faultReport.staff.menu') },
]
