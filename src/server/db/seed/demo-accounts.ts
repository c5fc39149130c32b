/** Demo dealer companies, their branches and the demo logins. */
import { count } from 'drizzle-orm'
import { ledgerDay } from '../../../domain/ledger'
import { createUser } from '../../modules/account/account.service'
import type { Db } from '../client'
import { branches, customers, users } from '../schema/accounts'
import { seedDemoLedger } from './demo-ledger'

export const DEMO_LOGINS = [
  { email: 'bayi@toptan.test', password: 'Bayi1234!', name: 'Ahmet Yılmaz', role: 'dealer', customer: 0 },
  { email: 'bayi2@toptan.test', password: 'Bayi1234!', name: 'Ayşe Demir', role: 'dealer', customer: 1 },
  {
    email: 'yonetici@toptan.test',
    password: 'Yonetici1234!',
    name: 'Mehmet Öztürk',
    role: 'admin',
    customer: null,
  },
  // The end-to-end test of the account settings changes this one's password (and sets it back); no
  // other test logs in with it, so the others never meet a changed password.
  { email: 'bayi3@toptan.test', password: 'Bayi1234!', name: 'Can Aksoy', role: 'dealer', customer: 2 },
  // A staff user who may look at every staff screen and change nothing (a read-only role).
  {
    email: 'izleyici@toptan.test',
    password: 'Izleyici1234!',
    name: 'Deniz Kaya',
    role: 'admin',
    staffRole: 'readonly',
    customer: null,
  },
  // A staff user of the sales team: dealers' orders, offers, customers and the cockpit.
  {
    email: 'satis@toptan.test',
    password: 'Satis1234!',
    name: 'Elif Şahin',
    role: 'admin',
    staffRole: 'sales',
    customer: null,
  },
] as const

const CUSTOMERS = [
  {
    code: '120.01.001',
    name: 'Yıldız Yapı Market Ltd. Şti.',
    taxOffice: 'Kozyatağı',
    taxNumber: '9870543216',
    email: 'muhasebe@yildizyapi.test',
    phone: '0216 470 55 66',
    address: 'İçerenköy Mah. Değirmen Yolu Cad. No: 28',
    town: 'Ataşehir',
    city: 'İstanbul',
    riskLimit: '250000',
    profitPercent: '0',
    branches: [
      {
        name: 'Merkez Mağaza – Ataşehir',
        address: 'İçerenköy Mah. Değirmen Yolu Cad. No: 28, Ataşehir/İstanbul',
      },
      { name: 'Ümraniye Şubesi', address: 'Tatlısu Mah. Şişli Cad. No: 7, Ümraniye/İstanbul' },
      { name: 'Gebze Şubesi', address: 'Güzeller OSB Mah. İnönü Cad. No: 41, Gebze/Kocaeli' },
    ],
  },
  {
    code: '120.01.002',
    name: 'Çağlar Oto Yedek Parça San. ve Tic. A.Ş.',
    taxOffice: 'Ostim',
    taxNumber: '2140987765',
    email: 'siparis@caglaroto.test',
    phone: '0312 385 20 40',
    address: 'Ostim OSB Mah. 1203. Cad. No: 14',
    town: 'Yenimahalle',
    city: 'Ankara',
    riskLimit: '0',
    profitPercent: '-5',
    branches: [{ name: 'Ostim Merkez', address: 'Ostim OSB Mah. 1203. Cad. No: 14, Yenimahalle/Ankara' }],
  },
  {
    code: '120.01.003',
    name: 'Güneş Elektrik İnşaat Ltd. Şti.',
    taxOffice: 'Bornova',
    taxNumber: '4410236598',
    email: 'info@guneselektrik.test',
    phone: '0232 462 11 90',
    address: 'Kazımdirik Mah. 372. Sok. No: 5',
    town: 'Bornova',
    city: 'İzmir',
    riskLimit: '100000',
    profitPercent: '2.5',
    branches: [
      { name: 'Bornova Merkez', address: 'Kazımdirik Mah. 372. Sok. No: 5, Bornova/İzmir' },
      { name: 'Çiğli Depo', address: 'Atatürk OSB Mah. 10003. Sok. No: 12, Çiğli/İzmir' },
    ],
  },
  {
    code: '120.01.004',
    name: 'Öztürk Hırdavat ve Nalburiye',
    taxOffice: 'Osmangazi',
    taxNumber: '6650871234',
    email: 'ozturkhirdavat@ornek.test',
    phone: '0224 251 37 73',
    address: 'Alaşarköy Mah. Ulubatlı Hasan Bulvarı No: 63',
    town: 'Osmangazi',
    city: 'Bursa',
    // 1 = ordering blocked (spec/2 §5): a dealer whose account is on hold.
    riskLimit: '1',
    profitPercent: '0',
    branches: [
      { name: 'Osmangazi Mağaza', address: 'Alaşarköy Mah. Ulubatlı Hasan Bulvarı No: 63, Osmangazi/Bursa' },
    ],
  },
]

export type AccountCounts = { customers: number; branches: number; users: number; skipped: boolean }

/**
 * Adds the demo accounts, with their current accounts dated from `now` (demo-ledger.ts), unless the
 * database already has customers or users (then leaves them alone).
 */
export async function seedAccounts(db: Db, now: Date): Promise<AccountCounts> {
  const [c] = await db.select({ n: count() }).from(customers)
  const [u] = await db.select({ n: count() }).from(users)
  if ((c?.n ?? 0) > 0 || (u?.n ?? 0) > 0) return { customers: 0, branches: 0, users: 0, skipped: true }

  const customerRows = await db
    .insert(customers)
    .values(CUSTOMERS.map(({ branches: _, ...rest }) => rest))
    .returning({ id: customers.id, code: customers.code })
  const idOf = (index: number) => customerRows.find((r) => r.code === CUSTOMERS[index]?.code)?.id as number

  const branchRows = CUSTOMERS.flatMap((cust, i) => cust.branches.map((b) => ({ ...b, customerId: idOf(i) })))
  await db.insert(branches).values(branchRows)
  await seedDemoLedger(
    db,
    CUSTOMERS.map((_, i) => idOf(i)),
    ledgerDay(now),
  )

  // One after another, so the demo users' ids follow the list.
  for (const login of DEMO_LOGINS) {
    await createUser(db, {
      email: login.email,
      name: login.name,
      password: login.password,
      role: login.role,
      staffRole: 'staffRole' in login ? login.staffRole : undefined,
      customerId: login.customer === null ? null : idOf(login.customer),
    })
  }
  return {
    customers: customerRows.length,
    branches: branchRows.length,
    users: DEMO_LOGINS.length,
    skipped: false,
  }
}
