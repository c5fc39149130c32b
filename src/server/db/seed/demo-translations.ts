/**
 * English forms of the demo's Turkish names: categories, units, campaigns, payment plans,
 * variant dimensions and options, and the special-code heading. Stored in the translations table; /en/… shows them, and a name left
 * out here shows in Turkish. Rows are matched by their Turkish name, so this also fills a database
 * whose catalogue was loaded earlier.
 */
import { inArray } from 'drizzle-orm'
import type { Db } from '../client'
import { campaigns, categories } from '../schema/catalogue'
import { paymentPlans } from '../schema/payment-plans'
import { translations } from '../schema/translations'

export const CATEGORY_NAMES_EN: Record<string, string> = {
  'Otomotiv Yedek Parça': 'Automotive Spare Parts',
  'Şanzıman Parçaları': 'Transmission Parts',
  'Fren Sistemi': 'Brake System',
  'Motor Parçaları': 'Engine Parts',
  Filtreler: 'Filters',
  Tesisat: 'Plumbing',
  'Vana ve Bağlantılar': 'Valves and Fittings',
  'PPR Boru ve Ek Parçalar': 'PPR Pipes and Fittings',
  Armatürler: 'Taps and Mixers',
  'Temizlik Ürünleri': 'Cleaning Products',
  'Yüzey Temizleyiciler': 'Surface Cleaners',
  'Kağıt Ürünleri': 'Paper Products',
  'Temizlik Ekipmanları': 'Cleaning Equipment',
  'İş Güvenliği': 'Work Safety',
  'İş Eldivenleri': 'Work Gloves',
  'Baş ve Yüz Koruma': 'Head and Face Protection',
  'İş Elbiseleri': 'Workwear',
  'İş Ayakkabıları': 'Safety Shoes',
  'Boya ve Yapı Kimyasalları': 'Paints and Building Chemicals',
  Boyalar: 'Paints',
  'Silikon ve Mastikler': 'Silicones and Sealants',
  Yapıştırıcılar: 'Adhesives',
  'Fırça ve Rulo': 'Brushes and Rollers',
  'Bahçe ve Sulama': 'Garden and Irrigation',
  'Sulama Ekipmanları': 'Irrigation Equipment',
  'Bahçe Aletleri': 'Garden Tools',
  Hortumlar: 'Hoses',
  'Ambalaj ve Depolama': 'Packaging and Storage',
  Bantlar: 'Tapes',
  'Streç ve Ambalaj': 'Stretch Film and Packaging',
  'Raf ve Taşıma': 'Shelving and Handling',
  Hırdavat: 'Hardware',
  'Bağlantı Elemanları': 'Fasteners',
  'Kilit ve Menteşe': 'Locks and Hinges',
  'Zincir ve Halat': 'Chains and Ropes',
  'El Aletleri': 'Hand Tools',
  'Anahtar Takımları': 'Spanner Sets',
  'Pense ve Kerpeten': 'Pliers and Pincers',
  Tornavidalar: 'Screwdrivers',
  'Ölçü Aletleri': 'Measuring Tools',
  'Elektrik Malzemeleri': 'Electrical Supplies',
  Kablolar: 'Cables',
  'Anahtar ve Prizler': 'Switches and Sockets',
  Aydınlatma: 'Lighting',
  'Sigorta ve Şalter': 'Fuses and Breakers',
}

export const UNIT_NAMES_EN: Record<string, string> = {
  Adet: 'Piece',
  Koli: 'Case',
  Paket: 'Pack',
  Kutu: 'Box',
  Düzine: 'Dozen',
  Palet: 'Pallet',
}

export const CAMPAIGN_NAMES_EN: Record<string, string> = {
  'Haftanın Fırsatları': 'Deals of the Week',
  'Yeni Gelenler': 'New Arrivals',
  'Çok Satanlar': 'Best Sellers',
}

export const PAYMENT_PLAN_NAMES_EN: Record<string, string> = {
  Peşin: 'Cash',
  '30 Gün Vadeli': '30 Days Credit',
  '60 Gün Vadeli': '60 Days Credit',
  'Kredi Kartı': 'Credit Card',
}

/** Variant dimension names and option values of the demo families (seed/variant-data.ts). */
export const VARIANT_NAMES_EN: Record<string, string> = {
  Renk: 'Colour',
  Numara: 'Shoe size',
  Ölçü: 'Size',
  Beden: 'Size',
  Kesit: 'Cross-section',
  Boy: 'Length',
  Kat: 'Shelves',
  Beyaz: 'White',
  Sarı: 'Yellow',
  Kırmızı: 'Red',
  Mavi: 'Blue',
  Turuncu: 'Orange',
  Şeffaf: 'Clear',
  Füme: 'Smoke',
  'Kırık Beyaz': 'Off-white',
  Fildişi: 'Ivory',
  'Açık Gri': 'Light grey',
  Somon: 'Salmon',
  'Kum Beji': 'Sand beige',
  Siyah: 'Black',
  'Sarı-Yeşil': 'Yellow-green',
  Gri: 'Grey',
  Lacivert: 'Navy',
  Kahverengi: 'Brown',
  Normal: 'Regular',
  Uzun: 'Long',
  Kısa: 'Short',
  Galvaniz: 'Galvanised',
  '4 Katlı': '4 shelves',
  '5 Katlı': '5 shelves',
  '1,5 mm²': '1.5 mm²',
  '2,5 mm²': '2.5 mm²',
  '2,5 × 100 mm': '2.5 × 100 mm',
  '3,6 × 200 mm': '3.6 × 200 mm',
  '4,8 × 300 mm': '4.8 × 300 mm',
}

export const SETTING_TEXTS_EN: Record<string, string> = {
  b2b_urun_detay_ozel_kod_baslik: 'Special Code',
}

/** Writes the English forms that are missing; a translation already stored (an edit) is kept. */
export async function seedTranslations(db: Db): Promise<number> {
  const byName = async (table: typeof categories | typeof campaigns | typeof paymentPlans, names: string[]) =>
    db.select({ id: table.id, name: table.name }).from(table).where(inArray(table.name, names))
  const idRows = async (
    kind: 'category' | 'campaign' | 'paymentPlan',
    table: typeof categories | typeof campaigns | typeof paymentPlans,
    english: Record<string, string>,
  ) =>
    (await byName(table, Object.keys(english))).map((r) => ({
      kind,
      key: String(r.id),
      text: english[r.name] as string,
    }))
  const rows = [
    ...(await idRows('category', categories, CATEGORY_NAMES_EN)),
    ...(await idRows('campaign', campaigns, CAMPAIGN_NAMES_EN)),
    ...(await idRows('paymentPlan', paymentPlans, PAYMENT_PLAN_NAMES_EN)),
    ...Object.entries(UNIT_NAMES_EN).map(([key, text]) => ({ kind: 'unit', key, text })),
    ...Object.entries(VARIANT_NAMES_EN).map(([key, text]) => ({ kind: 'variant', key, text })),
    ...Object.entries(SETTING_TEXTS_EN).map(([key, text]) => ({ kind: 'setting', key, text })),
  ].map((r) => ({ ...r, locale: 'en' }))
  const written = await db
    .insert(translations)
    .values(rows)
    .onConflictDoNothing()
    .returning({ key: translations.key })
  return written.length
}
