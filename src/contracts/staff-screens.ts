import { type StaffArea, type StaffRole, staffCan } from '../domain/staff-access'

/**
 * The groups of the staff menu, by task, in menu order. A group with no screen a role may open is
 * not drawn for it.
 */
export const STAFF_GROUPS = ['sales', 'customers', 'catalog', 'payments', 'settings', 'system'] as const
export type StaffGroup = (typeof STAFF_GROUPS)[number]

/**
 * The staff area's screens (Turkish, unprefixed paths), in menu order (by group, then as listed),
 * each with the back-office area it shows: the server answers a screen a role may not read with its
 * 403 page, and the web app leaves it out of that role's menu. /yonetim opens a role's first screen.
 * A screen that also serves the roles writing other areas (`also`: the imports, where the catalogue
 * team, the customers' keepers and accounting each import their own records) opens for them too,
 * in the menu group of the first such area, when the role does not read the screen's own area; a
 * role that only reads those areas has nothing to do there.
 */
export const STAFF_SCREENS = [
  { path: '/yonetim/ozet', area: 'sales', group: 'sales' },
  { path: '/yonetim/siparisler', area: 'sales', group: 'sales' },
  { path: '/yonetim/teklifler', area: 'sales', group: 'sales' },
  { path: '/yonetim/musteri-sepetleri', area: 'cockpit', group: 'sales' },
  { path: '/yonetim/ariza-bildirimleri', area: 'sales', group: 'sales' },
  { path: '/yonetim/musteriler', area: 'customers', group: 'customers' },
  { path: '/yonetim/online-kullanicilar', area: 'cockpit', group: 'customers' },
  { path: '/yonetim/urunler', area: 'catalogue', group: 'catalog' },
  { path: '/yonetim/kategoriler', area: 'catalogue', group: 'catalog' },
  { path: '/yonetim/kampanyalar', area: 'catalogue', group: 'catalog' },
  { path: '/yonetim/aramalar', area: 'cockpit', group: 'catalog' },
  {
    path: '/yonetim/iceri-aktar',
    area: 'catalogue',
    group: 'catalog',
    also: [
      { area: 'customers', group: 'customers' },
      { area: 'payments', group: 'payments' },
    ],
  },
  { path: '/yonetim/odemeler', area: 'payments', group: 'payments' },
  { path: '/yonetim/odeme-baglantilari', area: 'payments', group: 'payments' },
  { path: '/yonetim/havale', area: 'payments', group: 'payments' },
  { path: '/yonetim/odeme-ayarlari', area: 'payments', group: 'payments' },
  { path: '/yonetim/ayarlar', area: 'system', group: 'settings' },
  { path: '/yonetim/bildirim-ayarlari', area: 'system', group: 'settings' },
  { path: '/yonetim/doviz-kurlari', area: 'system', group: 'settings' },
  { path: '/yonetim/personel', area: 'system', group: 'system' },
  { path: '/yonetim/api-anahtarlari', area: 'system', group: 'system' },
  { path: '/yonetim/entegrasyon', area: 'system', group: 'system' },
  { path: '/yonetim/e-postalar', area: 'system', group: 'system' },
  { path: '/yonetim/denetim', area: 'system', group: 'system' },
] as const satisfies readonly StaffScreen[]

type StaffScreen = {
  path: string
  area: StaffArea
  group: StaffGroup
  also?: readonly { area: StaffArea; group: StaffGroup }[]
}

export type StaffScreenPath = (typeof STAFF_SCREENS)[number]['path']

/**
 * The staff screen at an address ('/en' prefix and a trailing slash allowed), its own pages under it
 * too (a product's editor under the product table); null for any other.
 */
function staffScreenAt(pathname: string): StaffScreen | null {
  const path = pathname.replace(/^\/en(?=\/)/, '').replace(/(?<=.)\/$/, '')
  return STAFF_SCREENS.find((screen) => screen.path === path || path.startsWith(`${screen.path}/`)) ?? null
}

/** The `also` entry a role comes to a screen through: the first area it writes, when it does not read the screen's own. */
function alsoFor(role: StaffRole | null, screen: StaffScreen) {
  if (staffCan(role, `${screen.area}:read`)) return undefined
  return screen.also?.find((other) => staffCan(role, `${other.area}:write`))
}

/**
 * Whether a staff user of this role may open the page at this address: a screen whose area it may
 * read (or one of whose `also` areas it may write), or any staff address that is not a screen
 * (/yonetim itself).
 */
export function staffRoleOpens(role: StaffRole | null, pathname: string): boolean {
  const screen = staffScreenAt(pathname)
  return screen === null || staffCan(role, `${screen.area}:read`) || alsoFor(role, screen) !== undefined
}

/** The screens a role may open, in menu order. */
export function staffScreensFor(role: StaffRole | null): (typeof STAFF_SCREENS)[number][] {
  return STAFF_SCREENS.filter((screen) => staffRoleOpens(role, screen.path))
}

/** A role's screens by menu group, in menu order; groups it opens nothing in are left out. */
export function staffMenuFor(
  role: StaffRole | null,
): { group: StaffGroup; screens: (typeof STAFF_SCREENS)[number][] }[] {
  const screens = staffScreensFor(role)
  const groupOf = (screen: StaffScreen) => alsoFor(role, screen)?.group ?? screen.group
  return STAFF_GROUPS.map((group) => ({
    group,
    screens: screens.filter((s) => groupOf(s) === group),
  })).filter((entry) => entry.screens.length > 0)
}
