import type { Db } from '../db/client'
import { branches, customers, users } from '../db/schema/accounts'
import { currencies } from '../db/schema/catalogue'
import { paymentPlans } from '../db/schema/payment-plans'
import { storeInfo } from '../db/schema/store'
import { addOverdueInvoice } from './dealers'
import { testPasswordHash } from './passwords'

export const DEALER = { email: 'bayi@toptan.test', password: 'Bayi1234!' }
export const DEALER2 = { email: 'bayi2@toptan.test', password: 'Bayi1234!' }
export const ADMIN = { email: 'yonetici@toptan.test', password: 'Yonetici1234!' }

/** A small store: three currencies, two dealer companies (the first with branches), three accounts. */
export async function seedAccounts(db: Db) {
  const [tryCur, usd, eur] = await db
    .insert(currencies)
    .values([
      { code: 'TRY', name: 'Türk Lirası', symbol: '₺', exchangeRate: '1', isDefault: true, sortOrder: 0 },
      { code: 'USD', name: 'ABD Doları', symbol: '$', exchangeRate: '42.35', sortOrder: 1 },
      { code: 'EUR', name: 'Euro', symbol: '€', exchangeRate: '49.10', sortOrder: 2 },
    ])
    .returning()
  const [c1, c2] = await db
    .insert(customers)
    .values([
      { code: 'C1', name: 'Yıldız Yapı Market Ltd. Şti.', riskLimit: '250000' },
      { code: 'C2', name: 'Ege Hırdavat A.Ş.', profitPercent: '-5' },
    ])
    .returning()
  // The first company owes 12,450.75 TL, 17 days overdue (an invoice in its ledger).
  await addOverdueInvoice(db, c1!.id, '12450.75', 17)
  const branchRows = await db
    .insert(branches)
    .values([
      { customerId: c1!.id, name: 'Merkez' },
      { customerId: c1!.id, name: 'Kadıköy Şube' },
      { customerId: c2!.id, name: 'İzmir Merkez' },
    ])
    .returning()
  const [dealer, dealer2, admin] = await db
    .insert(users)
    .values([
      {
        ...pick(DEALER),
        name: 'Ahmet Yılmaz',
        role: 'dealer',
        customerId: c1!.id,
        passwordHash: await testPasswordHash(DEALER.password),
      },
      {
        ...pick(DEALER2),
        name: 'Ayşe Demir',
        role: 'dealer',
        customerId: c2!.id,
        passwordHash: await testPasswordHash(DEALER2.password),
      },
      {
        ...pick(ADMIN),
        name: 'Mehmet Öztürk',
        role: 'admin',
        staffRole: 'owner',
        customerId: null,
        passwordHash: await testPasswordHash(ADMIN.password),
      },
    ])
    .returning()
  await db.insert(paymentPlans).values([
    { name: 'Peşin', priceName: 'salePrice', isDefault: true, sortOrder: 0 },
    { name: 'Kredi Kartı', priceName: 'advencePrice3', isVirtual: true, sortOrder: 1 },
  ])
  await db
    .insert(storeInfo)
    .values({ id: 1, name: 'Toptan Dağıtım A.Ş.', logo: 'logo.svg', whatsapp: '905321234567' })
  return {
    currencies: { try: tryCur!, usd: usd!, eur: eur! },
    customers: { c1: c1!, c2: c2! },
    branches: branchRows,
    users: { dealer: dealer!, dealer2: dealer2!, admin: admin! },
  }
}

function pick(account: { email: string }) {
  return { email: account.email }
}
