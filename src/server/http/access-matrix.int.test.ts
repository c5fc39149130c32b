import { existsSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queryRows } from '../test/db-helpers'
import { createUser } from '../test/dealers'
import { ADMIN, DEALER, DEALER2, seedAccounts } from '../test/fixtures'
import {
  addLine,
  faultReport,
  makeOffer,
  type Product,
  placeOrder,
  startedPayment,
  stockedProduct,
} from '../test/owned-records'
import { createTestApp, type TestApp, TestClient } from '../test/test-app'
import { isCsrfExempt } from './csrf'
import { INTEGRATION_PREFIX } from './integration-path'

/**
 * The access matrix: every route the app registers, with what each kind of caller gets.
 * `dealer` owns the records named in addresses (an order, an offer, a cart line, a fault report, a
 * card payment, made in beforeAll); `otherDealer` is a dealer of another company calling on those very
 * addresses; `admin` is the staff. A walk over the route table as it is at run time fails listing any
 * route without an entry and any answer that differs, so every new route needs its line here.
 *
 * Outcomes: 'ok' means the caller got past the permission checks (any answer but 401, 403, 404 or a
 * 5xx: a 400 for the walk's empty body still counts); 401, 403 and 404 (not found: someone else's
 * record, or no such address) must be exactly that status. A HEAD route answers as its GET does. Every
 * request carries the page's CSRF token and a same-origin Origin, so it is the permission that speaks.
 */

type Outcome = 'ok' | 401 | 403 | 404
type Access = { guest: Outcome; dealer: Outcome; otherDealer: Outcome; admin: Outcome }
type Role = keyof Access

const everyone: Access = { guest: 'ok', dealer: 'ok', otherDealer: 'ok', admin: 'ok' }
const usersOnly: Access = { guest: 401, dealer: 'ok', otherDealer: 'ok', admin: 'ok' }
const dealersOnly: Access = { guest: 401, dealer: 'ok', otherDealer: 'ok', admin: 403 }
/** A record of the first dealer's company: another company's dealer is told it does not exist. */
const ownersOnly: Access = { guest: 401, dealer: 'ok', otherDealer: 404, admin: 403 }
const staffOnly: Access = { guest: 401, dealer: 403, otherDealer: 403, admin: 'ok' }
/** Staff only, on a record the walk has none of (an upload kept in memory, an import job): not found. */
const staffNoRecord: Access = { guest: 401, dealer: 403, otherDealer: 403, admin: 404 }
const nobody: Access = { guest: 404, dealer: 404, otherDealer: 404, admin: 404 }
/** The integration API: a bearer key and nothing else; a session of any kind is a 401 there. */
const keysOnly: Access = { guest: 401, dealer: 401, otherDealer: 401, admin: 401 }

const MATRIX: Record<string, Access> = {
  // Pages, health, API documentation.
  'GET /healthz': everyone,
  // From a private address without a proxy header, as app.inject calls (metrics.int.test.ts: the rest).
  'GET /metrics': everyone,
  'GET /*': everyone,
  'GET /api/docs': everyone,
  'GET /api/docs/static/index.html': everyone,
  'GET /api/docs/static/swagger-initializer.js': everyone,
  'GET /api/docs/static/*': nobody,
  'GET /api/docs/json': everyone,
  'GET /api/docs/yaml': everyone,
  'GET /api/openapi.json': everyone,
  'GET /api/*': nobody,
  'POST /api/*': nobody,
  'PUT /api/*': nobody,
  'PATCH /api/*': nobody,
  'DELETE /api/*': nobody,
  // Account, preferences, consent.
  'POST /api/account/login': everyone,
  'POST /api/account/logout': everyone,
  // A forgotten password and a one-time link are for visitors who cannot log in.
  'POST /api/account/password-reset': everyone,
  'POST /api/account/password-set': everyone,
  'GET /api/bootstrap': everyone,
  'POST /api/catalog/account/settings': usersOnly,
  'POST /api/catalog/settings': usersOnly,
  'POST /api/catalog/cookies': everyone,
  // Catalogue and search: public.
  'GET /api/catalog/campaigns': everyone,
  'GET /api/catalog/products': everyone,
  // A product by its address name: the walk's 'x' names none.
  'GET /api/catalog/products/*': nobody,
  'GET /api/catalog/product/:id': everyone,
  'GET /api/catalog/categories': everyone,
  // Product images downloaded from the ERP: public like the build's own images.
  'GET /images/erp/:file': everyone,
  // Uploaded product images and the logo: public too; the walk's `x` names no file.
  'GET /images/up/*': nobody,
  'GET /autocomplete': everyone,
  // Cart: the dealer's own; a line id of another company is not found.
  'GET /api/catalog/cart': dealersOnly,
  'POST /api/catalog/cart/:id': dealersOnly,
  'DELETE /api/catalog/cart': dealersOnly,
  'PATCH /api/catalog/cart/:id': ownersOnly,
  'DELETE /api/catalog/cart/:id': ownersOnly,
  'POST /api/catalog/cart': dealersOnly,
  'GET /api/catalog/cart/checkout': dealersOnly,
  'POST /api/catalog/quick-order/preview': dealersOnly,
  'POST /api/catalog/quick-order/preview-file': dealersOnly,
  'POST /api/catalog/quick-order': dealersOnly,
  // Orders and offers.
  'GET /api/catalog/orders': dealersOnly,
  'GET /api/catalog/order/:id': ownersOnly,
  'PATCH /api/catalog/order/:id': ownersOnly,
  'POST /api/catalog/cart/offer': dealersOnly,
  'GET /api/catalog/offers': dealersOnly,
  'PATCH /api/catalog/offer/:id': ownersOnly,
  'PATCH /api/catalog/offer/mail/:id': ownersOnly,
  'PATCH /api/catalog/offer/edit/:id': ownersOnly,
  // Keyed by offer numbers in the body: another company's numbers are not found.
  'PATCH /api/catalog/offer/update/profit': ownersOnly,
  'PATCH /api/catalog/offer/update/customer': ownersOnly,
  // Payments.
  // A payment link's payer is a guest: the card form's BIN check and the start are open to anyone;
  // what may be paid is decided by the form (the company's own account, or a valid link).
  'POST /api/catalog/bin-control': everyone,
  'GET /api/payment-link/:token': nobody,
  // Payment links are off in this store (a store setting): refused to every dealer too.
  'POST /api/payment-link': { guest: 401, dealer: 403, otherDealer: 403, admin: 403 },
  'GET /payment/start': everyone,
  'POST /api/payments/start': everyone,
  'POST /payment/callback/:gateway': everyone,
  // A payment's result is read by its payer only: anyone else is told it does not exist.
  'GET /api/payments/:id': { guest: 404, dealer: 'ok', otherDealer: 404, admin: 404 },
  // The test POS plays the bank: its page answers anyone (a bad ticket gets its own error page).
  'GET /sandbox-pos/3ds/:token': everyone,
  'POST /sandbox-pos/3ds/:token': everyone,
  // Current account.
  'GET /api/account/statement': dealersOnly,
  'GET /api/account/statement.csv': dealersOnly,
  'GET /api/account/statement/export': dealersOnly,
  'GET /api/account/invoices': dealersOnly,
  'GET /api/account/invoices/:id/pdf': ownersOnly,
  // Fault reports and warranty.
  // Logged-in users only; the walk's category 1 does not exist.
  'GET /api/catalog/faultreport/basecategories/:categoryId': {
    ...usersOnly,
    dealer: 404,
    otherDealer: 404,
    admin: 404,
  },
  'GET /api/catalog/faultreport/product/:categoryId': {
    ...usersOnly,
    dealer: 404,
    otherDealer: 404,
    admin: 404,
  },
  'POST /api/catalog/fault-reports': dealersOnly,
  'GET /api/catalog/fault-reports': dealersOnly,
  'GET /api/catalog/fault-reports/:id/photo': ownersOnly,
  'POST /api/catalog/WarrantyInquiry': usersOnly,
  // The staff area and the staff socket.
  // Without an upgrade the socket's address is not found, for the staff too.
  'GET /ws/online-users': { ...staffOnly, admin: 404 },
  'GET /yonetim/mail-outbox': staffOnly,
  'POST /yonetim/mail-outbox/:id/retry': staffOnly,
  'GET /yonetim/payments': staffOnly,
  'GET /yonetim/payments/summary': staffOnly,
  'GET /yonetim/payments/:id': staffOnly,
  'POST /yonetim/payments/:id/book': staffOnly,
  'POST /yonetim/payments/:id/refund': staffOnly,
  'GET /yonetim/payment-links': staffOnly,
  // The payment setup screen (payment-setup.int.test.ts: roles, audit, keys never answered). Its
  // addresses name a plan and a bank the walk does not have, so nothing of the store's is deleted.
  'GET /yonetim/payment-setup/plans': staffOnly,
  'POST /yonetim/payment-setup/plans': staffOnly,
  'PATCH /yonetim/payment-setup/plans/:id': staffNoRecord,
  'DELETE /yonetim/payment-setup/plans/:id': staffNoRecord,
  'POST /yonetim/payment-setup/plans/order': staffOnly,
  'GET /yonetim/payment-setup/banks': staffOnly,
  'POST /yonetim/payment-setup/banks': staffOnly,
  'PUT /yonetim/payment-setup/banks/:id': staffOnly,
  'DELETE /yonetim/payment-setup/banks/:id': staffNoRecord,
  'PUT /yonetim/payment-setup/default-plans': staffOnly,
  'GET /yonetim/payment-setup/bin': staffOnly,
  'POST /yonetim/payment-setup/bin/preview': staffOnly,
  'POST /yonetim/payment-setup/bin/apply': staffOnly,
  'GET /yonetim/payment-setup/gateway': staffOnly,
  'PUT /yonetim/payment-setup/gateway': staffOnly,
  'GET /yonetim/history/payment_plan/:entityId': staffOnly,
  'GET /yonetim/history/bank/:entityId': staffOnly,
  'GET /yonetim/history/bin_list/:entityId': staffOnly,
  'GET /yonetim/history/payment_gateway/:entityId': staffOnly,
  'GET /yonetim/customers': staffOnly,
  'GET /yonetim/customers/:id': staffOnly,
  'PATCH /yonetim/customers/:id': staffOnly,
  'POST /yonetim/customers/:id/branches': staffOnly,
  'PATCH /yonetim/customers/:id/branches/:branchId': staffOnly,
  'POST /yonetim/customers/:id/users': staffOnly,
  'POST /yonetim/customers/:id/users/:userId/disable': staffOnly,
  'POST /yonetim/customers/:id/users/:userId/enable': staffOnly,
  'POST /yonetim/customers/:id/users/:userId/sessions/end': staffOnly,
  'POST /yonetim/customers/:id/users/:userId/password-reset': staffOnly,
  'GET /yonetim/customers/:id/statement': staffOnly,
  'GET /yonetim/customers/:id/statement.csv': staffOnly,
  'GET /yonetim/customers/:id/statement/export': staffOnly,
  'GET /yonetim/customers/export': staffOnly,
  'GET /yonetim/products/export': staffOnly,
  'GET /yonetim/products': staffOnly,
  'GET /yonetim/campaigns': staffOnly,
  'GET /yonetim/campaigns/:id': staffNoRecord,
  'POST /yonetim/campaigns': staffOnly,
  'PATCH /yonetim/campaigns/:id': staffNoRecord,
  'POST /yonetim/campaigns/reorder': staffOnly,
  'GET /yonetim/history/campaign/:entityId': staffOnly,
  'GET /yonetim/categories': staffOnly,
  'POST /yonetim/categories': staffOnly,
  'PATCH /yonetim/categories/:id': staffNoRecord,
  'POST /yonetim/categories/reorder': staffOnly,
  'GET /yonetim/brands': staffOnly,
  'POST /yonetim/brands': staffOnly,
  'PATCH /yonetim/brands/:id': staffOnly,
  'POST /yonetim/brands/:id/models': staffOnly,
  'PATCH /yonetim/brands/:id/models/:modelId': staffOnly,
  'GET /yonetim/warehouses': staffOnly,
  'POST /yonetim/warehouses': staffOnly,
  'PATCH /yonetim/warehouses/:id': staffOnly,
  'GET /yonetim/history/category/:entityId': staffOnly,
  'GET /yonetim/history/brand/:entityId': staffOnly,
  'GET /yonetim/history/warehouse/:entityId': staffOnly,
  'GET /yonetim/products/:id': staffOnly,
  'POST /yonetim/products': staffOnly,
  'PATCH /yonetim/products/:id': staffOnly,
  'GET /yonetim/products/:id/images': staffOnly,
  'POST /yonetim/products/:id/images': staffOnly,
  'PUT /yonetim/products/:id/images/order': staffOnly,
  // The walk's product has no uploaded image.
  'POST /yonetim/products/:id/images/:imageId/main': staffNoRecord,
  'DELETE /yonetim/products/:id/images/:imageId': staffNoRecord,
  'POST /yonetim/products/bulk': staffOnly,
  'GET /yonetim/products/bulk/:id': staffNoRecord,
  'GET /yonetim/products/bulk/:id/rejected': staffNoRecord,
  'GET /yonetim/payments/export': staffOnly,
  'GET /yonetim/bank-transfers/export': staffOnly,
  'GET /yonetim/customers/:id/invoices': staffOnly,
  'GET /yonetim/customers/:id/invoices/:invoiceId/pdf': staffOnly,
  'GET /yonetim/bank-transfers': staffOnly,
  'GET /yonetim/settings': staffOnly,
  'GET /yonetim/settings/notifications': staffOnly,
  'GET /yonetim/summary': staffOnly,
  'GET /yonetim/audit': staffOnly,
  'GET /yonetim/staff-users': staffOnly,
  'POST /yonetim/staff-users': staffOnly,
  'PATCH /yonetim/staff-users/:id': staffOnly,
  'POST /yonetim/staff-users/:id/password-reset': staffOnly,
  'GET /yonetim/api-keys': staffOnly,
  'POST /yonetim/api-keys': staffOnly,
  'PATCH /yonetim/api-keys/:id': staffOnly,
  'POST /yonetim/api-keys/:id/rotate': staffOnly,
  'POST /yonetim/api-keys/:id/revoke': staffOnly,
  'GET /yonetim/api-keys/:id/webhooks': staffOnly,
  'POST /yonetim/api-keys/:id/webhooks': staffOnly,
  // Past the check, the owner's call names no endpoint or delivery of the key: 404.
  'DELETE /yonetim/api-keys/:id/webhooks/:webhookId': { ...staffOnly, admin: 404 },
  'POST /yonetim/api-keys/:id/webhooks/deliveries/:deliveryId/replay': { ...staffOnly, admin: 404 },
  'GET /yonetim/integration-health': staffOnly,
  // Spreadsheet imports, one door per area (imports.int.test.ts: roles, uploads of other users).
  'POST /yonetim/import/catalogue/uploads': staffOnly,
  'POST /yonetim/import/catalogue/uploads/:id/preview': staffOnly,
  'POST /yonetim/import/catalogue/uploads/:id/start': staffOnly,
  'GET /yonetim/import/catalogue/jobs': staffOnly,
  'GET /yonetim/import/catalogue/jobs/:id': staffNoRecord,
  'GET /yonetim/import/catalogue/jobs/:id/rejected': staffNoRecord,
  'POST /yonetim/import/customers/uploads': staffOnly,
  'POST /yonetim/import/customers/uploads/:id/preview': staffOnly,
  'POST /yonetim/import/customers/uploads/:id/start': staffOnly,
  'GET /yonetim/import/customers/jobs': staffOnly,
  'GET /yonetim/import/customers/jobs/:id': staffNoRecord,
  'GET /yonetim/import/customers/jobs/:id/rejected': staffNoRecord,
  'POST /yonetim/import/payments/uploads': staffOnly,
  'POST /yonetim/import/payments/uploads/:id/preview': staffOnly,
  'POST /yonetim/import/payments/uploads/:id/start': staffOnly,
  'GET /yonetim/import/payments/jobs': staffOnly,
  'GET /yonetim/import/payments/jobs/:id': staffNoRecord,
  'GET /yonetim/import/payments/jobs/:id/rejected': staffNoRecord,
  // The ERP integration API (integration-keys.int.test.ts: keys, scopes, rate limit).
  'GET /api/integration/v1/key': keysOnly,
  'POST /api/integration/v1/categories': keysOnly,
  'POST /api/integration/v1/brands': keysOnly,
  'POST /api/integration/v1/warehouses': keysOnly,
  'POST /api/integration/v1/products': keysOnly,
  'POST /api/integration/v1/prices': keysOnly,
  'POST /api/integration/v1/stock': keysOnly,
  'POST /api/integration/v1/jobs': keysOnly,
  'GET /api/integration/v1/jobs/:id': keysOnly,
  'GET /api/integration/v1/jobs/:id/rejected': keysOnly,
  'GET /api/integration/v1/orders': keysOnly,
  'GET /api/integration/v1/offers': keysOnly,
  'GET /api/integration/v1/payments': keysOnly,
  'GET /api/integration/v1/customer-users': keysOnly,
  'POST /api/integration/v1/orders/:id/ack': keysOnly,
  'POST /api/integration/v1/customers': keysOnly,
  'POST /api/integration/v1/users': keysOnly,
  'POST /api/integration/v1/ledger-entries': keysOnly,
  'POST /api/integration/v1/serials': keysOnly,
  'POST /api/integration/v1/campaigns': keysOnly,
  'POST /api/integration/v1/invoices': keysOnly,
  'PUT /api/integration/v1/invoices/:number/pdf': keysOnly,
  'GET /api/integration/v1/*': keysOnly,
  'POST /api/integration/v1/*': keysOnly,
  'PUT /api/integration/v1/*': keysOnly,
  'PATCH /api/integration/v1/*': keysOnly,
  'DELETE /api/integration/v1/*': keysOnly,
  // The exports through the integration API (spreadsheets/exports.int.test.ts: scopes and files).
  'GET /api/integration/v1/exports/orders': keysOnly,
  'GET /api/integration/v1/exports/offers': keysOnly,
  'GET /api/integration/v1/exports/payments': keysOnly,
  'GET /api/integration/v1/exports/bank-transfers': keysOnly,
  'GET /api/integration/v1/exports/customers': keysOnly,
  'GET /api/integration/v1/exports/products': keysOnly,
  'GET /api/integration/v1/exports/statement': keysOnly,
  // A record's own history, one address per kind of record (each its own area: staff-roles.int.test.ts).
  'GET /yonetim/history/order/:entityId': staffOnly,
  'GET /yonetim/history/offer/:entityId': staffOnly,
  'GET /yonetim/history/bank_transfer/:entityId': staffOnly,
  'GET /yonetim/history/payment/:entityId': staffOnly,
  'GET /yonetim/history/fault_report/:entityId': staffOnly,
  'GET /yonetim/history/mail/:entityId': staffOnly,
  'GET /yonetim/history/store_setting/:entityId': staffOnly,
  'GET /yonetim/history/api_key/:entityId': staffOnly,
  'GET /yonetim/history/sync/:entityId': staffOnly,
  'GET /yonetim/history/product/:entityId': staffOnly,
  'GET /yonetim/history/webhook_endpoint/:entityId': staffOnly,
  'GET /yonetim/history/webhook_delivery/:entityId': staffOnly,
  'GET /yonetim/history/invoice/:entityId': staffOnly,
  'GET /yonetim/history/customer/:entityId': staffOnly,
  'GET /yonetim/history/branch/:entityId': staffOnly,
  'GET /yonetim/history/user/:entityId': staffOnly,
  'PUT /yonetim/settings/notifications': staffOnly,
  'PUT /yonetim/settings/:key': staffOnly,
  'POST /yonetim/settings/logo': staffOnly,
  'DELETE /yonetim/settings/logo': staffOnly,
  'GET /yonetim/exchange-rates': staffOnly,
  'POST /yonetim/exchange-rates/fetch': staffOnly,
  'PUT /yonetim/exchange-rates/settings': staffOnly,
  'PUT /yonetim/exchange-rates/:code': staffOnly,
  'POST /yonetim/bank-transfers': staffOnly,
  'POST /yonetim/bank-transfers/:id/reversal': staffOnly,
  'GET /yonetim/customer-carts': staffOnly,
  'GET /yonetim/top-queries': staffOnly,
  'GET /yonetim/search_queries': staffOnly,
  'GET /yonetim/orders': staffOnly,
  'GET /yonetim/orders/export': staffOnly,
  'GET /yonetim/orders/:id': staffOnly,
  'PATCH /yonetim/orders/:id': staffOnly,
  'GET /yonetim/offers': staffOnly,
  'GET /yonetim/offers/export': staffOnly,
  'GET /yonetim/offers/:id': staffOnly,
  'POST /yonetim/offers/:id/order': staffOnly,
  'GET /yonetim/fault-reports': staffOnly,
  'PATCH /yonetim/fault-reports/:id': staffOnly,
  'GET /yonetim/fault-reports/:id/photo': staffOnly,
}

/** The built web app's files (dist/web, else public/): public to everyone, as one entry. */
const STATIC_FILES: Access = everyone
/** Address the static-files plugin keeps from the public although it registers a route for it. */
const HIDDEN_FILE = /^\/(?:index\.html|locales\/)|\.(?:br|gz)$/

let t: TestApp
let clients: Record<Role, TestClient>
let product: Product
let owned: {
  cartLine: number
  order: number
  offer: { id: number; orderNo: string }
  faultReport: number
  payment: string
  /** A dealer of the first company of its own, whom the staff's user calls disable and sign out. */
  spareUser: { customerId: number; id: number }
  /** A staff user of their own, whom the staff users' calls name (user 1 is a dealer: a 404 there). */
  spareStaff: number
  /** An integration key the key calls name. */
  apiKey: number
  /** An ERP invoice of the first company, with its PDF. */
  invoice: { id: number; customerId: number }
}

const login = async (account: { email: string; password: string }) => {
  const client = new TestClient(t.app)
  const res = await client.login(account.email, account.password)
  if (res.statusCode !== 200) throw new Error(`login ${res.statusCode}`)
  return client
}

beforeAll(async () => {
  t = await createTestApp()
  const fx = await seedAccounts(t.database.db)
  const guest = new TestClient(t.app)
  await guest.openPage()
  clients = {
    guest,
    dealer: await login(DEALER),
    otherDealer: await login(DEALER2),
    admin: await login(ADMIN),
  }
  const dealer = clients.dealer
  product = await stockedProduct(t)
  const offer = await makeOffer(dealer, product)
  const order = await placeOrder(dealer, product)
  await addLine(dealer, product, 2)
  const cart = (await dealer.send({ method: 'GET', url: '/api/catalog/cart' })).json()
  const [invoice] = await queryRows<{ id: number }>(
    t.database.db,
    sql`insert into erp_invoices (number, customer_id, date, amount, currency, created_at, updated_at)
      values ('MATRIX-1', ${fx.customers.c1.id}, '2026-03-02', 10, 'TRY', now(), now()) returning id`,
  )
  await t.database.db.execute(sql`insert into erp_invoice_pdfs (invoice_id, bytes, size, sha256, content_type, source, stored_at)
    values (${invoice!.id}, '\\x255044462d', 5, 'x', 'application/pdf', 'upload', now())`)
  owned = {
    invoice: { id: invoice!.id, customerId: fx.customers.c1.id },
    cartLine: cart.items[0].id,
    order: order.id,
    offer: { id: offer.id, orderNo: offer.orderNo },
    faultReport: await faultReport(t, fx.customers.c1.id, fx.users.dealer.id),
    payment: await startedPayment(t, dealer),
    spareUser: {
      customerId: fx.customers.c1.id,
      id: (await createUser(t.database.db, fx.customers.c1.id)).id,
    },
    spareStaff: (await createUser(t.database.db, null, { staffRole: 'sales' })).id,
    apiKey: (
      await clients.admin.send({
        method: 'POST',
        url: '/yonetim/api-keys',
        payload: { name: 'matrix', scopes: ['orders:read'] },
      })
    ).json().id,
  }
  // The other company has a cart line of its own, so "not found" is not just an empty cart.
  await addLine(clients.otherDealer, product)
}, 60_000)
afterAll(() => t.close())

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])

/** What the app's writes change, in one row: counts and states of every table a call here may touch. */
const writableState = () =>
  queryRows(
    t.database.db,
    sql`select (select count(*) from orders)::int orders,
          (select string_agg(status, ',' order by id) from orders) order_states,
          (select count(*) from offers)::int offers,
          (select string_agg(is_cancel::text, ',' order by id) from offers) offer_states,
          (select string_agg(product_id || 'x' || quantity, ',' order by id) from cart_items) cart_lines,
          (select count(*) from sessions)::int sessions, (select count(*) from mail_outbox)::int mails,
          (select string_agg(status, ',' order by id) from fault_reports) reports,
          (select count(*) from payment_intents)::int payments, (select count(*) from payment_links)::int links,
          (select count(*) from password_links)::int password_links,
          (select count(*) from ledger_entries)::int ledger, (select count(*) from user_preferences)::int prefs,
          (select string_agg(password_hash, ',' order by id) from users) passwords`,
  )

/** Where a route pattern is called: the first dealer's records for their parameters, else 1 or x. */
function addressOf(method: string, url: string): string {
  const ids: Record<string, string | number> = {
    '/api/catalog/cart/:id': method === 'POST' ? product.id : owned.cartLine,
    '/api/catalog/order/:id': owned.order,
    '/api/catalog/offer/:id': owned.offer.id,
    '/api/catalog/offer/mail/:id': owned.offer.id,
    '/api/catalog/offer/edit/:id': owned.offer.id,
    '/api/catalog/fault-reports/:id/photo': owned.faultReport,
    '/yonetim/orders/:id': owned.order,
    '/yonetim/offers/:id': owned.offer.id,
    '/yonetim/offers/:id/order': owned.offer.id,
    '/yonetim/fault-reports/:id': owned.faultReport,
    '/yonetim/fault-reports/:id/photo': owned.faultReport,
    '/api/payments/:id': owned.payment,
    '/yonetim/payments/:id': owned.payment,
    '/yonetim/payments/:id/book': owned.payment,
    '/yonetim/payments/:id/refund': owned.payment,
    '/api/catalog/product/:id': product.id,
    '/yonetim/products/:id': product.id,
    '/yonetim/products/:id/images': product.id,
    '/yonetim/products/:id/images/order': product.id,
    '/payment/callback/:gateway': 'sandbox',
    '/yonetim/staff-users/:id': owned.spareStaff,
    '/yonetim/staff-users/:id/password-reset': owned.spareStaff,
    '/yonetim/api-keys/:id': owned.apiKey,
    '/yonetim/api-keys/:id/rotate': owned.apiKey,
    '/yonetim/api-keys/:id/revoke': owned.apiKey,
    '/yonetim/api-keys/:id/webhooks': owned.apiKey,
    '/yonetim/payment-setup/plans/:id': 999_999,
    '/yonetim/payment-setup/banks/:id': 999_999,
  }
  if (url === '/api/account/invoices/:id/pdf') return url.replace(':id', String(owned.invoice.id))
  if (url === '/yonetim/customers/:id/invoices/:invoiceId/pdf')
    return url
      .replace(':id', String(owned.invoice.customerId))
      .replace(':invoiceId', String(owned.invoice.id))
  if (url.startsWith('/yonetim/products/:id/images/:imageId'))
    return url.replace(':id', String(product.id)).replace(':imageId', '1')
  if (url.startsWith('/yonetim/customers/:id/users/:userId/'))
    return url
      .replace(':id', String(owned.spareUser.customerId))
      .replace(':userId', String(owned.spareUser.id))
  const id = ids[url]
  if (id !== undefined) return url.replace(/:[A-Za-z_]+/, String(id))
  return url.replace(/:[A-Za-z_][A-Za-z0-9_]*/g, '1').replace(/\*/g, 'x')
}

/** The body of a state-changing call: empty (refused on its contents at worst), but where a valid one is
 * needed to reach the permission check: a line's change, a cancellation, a preference, the calls keyed
 * by offer numbers. */
function bodyOf(url: string): object {
  if (url === '/api/catalog/cart/:id') return { quantity: 3 }
  if (url === '/api/catalog/settings') return { key: 'productListView', value: 'list' }
  if (url === '/api/catalog/order/:id' || url === '/api/catalog/offer/:id') return { cancel: true }
  if (url === '/api/catalog/offer/update/profit') return { [owned.offer.orderNo]: {} }
  if (url === '/api/catalog/offer/update/customer')
    return {
      [owned.offer.orderNo]: {
        customerName: 'X',
        customerCompanyName: '',
        customerEmail: '',
        customerPhone: '',
      },
    }
  return {}
}

const outcomeOf = (status: number): Outcome | number =>
  status === 401 || status === 403 || status === 404 || status >= 500 ? status : 'ok'

function isStaticFile(method: string, url: string) {
  if (method !== 'GET' && method !== 'HEAD') return false
  const root = path.join(t.deps.config.rootDir, 'dist', 'web')
  const dir = existsSync(root) ? root : path.join(t.deps.config.rootDir, 'public')
  return !url.includes(':') && !url.includes('*') && existsSync(path.join(dir, url)) && url !== '/'
}

function routes() {
  const seen = new Set<string>()
  return t.app.routeTable.filter((r) => {
    const key = `${r.method} ${r.url}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

function expectedFor(method: string, url: string): Access | undefined {
  if (isStaticFile(method, url)) return HIDDEN_FILE.test(url) ? nobody : STATIC_FILES
  return MATRIX[`${method === 'HEAD' ? 'GET' : method} ${url}`]
}

async function call(role: Role, method: string, url: string) {
  // Logging out ends the session: a fresh one of the same kind makes that call.
  const client =
    url === '/api/account/logout'
      ? role === 'guest'
        ? await (async () => {
            const c = new TestClient(t.app)
            await c.openPage()
            return c
          })()
        : await login({ dealer: DEALER, otherDealer: DEALER2, admin: ADMIN }[role])
      : clients[role]
  const request: InjectOptions = {
    method: method as InjectOptions['method'],
    url: addressOf(method, url),
    headers: { origin: 'http://localhost' },
    ...(SAFE.has(method) ? {} : { payload: bodyOf(url) }),
  }
  return client.send(request)
}

describe('the access matrix, walked over the whole route table', () => {
  it('has an entry for every registered route, and none for a route that is gone', () => {
    const missing = routes()
      .filter((r) => !expectedFor(r.method, r.url))
      .map((r) => `${r.method} ${r.url}`)
    expect(missing, 'routes without an entry in MATRIX').toEqual([])
    const registered = new Set(routes().map((r) => `${r.method} ${r.url}`))
    expect(Object.keys(MATRIX).filter((key) => !registered.has(key))).toEqual([])
  })

  it('answers every route as the matrix says, for a guest, another company, the staff and the owner', async () => {
    const answers: string[] = []
    const expected: string[] = []
    const wrongCodes: string[] = []
    const all = routes().filter((r) => expectedFor(r.method, r.url))
    // The owner last: their calls may change their own records (cancel the order, empty the cart).
    // The owner's own emptying of the cart and ordering from it come after their calls on a cart line.
    const last = (r: { method: string; url: string }) =>
      r.url === '/api/catalog/cart' && r.method !== 'GET' ? 1 : 0
    const ordered = [...all].sort((a, b) => last(a) - last(b))
    for (const role of ['guest', 'otherDealer', 'admin', 'dealer'] as const) {
      for (const route of ordered) {
        const res = await call(role, route.method, route.url)
        const label = `${role} ${route.method} ${route.url}`
        answers.push(`${label} → ${outcomeOf(res.statusCode)}`)
        expected.push(`${label} → ${expectedFor(route.method, route.url)![role]}`)
        // A refusal says why in the error shape: 401 is "log in"; a 403 is the permission's, never the
        // anti-forgery check's (every request here carries a valid token and our own Origin).
        if (res.statusCode === 401 || res.statusCode === 403) {
          const code = route.method === 'HEAD' ? undefined : res.json().error?.code
          // The integration API's 401 asks for a key instead (integration-keys.int.test.ts).
          const loginCode = route.url.startsWith(INTEGRATION_PREFIX) ? 'api_key_missing' : 'unauthenticated'
          if (res.statusCode === 401 && code !== undefined && code !== loginCode)
            wrongCodes.push(`${label} → 401 ${code}`)
          if (res.statusCode === 403 && (code === 'csrf' || code === 'bad_origin'))
            wrongCodes.push(`${label} → 403 ${code}`)
        }
      }
    }
    expect(answers).toEqual(expected)
    expect(wrongCodes).toEqual([])
  }, 120_000)
})

describe('a foreign Origin, walked over every state-changing route', () => {
  it('is refused with 403 bad_origin before anything happens, with a valid token, for every caller', async () => {
    const stateChanging = routes().filter(
      // The integration API takes no browser's word at all: a key or a 401, whatever the origin.
      (r) =>
        !SAFE.has(r.method) &&
        !isCsrfExempt(addressOf(r.method, r.url)) &&
        !r.url.startsWith(INTEGRATION_PREFIX),
    )
    expect(stateChanging.length).toBeGreaterThan(25)
    const before = await writableState()
    const answers: string[] = []
    for (const role of ['guest', 'dealer', 'otherDealer', 'admin'] as const) {
      for (const route of stateChanging) {
        const res = await clients[role].send({
          method: route.method as InjectOptions['method'],
          url: addressOf(route.method, route.url),
          headers: { origin: 'https://evil.example' },
          payload: bodyOf(route.url),
        })
        answers.push(`${role} ${route.method} ${route.url} → ${res.statusCode} ${res.json().error?.code}`)
      }
    }
    expect(answers.filter((a) => !a.endsWith('→ 403 bad_origin'))).toEqual([])
    expect(await writableState()).toEqual(before)
  }, 60_000)
})
