import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { loggedInUser } from '../../test/dealers'
import { seedAccounts } from '../../test/fixtures'
import { createTestApp, type TestApp, TestClient } from '../../test/test-app'

let t: TestApp
let fx: Awaited<ReturnType<typeof seedAccounts>>
// Each test logs in a user of its own: preferences are per user, so no test sees another's choices.
let dealer: TestClient

beforeAll(async () => {
  t = await createTestApp()
  fx = await seedAccounts(t.database.db)
})
beforeEach(async () => {
  dealer = await loggedInUser(t, fx.customers.c1.id)
})
afterAll(() => t.close())

const setPref = (client: TestClient, key: string, value: unknown) =>
  client.send({ method: 'POST', url: '/api/catalog/settings', payload: { key, value } })

const prefs = async (client: TestClient) =>
  (await client.send({ method: 'GET', url: '/api/bootstrap' })).json().preferences

describe('POST /api/catalog/settings', () => {
  it('starts from the store defaults', async () => {
    expect(await prefs(dealer)).toEqual({
      productListView: 'grid',
      showNotInStocks: '1',
      defaultCurrency: fx.currencies.try.id,
      branch: fx.branches[0]!.id,
      locale: 'tr',
    })
  })

  it.each([
    ['productListView', 'list', { productListView: 'list' }],
    ['showNotInStocks', '0', { showNotInStocks: '0' }],
    ['locale', 'en', {}],
  ])('stores %s = %s', async (key, value, expected) => {
    const res = await setPref(dealer, key, value)
    expect(res.statusCode).toBe(200)
    expect(await prefs(dealer)).toMatchObject(expected)
  })

  it("stores a currency by id and a branch of the user's own company", async () => {
    expect((await setPref(dealer, 'defaultCurrency', fx.currencies.usd.id)).statusCode).toBe(200)
    expect((await setPref(dealer, 'branch', fx.branches[1]!.id)).statusCode).toBe(200)
    expect(await prefs(dealer)).toMatchObject({
      defaultCurrency: fx.currencies.usd.id,
      branch: fx.branches[1]!.id,
    })
  })

  it.each([
    ['unknown key', { key: 'role', value: 'admin' }],
    ['bad view', { key: 'productListView', value: 'table' }],
    ['bad stock flag', { key: 'showNotInStocks', value: 'yes' }],
    ['bad locale', { key: 'locale', value: 'de' }],
    ['currency not a number', { key: 'defaultCurrency', value: 'abc' }],
    ['unknown currency', { key: 'defaultCurrency', value: 99999 }],
    ["another company's branch", { key: 'branch', value: -1 }],
    ['extra field', { key: 'locale', value: 'tr', userId: 1 }],
    ['no value', { key: 'locale' }],
  ])('answers 400 for %s', async (_label, payload) => {
    const res = await dealer.send({ method: 'POST', url: '/api/catalog/settings', payload })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.messages.type).toBeTruthy()
  })

  it('refuses a branch of another dealer company with 400 and keeps the old one', async () => {
    expect((await setPref(dealer, 'locale', 'en')).statusCode).toBe(200)
    const before = await prefs(dealer)
    const res = await setPref(dealer, 'branch', fx.branches[2]!.id)
    expect(res.statusCode).toBe(400)
    // No Accept-Language sent: the message follows the language this user chose (en).
    expect(res.json().error.messages.type).toBe('The chosen branch does not belong to you.')
    const tr = await dealer.send({
      method: 'POST',
      url: '/api/catalog/settings',
      headers: { 'accept-language': 'tr' },
      payload: { key: 'branch', value: fx.branches[2]!.id },
    })
    expect(tr.json().error.messages.type).toBe('Seçilen şube size ait değil.')
    expect((await prefs(dealer)).branch).toBe(before.branch)
  })

  it("keeps each user's preferences apart", async () => {
    expect((await setPref(dealer, 'productListView', 'list')).statusCode).toBe(200)
    const colleague = await loggedInUser(t, fx.customers.c1.id)
    const other = await loggedInUser(t, fx.customers.c2.id)
    expect((await prefs(dealer)).productListView).toBe('list')
    expect((await prefs(colleague)).productListView).toBe('grid')
    expect((await prefs(other)).productListView).toBe('grid')
  })

  it('answers 401 to guests', async () => {
    const guest = new TestClient(t.app)
    await guest.openPage()
    const res = await setPref(guest, 'productListView', 'list')
    expect(res.statusCode).toBe(401)
    expect(res.json().error.code).toBe('unauthenticated')
  })
})
