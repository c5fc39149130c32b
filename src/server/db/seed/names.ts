/**
 * Reference data of the demo distributor: currencies, invented brands (no real trademarks), models,
 * warehouses and the word lists that fill descriptions and codes.
 */

import { AUTO_AND_PLUMBING } from './categories-auto-and-plumbing'
import { SITE_SUPPLIES } from './categories-site-supplies'
import { TOOLS_AND_PARTS } from './categories-tools-and-parts'
import type { RootDef } from './category-template'

const byName = (roots: RootDef[], names: string[]) =>
  names.map((n) => {
    const root = roots.find((r) => r.name === n)
    if (!root) throw new Error(`unknown root category ${n}`)
    return root
  })

/** The ten root categories, in menu order. */
export const ROOTS: RootDef[] = byName(
  [...TOOLS_AND_PARTS, ...AUTO_AND_PLUMBING, ...SITE_SUPPLIES],
  [
    'Hırdavat',
    'El Aletleri',
    'Elektrik Malzemeleri',
    'Otomotiv Yedek Parça',
    'Temizlik Ürünleri',
    'İş Güvenliği',
    'Boya ve Yapı Kimyasalları',
    'Bahçe ve Sulama',
    'Tesisat',
    'Ambalaj ve Depolama',
  ],
)

export type CurrencyDef = { code: string; name: string; symbol: string; rate: string; isDefault: boolean }

export const CURRENCIES: CurrencyDef[] = [
  { code: 'TRY', name: 'Türk Lirası', symbol: '₺', rate: '1', isDefault: true },
  { code: 'USD', name: 'Amerikan Doları', symbol: '$', rate: '42.35', isDefault: false },
  { code: 'EUR', name: 'Euro', symbol: '€', rate: '49.10', isDefault: false },
]

export const WAREHOUSES = [
  { code: 'IST', name: 'Merkez Depo İstanbul' },
  { code: 'ANK', name: 'Ankara Depo' },
  { code: 'IZM', name: 'İzmir Depo' },
]

/** Invented brands; `roots` are the category prefixes each one sells in. */
export type BrandDef = { code: string; name: string; roots: string[]; models: number }

export const BRANDS: BrandDef[] = [
  { code: 'ANT', name: 'Anadolu Teknik', roots: ['HRD', 'ELA', 'TST'], models: 5 },
  { code: 'KRT', name: 'Kartal Hırdavat', roots: ['HRD', 'ELA', 'AMB'], models: 4 },
  { code: 'BGZ', name: 'Boğaziçi Elektrik', roots: ['ELK'], models: 4 },
  { code: 'OZK', name: 'Özkan Kablo', roots: ['ELK'], models: 3 },
  { code: 'EGE', name: 'Ege Oto Parça', roots: ['OTO'], models: 5 },
  { code: 'TRS', name: 'Toros Şanzıman', roots: ['OTO'], models: 3 },
  { code: 'KDF', name: 'Karadeniz Fren', roots: ['OTO'], models: 2 },
  { code: 'KYA', name: 'Kaya Temizlik', roots: ['TMZ'], models: 3 },
  { code: 'IPK', name: 'İpek Hijyen', roots: ['TMZ', 'AMB'], models: 2 },
  { code: 'GVN', name: 'Güven İş Güvenliği', roots: ['ISG'], models: 4 },
  { code: 'ILG', name: 'Ilgaz Endüstri', roots: ['HRD', 'ISG', 'TST', 'AMB'], models: 5 },
  { code: 'YLD', name: 'Yıldırım Boya', roots: ['BYA'], models: 4 },
  { code: 'CNR', name: 'Çınar Yapı Kimya', roots: ['BYA'], models: 3 },
  { code: 'DGN', name: 'Doğan Takım', roots: ['ELA', 'OTO'], models: 4 },
  { code: 'YSV', name: 'Yeşilvadi Bahçe', roots: ['BHC'], models: 3 },
  { code: 'AKD', name: 'Akdeniz Tesisat', roots: ['TST', 'BHC'], models: 4 },
  { code: 'SHN', name: 'Şahin Profesyonel', roots: ['ELA', 'BHC', 'ISG'], models: 2 },
  { code: 'GNS', name: 'Güneşli Ambalaj', roots: ['AMB', 'TMZ'], models: 2 },
]

const MODEL_NAMES = [
  'Pro Seri',
  'Ekonomik',
  'Endüstriyel',
  'Usta Serisi',
  'Gold',
  'Klasik',
  'Plus',
  'Titan',
  'Atlas',
  'Çelik Seri',
  'Öncü',
  'Şampiyon',
  'Işık',
  'Doruk',
]

/** A brand's models: a deterministic slice of the name list, so every brand gets its own mix. */
export function modelNamesFor(brandIndex: number, count: number): string[] {
  const names: string[] = []
  for (let i = 0; i < count; i++) names.push(MODEL_NAMES[(brandIndex * 3 + i) % MODEL_NAMES.length] as string)
  return names
}

export const SELLING_POINTS = [
  'Uzun ömürlü ve dayanıklı yapı',
  'Profesyonel kullanıma uygun',
  'TSE ve CE belgeli üretim',
  'Yüksek kalite standartlarında üretilmiştir',
  'Kolay montaj ve kullanım',
  'Korozyona karşı dirençli yüzey',
  'Ergonomik tasarım',
  'Ekonomik ambalaj seçenekleri',
  'Şantiye ve atölye koşullarına uygun',
  'Stoktan hızlı teslimat',
  'İki yıl üretici garantisi',
  'Türkiye genelinde servis ağı',
]

/** Manufacturer prefixes that make up other brands' codes for the same part (equivalent codes). */
export const EQUIVALENT_PREFIXES = ['MRK', 'STN', 'BRS', 'KLM', 'VTR', 'OMG', 'TKN', 'RDX', 'ZNT', 'PRM']
