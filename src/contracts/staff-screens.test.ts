import { describe, expect, it } from 'vitest'
import { STAFF_GROUPS, STAFF_SCREENS, staffMenuFor, staffRoleOpens, staffScreensFor } from './staff-screens'

describe('staffRoleOpens', () => {
  it.each([
    ['accounting', '/yonetim/odemeler', true],
    ['accounting', '/en/yonetim/odemeler/', true],
    ['catalogue', '/yonetim/odemeler', false],
    ['sales', '/yonetim/e-postalar', false],
    ['owner', '/yonetim/e-postalar', true],
    // The imports: the catalogue team, and whoever writes the customers or the payments.
    ['catalogue', '/yonetim/iceri-aktar', true],
    ['sales', '/yonetim/iceri-aktar', true],
    ['accounting', '/en/yonetim/iceri-aktar', true],
    ['readonly', '/yonetim/iceri-aktar', true],
    [null, '/yonetim/iceri-aktar', false],
    // A screen's own pages go with it: a product's editor is the product table's.
    ['catalogue', '/yonetim/urunler/yeni', true],
    ['readonly', '/en/yonetim/urunler/12', true],
    ['sales', '/yonetim/urunler/12', false],
    ['accounting', '/yonetim/urunler', false],
    // Not a screen: any staff user (the page itself says what it is for).
    ['catalogue', '/yonetim', true],
    ['catalogue', '/yonetim/yok-boyle', true],
  ] as const)('%s opens %s: %s', (role, path, opens) => {
    expect(staffRoleOpens(role, path)).toBe(opens)
  })
})

describe('staffScreensFor', () => {
  const paths = (role: Parameters<typeof staffScreensFor>[0]) => staffScreensFor(role).map((s) => s.path)

  it('gives the owner and the read-only user every screen, in menu order', () => {
    expect(paths('owner')).toEqual(STAFF_SCREENS.map((s) => s.path))
    expect(paths('readonly')).toEqual(STAFF_SCREENS.map((s) => s.path))
  })

  it('gives accounting the overview, orders, offers and fault reports (sales, to read), the customers (to read), its imports and the payment screens, not the cockpit or mail', () => {
    expect(paths('accounting')).toEqual([
      '/yonetim/ozet',
      '/yonetim/siparisler',
      '/yonetim/teklifler',
      '/yonetim/ariza-bildirimleri',
      '/yonetim/musteriler',
      '/yonetim/iceri-aktar',
      '/yonetim/odemeler',
      '/yonetim/odeme-baglantilari',
      '/yonetim/havale',
      '/yonetim/odeme-ayarlari',
    ])
  })

  it('gives sales the cockpit, the payments to read and fault reports, not the mail queue', () => {
    expect(paths('sales')).not.toContain('/yonetim/e-postalar')
    expect(paths('sales')).toContain('/yonetim/aramalar')
    expect(paths('sales')).toContain('/yonetim/ariza-bildirimleri')
    expect(paths('sales')).toContain('/yonetim/musteriler')
  })

  it('gives the catalogue team the product table, the categories, the campaigns and the imports, and a dealer none', () => {
    expect(paths('catalogue')).toEqual([
      '/yonetim/urunler',
      '/yonetim/kategoriler',
      '/yonetim/kampanyalar',
      '/yonetim/iceri-aktar',
    ])
    expect(paths(null)).toEqual([])
  })
})

describe('staffMenuFor', () => {
  it('lists the screens group by group, so menu order and the order /yonetim picks from agree', () => {
    const groupIndex = STAFF_SCREENS.map((s) => STAFF_GROUPS.indexOf(s.group))
    expect(groupIndex).toEqual([...groupIndex].sort((a, b) => a - b))
    expect(staffMenuFor('owner').flatMap((g) => g.screens)).toEqual([...STAFF_SCREENS])
  })

  it('leaves out a group the role opens nothing in', () => {
    expect(staffMenuFor('owner').map((g) => g.group)).toEqual([...STAFF_GROUPS])
    expect(staffMenuFor('accounting').map((g) => g.group)).toEqual(['sales', 'customers', 'payments'])
  })

  it("puts the imports in the group of the area a role imports: accounting's payments, sales' customers", () => {
    const groupOfImports = (role: Parameters<typeof staffMenuFor>[0]) =>
      staffMenuFor(role).find((g) => g.screens.some((s) => s.path === '/yonetim/iceri-aktar'))?.group
    expect(groupOfImports('accounting')).toBe('payments')
    expect(groupOfImports('sales')).toBe('customers')
    expect(groupOfImports('catalogue')).toBe('catalog')
    expect(groupOfImports('owner')).toBe('catalog')
    expect(staffMenuFor('catalogue').map((g) => g.group)).toEqual(['catalog'])
    expect(staffMenuFor(null)).toEqual([])
  })
})
