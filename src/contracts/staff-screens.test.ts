import { describe, expect, it } from 'vitest'
import { STAFF_GROUPS, STAFF_SCREENS, staffMenuFor, staffScreenArea, staffScreensFor } from './staff-screens'

describe('staffScreenArea', () => {
  it.each([
    ['/yonetim/odemeler', 'payments'],
    ['/en/yonetim/odemeler', 'payments'],
    ['/yonetim/odemeler/', 'payments'],
    ['/yonetim/e-postalar', 'system'],
    ['/yonetim/ariza-bildirimleri', 'sales'],
    ['/yonetim/musteriler', 'customers'],
    ['/yonetim/iceri-aktar', 'catalogue'],
    ['/yonetim', null],
    ['/yonetim/yok-boyle', null],
    ['/odemeler', null],
    ['/en', null],
  ])('%s → %s', (path, area) => {
    expect(staffScreenArea(path)).toBe(area)
  })
})

describe('staffScreensFor', () => {
  const paths = (role: Parameters<typeof staffScreensFor>[0]) => staffScreensFor(role).map((s) => s.path)

  it('gives the owner and the read-only user every screen, in menu order', () => {
    expect(paths('owner')).toEqual(STAFF_SCREENS.map((s) => s.path))
    expect(paths('readonly')).toEqual(STAFF_SCREENS.map((s) => s.path))
  })

  it('gives accounting the overview, orders, offers and fault reports (sales, to read), the customers (to read) and the payment screens, not the cockpit or mail', () => {
    expect(paths('accounting')).toEqual([
      '/yonetim/ozet',
      '/yonetim/siparisler',
      '/yonetim/teklifler',
      '/yonetim/ariza-bildirimleri',
      '/yonetim/musteriler',
      '/yonetim/odemeler',
      '/yonetim/odeme-baglantilari',
      '/yonetim/havale',
    ])
  })

  it('gives sales the cockpit, the payments to read and fault reports, not the mail queue', () => {
    expect(paths('sales')).not.toContain('/yonetim/e-postalar')
    expect(paths('sales')).toContain('/yonetim/aramalar')
    expect(paths('sales')).toContain('/yonetim/ariza-bildirimleri')
    expect(paths('sales')).toContain('/yonetim/musteriler')
  })

  it('gives the catalogue team the imports, and a dealer none', () => {
    expect(paths('catalogue')).toEqual(['/yonetim/iceri-aktar'])
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
    expect(staffMenuFor('catalogue').map((g) => g.group)).toEqual(['catalog'])
    expect(staffMenuFor(null)).toEqual([])
  })
})
