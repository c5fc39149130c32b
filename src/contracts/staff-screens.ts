import { type StaffArea, type StaffRole, staffCan } from '../domain/staff-access'

/**
 * The staff area's screens (Turkish, unprefixed paths), in menu order, each with the back-office
 * area it shows: the server answers a screen a role may not read with its 403 page, and the web app
 * leaves it out of that role's menu.
 */
export const STAFF_SCREENS = [
  { path: '/yonetim/siparisler', area: 'sales' },
  { path: '/yonetim/aramalar', area: 'cockpit' },
  { path: '/yonetim/online-kullanicilar', area: 'cockpit' },
  { path: '/yonetim/musteri-sepetleri', area: 'cockpit' },
  { path: '/yonetim/e-postalar', area: 'system' },
  { path: '/yonetim/odemeler', area: 'payments' },
  { path: '/yonetim/odeme-baglantilari', area: 'payments' },
  { path: '/yonetim/havale', area: 'payments' },
  { path: '/yonetim/ariza-bildirimleri', area: 'sales' },
] as const satisfies readonly { path: string; area: StaffArea }[]

export type StaffScreenPath = (typeof STAFF_SCREENS)[number]['path']

/** The area of a staff screen's address ('/en' prefix and a trailing slash allowed); null for any other. */
export function staffScreenArea(pathname: string): StaffArea | null {
  const path = pathname.replace(/^\/en(?=\/)/, '').replace(/(?<=.)\/$/, '')
  return STAFF_SCREENS.find((screen) => screen.path === path)?.area ?? null
}

/**
 * Whether a staff user of this role may open the page at this address: a screen whose area the role
 * may read, or any staff address that is not a screen (/yonetim itself).
 */
export function staffRoleOpens(role: StaffRole | null, pathname: string): boolean {
  const area = staffScreenArea(pathname)
  return area === null || staffCan(role, `${area}:read`)
}

/** The screens a role may open, in menu order. */
export function staffScreensFor(role: StaffRole | null): (typeof STAFF_SCREENS)[number][] {
  return STAFF_SCREENS.filter((screen) => staffRoleOpens(role, screen.path))
}
