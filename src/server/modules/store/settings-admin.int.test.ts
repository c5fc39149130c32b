import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Bootstrap } from '../../../contracts/bootstrap'
import { storeSettingsSchema } from '../../../contracts/settings'
import {
  SETTING_DEFINITIONS,
  type SettingItem,
  type SettingsList,
} from '../../../contracts/store-settings-admin'
import { auditTrail } from '../../test/audit'
import { createCustomer, loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { createTestApp, type TestApp, type TestClient } from '../../test/test-app'

let t: TestApp
let owner: TestClient
let dealer: TestClient

beforeAll(async () => {
  t = await createTestApp()
  await seedAccounts(t.database.db)
  owner = await loggedInUser(t, null, { staffRole: 'owner', name: 'Selin Sahip' })
  dealer = await loggedInUser(t, (await createCustomer(t.database.db)).id)
})
afterAll(() => t.close())

const list = async (client: TestClient, locale: 'tr' | 'en' = 'tr') =>
  (
    await client.send({
      method: 'GET',
      url: '/yonetim/settings',
      headers: { 'accept-language': locale, 'x-requested-with': 'XMLHttpRequest' },
    })
  ).json() as SettingsList
const put = (client: TestClient, key: string, value: unknown) =>
  client.send({ method: 'PUT', url: `/yonetim/settings/${key}`, payload: { value } })
const current = async (key: string) => (await list(owner)).items.find((item) => item.key === key)!
const dealerBootstrap = async () =>
  (await dealer.send({ method: 'GET', url: '/api/bootstrap' })).json() as Bootstrap

describe('the settings list', () => {
  it('names every setting the spec reads and the store its own, each with a label, help and group', async () => {
    const { items } = await list(owner)
    const keys = items.map((item) => item.key)
    for (const key of Object.keys(storeSettingsSchema.shape)) expect(keys).toContain(key)
    expect(keys).toEqual(
      expect.arrayContaining([
        'storeName',
        'storeAddress',
        'storePhone',
        'storeEmail',
        'whatsappNumber',
        'socialLinks',
        'defaultCurrency',
        'orderMailRecipients',
      ]),
    )
    expect(new Set(keys).size).toBe(keys.length)
    for (const item of items) {
      expect(item.label, item.key).not.toBe(item.key)
      expect(item.help.length, item.key).toBeGreaterThan(10)
    }
    const stock = items.find((item) => item.key === 'stockInfoStatus')!
    expect(stock.allowed).toHaveLength(21)
    expect(stock.allowed![15]).toEqual({ value: 15, label: '15 — 5 üzerinde "5+", altında miktar' })
    const currency = items.find((item) => item.key === 'defaultCurrency')!
    expect(currency.allowed!.map((a) => a.value)).toEqual(expect.arrayContaining(['TRY', 'USD']))
    expect(items.find((item) => item.key === 'b2b_teklif_ver_durum')).toMatchObject({
      label: 'Teklif iste',
      group: 'ordering',
      type: 'boolean',
    })
  })

  it('speaks English to a reader in English', async () => {
    const { items } = await list(owner, 'en')
    expect(items.find((item) => item.key === 'b2b_teklif_ver_durum')!.label).toBe('Ask for an offer')
  })

  it('is read by the roles that read the system area and changed only by the owner', async () => {
    for (const role of ['catalogue', 'sales', 'accounting'] as const) {
      const staff = await loggedInUser(t, null, { staffRole: role })
      expect((await staff.send({ method: 'GET', url: '/yonetim/settings' })).statusCode, role).toBe(403)
    }
    const readonly = await loggedInUser(t, null, { staffRole: 'readonly' })
    expect((await readonly.send({ method: 'GET', url: '/yonetim/settings' })).statusCode).toBe(200)
    expect((await put(readonly, 'showListPrice', false)).statusCode).toBe(403)
    expect((await dealer.send({ method: 'GET', url: '/yonetim/settings' })).statusCode).toBe(403)
  })
})

describe('changing a setting', () => {
  it.each([
    ['showListPrice', 'yes', 'Açık ya da kapalı seçilmelidir.'],
    ['stockInfoStatus', 21, 'Listedeki seçeneklerden biri seçilmelidir.'],
    ['defaultSort', 'relevance', 'Listedeki seçeneklerden biri seçilmelidir.'],
    ['defaultCurrency', 'XYZ', 'Listedeki seçeneklerden biri seçilmelidir.'],
    ['installmentLimit', -1, '0 veya daha büyük bir tutar giriniz (en çok iki ondalık).'],
    ['installmentLimit', 10.005, '0 veya daha büyük bir tutar giriniz (en çok iki ondalık).'],
    ['storeName', '   ', 'Bu alan boş bırakılamaz.'],
    ['b2b_urun_detay_ozel_kod_baslik', 'x'.repeat(61), 'En çok 60 karakter girilebilir.'],
    ['storeEmail', 'bilgi@', 'Geçerli bir e-posta adresi giriniz.'],
    ['whatsappNumber', '12345', 'Geçerli bir telefon numarası giriniz (ör. 0532 123 45 67).'],
    ['timeZone', 'Europe/Atlantis', 'Geçerli bir saat dilimi giriniz (ör. Europe/Istanbul).'],
    [
      'orderMailRecipients',
      ['a@b.test', 'a@b.test'],
      'Her satıra geçerli bir e-posta adresi yazınız (en çok 10, her biri bir kez).',
    ],
    [
      'socialLinks',
      [
        { network: 'facebook', url: 'javascript:alert(1)', visible: true },
        { network: 'instagram', url: '', visible: false },
        { network: 'twitter', url: '', visible: false },
        { network: 'youtube', url: '', visible: false },
        { network: 'pinterest', url: '', visible: false },
      ],
      'Adresler http:// veya https:// ile başlamalıdır; gösterilen bir bağlantının adresi boş olamaz.',
    ],
  ])('refuses %s = %j with a field message, keeping the stored value', async (key, value, message) => {
    const before = (await current(key)).value
    const res = await put(owner, key, value)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().error.fields.value).toBe(message)
    expect((await current(key)).value).toEqual(before)
  })

  it('answers 404 for a key that is not a setting', async () => {
    expect((await put(owner, 'noSuchSetting', true)).statusCode).toBe(404)
  })

  it('is audited with the old and new value, and the same value again writes nothing', async () => {
    const before = (await current('installmentLimit')).value as number
    const next = before + 1250.5
    const res = await put(owner, 'installmentLimit', next)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ key: 'installmentLimit', value: next })
    const trail = await auditTrail(t.database.db, 'store_setting', 'installmentLimit')
    expect(trail.at(-1)).toMatchObject({
      actorName: 'Selin Sahip',
      action: 'update',
      changes: [{ field: 'value', old: before, new: next }],
    })
    expect((await put(owner, 'installmentLimit', next)).statusCode).toBe(200)
    expect(await auditTrail(t.database.db, 'store_setting', 'installmentLimit')).toHaveLength(trail.length)
    await put(owner, 'installmentLimit', before)
  })

  it('normalises what people type: a phone written any way, an address in capitals, blanks as empty', async () => {
    expect((await put(owner, 'whatsappNumber', '+90 (532) 123-45-67')).json().value).toBe('0532 123 45 67')
    expect((await put(owner, 'storeEmail', ' Bilgi@Magaza.TEST ')).json().value).toBe('bilgi@magaza.test')
    expect((await put(owner, 'storeAddress', '   ')).json().value).toBeNull()
  })
})

/** A value other than the current one, for every setting dealers see, and where the dealer's page finds it. */
type Seen = { next: (was: SettingItem['value']) => unknown; seen: (b: Bootstrap) => unknown }
const flip: Seen['next'] = (was) => !was
const setting = (key: keyof Bootstrap['settings']) => (b: Bootstrap) => b.settings[key]
const DEALER_SEES: Record<string, Seen> = {
  storeName: { next: () => 'Yeni Ticaret A.Ş.', seen: (b) => b.store.name },
  storeAddress: { next: () => 'Atatürk Cad. No: 5', seen: (b) => b.store.address },
  storeTown: { next: () => 'Kadıköy', seen: (b) => b.store.town },
  storeCity: { next: () => 'İstanbul', seen: (b) => b.store.city },
  timeZone: {
    next: (was) => (was === 'Europe/London' ? 'Europe/Berlin' : 'Europe/London'),
    seen: setting('timeZone'),
  },
  defaultCurrency: {
    next: (was) => (was === 'USD' ? 'TRY' : 'USD'),
    seen: (b) => b.currencies.find((c) => c.isDefault)?.code,
  },
  storePhone: { next: () => '0212 444 55 66', seen: (b) => b.store.phone },
  storeEmail: { next: () => 'satis@yeni.test', seen: (b) => b.store.email },
  whatsappNumber: { next: () => '0533 765 43 21', seen: (b) => b.store.whatsapp },
  whatsappControl: { next: flip, seen: setting('whatsappControl') },
  socialLinks: {
    next: () => [
      { network: 'facebook', url: 'https://facebook.com/yeni', visible: true },
      { network: 'instagram', url: 'https://instagram.com/yeni', visible: false },
      { network: 'twitter', url: '', visible: false },
      { network: 'youtube', url: '', visible: false },
      { network: 'pinterest', url: '', visible: false },
    ],
    seen: (b) => b.store.socialLinks,
  },
  showPriceStatus: { next: flip, seen: setting('showPriceStatus') },
  productsWithKdv: { next: flip, seen: setting('productsWithKdv') },
  showListPrice: { next: flip, seen: setting('showListPrice') },
  showPaymentPlanPrice: { next: flip, seen: setting('showPaymentPlanPrice') },
  stockInfoStatus: { next: (was) => (was === 15 ? 2 : 15), seen: setting('stockInfoStatus') },
  showStokInfo: { next: flip, seen: setting('showStokInfo') },
  cartStockControl: { next: flip, seen: setting('cartStockControl') },
  notInStock: { next: flip, seen: setting('notInStock') },
  showNotInStocks: { next: flip, seen: setting('showNotInStocks') },
  originalShowNotInStocks: { next: flip, seen: setting('originalShowNotInStocks') },
  b2b_stoktakileri_goster: { next: flip, seen: setting('b2b_stoktakileri_goster') },
  defaultSort: { next: (was) => (was === '-price' ? 'name' : '-price'), seen: setting('defaultSort') },
  productListView: { next: (was) => (was === 'list' ? 'grid' : 'list'), seen: setting('productListView') },
  b2b_urun_detay_ozel_kod_gosterim: { next: flip, seen: setting('b2b_urun_detay_ozel_kod_gosterim') },
  b2b_urun_detay_ozel_kod: {
    next: (was) => (was === 'ozelkod3' ? 'ozelkod' : 'ozelkod3'),
    seen: setting('b2b_urun_detay_ozel_kod'),
  },
  b2b_urun_detay_ozel_kod_baslik: { next: () => 'Raf Yeri', seen: setting('b2b_urun_detay_ozel_kod_baslik') },
  b2b_teklif_ver_durum: { next: flip, seen: setting('b2b_teklif_ver_durum') },
  b2b_risk_limit_islem: { next: flip, seen: setting('b2b_risk_limit_islem') },
  installmentLimit: { next: (was) => Number(was) + 500, seen: setting('installmentLimit') },
  b2b_cari_odeme_baglantisi: { next: flip, seen: setting('b2b_cari_odeme_baglantisi') },
  showOverdueDebtInfo: { next: flip, seen: setting('showOverdueDebtInfo') },
  overdueDebtInfoLimit: { next: (was) => Number(was) + 100, seen: setting('overdueDebtInfoLimit') },
}

/** How the dealer's page holds a value the screen edits (social links: the spec's one string). */
const asSeen = (key: string, value: unknown) =>
  key === 'socialLinks' ? '1 https://facebook.com/yeni|0 https://instagram.com/yeni|0 |0 |0 ' : value

describe('a dealer on the next request', () => {
  it('covers every setting dealers see', () => {
    const dealerFacing = SETTING_DEFINITIONS.filter((d) => d.dealerFacing).map((d) => d.key)
    expect(Object.keys(DEALER_SEES).sort()).toEqual(dealerFacing.sort())
  })

  it.each(Object.entries(DEALER_SEES))('sees %s changed', async (key, { next, seen }) => {
    const was = (await current(key)).value
    const value = next(was)
    const res = await put(owner, key, value)
    try {
      expect(res.statusCode, res.body).toBe(200)
      expect(seen(await dealerBootstrap())).toEqual(asSeen(key, value))
    } finally {
      if (res.statusCode === 200) expect((await put(owner, key, was)).statusCode).toBe(200)
    }
  })
})
