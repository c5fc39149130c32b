import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STAFF_SCREENS } from '../../contracts/staff-screens'
import {
  permissionFor,
  STAFF_ROLES,
  type StaffArea,
  type StaffRole,
  staffCan,
} from '../../domain/staff-access'
import { users } from '../db/schema/accounts'
import { seedAccounts } from '../test/fixtures'
import { testPasswordHash } from '../test/passwords'
import { createTestApp, type TestApp, TestClient } from '../test/test-app'

/**
 * Every staff route × every staff role. Each route's area is written here, apart from the code that
 * declares it (the routes' `config.staffArea`), so a route moved to another area, or a new staff route,
 * shows up as a difference. A role that may not use the area gets 403 `staff_role` before anything is
 * read; one that may gets past the check (any other answer).
 */
const STAFF_ROUTES: Record<string, StaffArea> = {
  'GET /ws/online-users': 'cockpit',
  'GET /yonetim/top-queries': 'cockpit',
  'GET /yonetim/search_queries': 'cockpit',
  'GET /yonetim/customer-carts': 'cockpit',
  'GET /yonetim/summary': 'sales',
  'GET /yonetim/audit': 'system',
  'GET /yonetim/staff-users': 'system',
  'POST /yonetim/staff-users': 'system',
  'PATCH /yonetim/staff-users/:id': 'system',
  'POST /yonetim/staff-users/:id/password-reset': 'system',
  'GET /yonetim/api-keys': 'system',
  'POST /yonetim/api-keys': 'system',
  'PATCH /yonetim/api-keys/:id': 'system',
  'POST /yonetim/api-keys/:id/rotate': 'system',
  'POST /yonetim/api-keys/:id/revoke': 'system',
  'GET /yonetim/api-keys/:id/webhooks': 'system',
  'POST /yonetim/api-keys/:id/webhooks': 'system',
  'DELETE /yonetim/api-keys/:id/webhooks/:webhookId': 'system',
  'POST /yonetim/api-keys/:id/webhooks/deliveries/:deliveryId/replay': 'system',
  'GET /yonetim/integration-health': 'system',
  'POST /yonetim/import/catalogue/uploads': 'catalogue',
  'POST /yonetim/import/catalogue/uploads/:id/preview': 'catalogue',
  'POST /yonetim/import/catalogue/uploads/:id/start': 'catalogue',
  'GET /yonetim/import/catalogue/jobs': 'catalogue',
  'GET /yonetim/import/catalogue/jobs/:id': 'catalogue',
  'GET /yonetim/import/catalogue/jobs/:id/rejected': 'catalogue',
  'POST /yonetim/import/customers/uploads': 'customers',
  'POST /yonetim/import/customers/uploads/:id/preview': 'customers',
  'POST /yonetim/import/customers/uploads/:id/start': 'customers',
  'GET /yonetim/import/customers/jobs': 'customers',
  'GET /yonetim/import/customers/jobs/:id': 'customers',
  'GET /yonetim/import/customers/jobs/:id/rejected': 'customers',
  'POST /yonetim/import/payments/uploads': 'payments',
  'POST /yonetim/import/payments/uploads/:id/preview': 'payments',
  'POST /yonetim/import/payments/uploads/:id/start': 'payments',
  'GET /yonetim/import/payments/jobs': 'payments',
  'GET /yonetim/import/payments/jobs/:id': 'payments',
  'GET /yonetim/import/payments/jobs/:id/rejected': 'payments',
  'GET /yonetim/history/order/:entityId': 'sales',
  'GET /yonetim/history/offer/:entityId': 'sales',
  'GET /yonetim/history/fault_report/:entityId': 'sales',
  'GET /yonetim/history/customer/:entityId': 'customers',
  'GET /yonetim/history/branch/:entityId': 'customers',
  'GET /yonetim/history/user/:entityId': 'customers',
  'GET /yonetim/history/bank_transfer/:entityId': 'payments',
  'GET /yonetim/history/payment/:entityId': 'payments',
  'GET /yonetim/history/mail/:entityId': 'system',
  'GET /yonetim/history/store_setting/:entityId': 'system',
  'GET /yonetim/history/api_key/:entityId': 'system',
  'GET /yonetim/history/webhook_endpoint/:entityId': 'system',
  'GET /yonetim/history/webhook_delivery/:entityId': 'system',
  'GET /yonetim/history/sync/:entityId': 'system',
  'GET /yonetim/history/product/:entityId': 'catalogue',
  'GET /yonetim/history/invoice/:entityId': 'customers',
  'GET /yonetim/orders': 'sales',
  'GET /yonetim/orders/export': 'sales',
  'GET /yonetim/orders/:id': 'sales',
  'PATCH /yonetim/orders/:id': 'sales',
  'GET /yonetim/offers': 'sales',
  'GET /yonetim/offers/export': 'sales',
  'GET /yonetim/offers/:id': 'sales',
  'POST /yonetim/offers/:id/order': 'sales',
  'GET /yonetim/fault-reports': 'sales',
  'PATCH /yonetim/fault-reports/:id': 'sales',
  'GET /yonetim/fault-reports/:id/photo': 'sales',
  'GET /yonetim/customers': 'customers',
  'GET /yonetim/customers/:id': 'customers',
  'PATCH /yonetim/customers/:id': 'customers',
  'POST /yonetim/customers/:id/branches': 'customers',
  'PATCH /yonetim/customers/:id/branches/:branchId': 'customers',
  'POST /yonetim/customers/:id/users': 'customers',
  'POST /yonetim/customers/:id/users/:userId/disable': 'customers',
  'POST /yonetim/customers/:id/users/:userId/enable': 'customers',
  'POST /yonetim/customers/:id/users/:userId/sessions/end': 'customers',
  'POST /yonetim/customers/:id/users/:userId/password-reset': 'customers',
  'GET /yonetim/customers/:id/statement': 'customers',
  'GET /yonetim/customers/:id/statement.csv': 'customers',
  'GET /yonetim/customers/:id/statement/export': 'customers',
  'GET /yonetim/customers/export': 'customers',
  'GET /yonetim/products/export': 'catalogue',
  'GET /yonetim/products': 'catalogue',
  'GET /yonetim/campaigns': 'catalogue',
  'GET /yonetim/campaigns/:id': 'catalogue',
  'POST /yonetim/campaigns': 'catalogue',
  'PATCH /yonetim/campaigns/:id': 'catalogue',
  'POST /yonetim/campaigns/reorder': 'catalogue',
  'GET /yonetim/history/campaign/:entityId': 'catalogue',
  'GET /yonetim/categories': 'catalogue',
  'POST /yonetim/categories': 'catalogue',
  'PATCH /yonetim/categories/:id': 'catalogue',
  'POST /yonetim/categories/reorder': 'catalogue',
  'GET /yonetim/brands': 'catalogue',
  'POST /yonetim/brands': 'catalogue',
  'PATCH /yonetim/brands/:id': 'catalogue',
  'POST /yonetim/brands/:id/models': 'catalogue',
  'PATCH /yonetim/brands/:id/models/:modelId': 'catalogue',
  'GET /yonetim/warehouses': 'catalogue',
  'POST /yonetim/warehouses': 'catalogue',
  'PATCH /yonetim/warehouses/:id': 'catalogue',
  'GET /yonetim/history/category/:entityId': 'catalogue',
  'GET /yonetim/history/brand/:entityId': 'catalogue',
  'GET /yonetim/history/warehouse/:entityId': 'catalogue',
  'GET /yonetim/products/:id': 'catalogue',
  'POST /yonetim/products': 'catalogue',
  'PATCH /yonetim/products/:id': 'catalogue',
  'GET /yonetim/products/:id/images': 'catalogue',
  'POST /yonetim/products/:id/images': 'catalogue',
  'PUT /yonetim/products/:id/images/order': 'catalogue',
  'POST /yonetim/products/:id/images/:imageId/main': 'catalogue',
  'DELETE /yonetim/products/:id/images/:imageId': 'catalogue',
  'POST /yonetim/products/bulk': 'catalogue',
  'GET /yonetim/products/bulk/:id': 'catalogue',
  'GET /yonetim/products/bulk/:id/rejected': 'catalogue',
  'GET /yonetim/payments/export': 'payments',
  'GET /yonetim/bank-transfers/export': 'payments',
  'GET /yonetim/customers/:id/invoices': 'customers',
  'GET /yonetim/customers/:id/invoices/:invoiceId/pdf': 'customers',
  'GET /yonetim/payments': 'payments',
  'GET /yonetim/payments/summary': 'payments',
  'GET /yonetim/payments/:id': 'payments',
  'POST /yonetim/payments/:id/book': 'payments',
  'POST /yonetim/payments/:id/refund': 'payments',
  'GET /yonetim/payment-links': 'payments',
  'GET /yonetim/payment-setup/plans': 'payments',
  'POST /yonetim/payment-setup/plans': 'payments',
  'PATCH /yonetim/payment-setup/plans/:id': 'payments',
  'DELETE /yonetim/payment-setup/plans/:id': 'payments',
  'POST /yonetim/payment-setup/plans/order': 'payments',
  'GET /yonetim/payment-setup/banks': 'payments',
  'POST /yonetim/payment-setup/banks': 'payments',
  'PUT /yonetim/payment-setup/banks/:id': 'payments',
  'DELETE /yonetim/payment-setup/banks/:id': 'payments',
  'PUT /yonetim/payment-setup/default-plans': 'payments',
  'GET /yonetim/payment-setup/bin': 'payments',
  'POST /yonetim/payment-setup/bin/preview': 'payments',
  'POST /yonetim/payment-setup/bin/apply': 'payments',
  'GET /yonetim/payment-setup/gateway': 'payments',
  'PUT /yonetim/payment-setup/gateway': 'payments',
  'GET /yonetim/history/payment_plan/:entityId': 'payments',
  'GET /yonetim/history/bank/:entityId': 'payments',
  'GET /yonetim/history/bin_list/:entityId': 'payments',
  'GET /yonetim/history/payment_gateway/:entityId': 'payments',
  'GET /yonetim/bank-transfers': 'payments',
  'POST /yonetim/bank-transfers': 'payments',
  'POST /yonetim/bank-transfers/:id/reversal': 'payments',
  'GET /yonetim/settings': 'system',
  'GET /yonetim/settings/notifications': 'system',
  'PUT /yonetim/settings/notifications': 'system',
  'PUT /yonetim/settings/:key': 'system',
  'POST /yonetim/settings/logo': 'system',
  'DELETE /yonetim/settings/logo': 'system',
  'GET /yonetim/exchange-rates': 'system',
  'POST /yonetim/exchange-rates/fetch': 'system',
  'PUT /yonetim/exchange-rates/settings': 'system',
  'PUT /yonetim/exchange-rates/:code': 'system',
  'GET /yonetim/mail-outbox': 'system',
  'POST /yonetim/mail-outbox/:id/retry': 'system',
}

const PASSWORD = 'Personel1234!'
const emailOf = (role: StaffRole) => `personel-${role}@toptan.test`

let t: TestApp
const clients = {} as Record<StaffRole, TestClient>

beforeAll(async () => {
  t = await createTestApp()
  await seedAccounts(t.database.db)
  const passwordHash = await testPasswordHash(PASSWORD)
  await t.database.db.insert(users).values(
    STAFF_ROLES.map((staffRole) => ({
      email: emailOf(staffRole),
      name: `Personel ${staffRole}`,
      passwordHash,
      role: 'admin',
      staffRole,
      customerId: null,
    })),
  )
  for (const role of STAFF_ROLES) {
    const client = new TestClient(t.app)
    const res = await client.login(emailOf(role), PASSWORD)
    if (res.statusCode !== 200) throw new Error(`login ${role}: ${res.statusCode}`)
    clients[role] = client
  }
}, 60_000)
afterAll(() => t.close())

const staffRoutes = () => {
  const seen = new Set<string>()
  return t.app.routeTable
    .filter((r) => r.method !== 'HEAD' && (r.url.startsWith('/yonetim') || r.url.startsWith('/ws/')))
    .map((r) => `${r.method} ${r.url}`)
    .filter((key) => !seen.has(key) && seen.add(key))
}

const call = (role: StaffRole, key: string) => {
  const [method, url] = key.split(' ') as [string, string]
  const request: InjectOptions = {
    method: method as InjectOptions['method'],
    url: url.replace(/:[a-z]+/gi, '1'),
    headers: { origin: 'http://localhost' },
    ...(method === 'GET' ? {} : { payload: {} }),
  }
  return clients[role].send(request)
}

describe('staff routes by role', () => {
  it('names the area of every staff route the app registers, and of none that is gone', () => {
    const registered = staffRoutes()
    expect(registered.filter((key) => !STAFF_ROUTES[key])).toEqual([])
    expect(Object.keys(STAFF_ROUTES).filter((key) => !registered.includes(key))).toEqual([])
  })

  it('refuses each role what its area does not allow, with 403 staff_role, and lets the rest through', async () => {
    const answers: string[] = []
    const expected: string[] = []
    for (const role of STAFF_ROLES) {
      for (const [key, area] of Object.entries(STAFF_ROUTES)) {
        const res = await call(role, key)
        const refused = res.statusCode === 403 && res.json().error?.code === 'staff_role'
        answers.push(`${role} ${key} → ${refused ? 'refused' : res.statusCode === 401 ? 401 : 'through'}`)
        const allowed = staffCan(role, permissionFor(area, key.split(' ')[0]!))
        expected.push(`${role} ${key} → ${allowed ? 'through' : 'refused'}`)
      }
    }
    expect(answers).toEqual(expected)
  }, 60_000)

  it('says why in the user’s language', async () => {
    const res = await clients.catalogue.send({ method: 'GET', url: '/yonetim/payments' })
    expect(res.statusCode).toBe(403)
    expect(res.json().error.messages.type).toBe(
      'Rolünüz bu işleme izin vermiyor. Yetki için mağaza sahibine başvurun.',
    )
  })
})

describe('staff pages by role', () => {
  it('answers a screen the role may not read with the 403 page, and the others as pages', async () => {
    const answers: string[] = []
    const expected: string[] = []
    for (const role of STAFF_ROLES) {
      for (const screen of STAFF_SCREENS) {
        const res = await clients[role].send({ method: 'GET', url: screen.path })
        answers.push(`${role} ${screen.path} → ${res.statusCode}`)
        // The screen's own area read, or (the imports) an area it also serves written: contracts/staff-screens.ts.
        const opens =
          staffCan(role, `${screen.area}:read`) ||
          ('also' in screen && screen.also.some((other) => staffCan(role, `${other.area}:write`)))
        expected.push(`${role} ${screen.path} → ${opens ? 200 : 403}`)
      }
    }
    expect(answers).toEqual(expected)
  }, 60_000)

  it('names the refusal in the 403 page’s title, in English too', async () => {
    const tr = await clients.sales.send({ method: 'GET', url: '/yonetim/e-postalar' })
    expect(tr.body).toContain('<title>Bu sayfa rolünüze açık değil')
    const en = await clients.sales.send({ method: 'GET', url: '/en/yonetim/e-postalar' })
    expect(en.body).toContain('<title>This page is not open to your role')
  })

  it('opens /yonetim itself to every role (the web app takes each on to its first screen)', async () => {
    for (const role of STAFF_ROLES) {
      expect((await clients[role].send({ method: 'GET', url: '/yonetim' })).statusCode, role).toBe(200)
    }
  })
})
