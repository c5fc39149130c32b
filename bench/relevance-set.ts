/**
 * The search relevance set: queries a dealer types, written from the demo catalogue
 * (seedDemo, plus the few products of RELEVANCE_FIXTURES the demo has no example of), each with the
 * products that must be among the first five answers and those that must not be on the first page.
 * Products are named by code or by exact name. Run by relevance.int.test.ts, which `npm run bench`
 * runs (bench/relevance.mjs) to print the pass rate.
 */
import { eq } from 'drizzle-orm'
import { normaliseSearchText, searchDocument } from '../src/domain/search-query'
import { slugify, turkishSortKey } from '../src/domain/turkish-text'
import type { Db } from '../src/server/db/client'
import { brands, categories, currencies, products } from '../src/server/db/schema/catalogue'

export type RelevanceCase = {
  q: string
  /** What the case checks, in a few words. */
  why: string
  /** Codes or exact names that must be among the first 5. */
  top5: string[]
  /** Codes or exact names that must not be on page 1 (24 products). */
  notOnPage1?: string[]
}

/**
 * Products the demo catalogue has no example of: a drill bit, a 4 × 40 screw (with a description word
 * no name holds) and dotted-I names.
 */
export const RELEVANCE_FIXTURES: ReadonlyArray<{
  code: string
  name: string
  brand: string
  category: string
  description?: string
}> = [
  {
    code: 'REL-MTK-10',
    name: 'Matkap Ucu HSS 10 mm',
    brand: 'Kartal Hırdavat',
    category: 'Bağlantı Elemanları',
  },
  {
    code: 'REL-MTK-SDS',
    name: 'Darbeli Matkap SDS Plus 800 W',
    brand: 'Doğan Takım',
    category: 'Ölçü Aletleri',
  },
  {
    code: 'REL-SNT-440',
    name: 'Sunta Vidası 4 × 40 mm',
    brand: 'Ilgaz Endüstri',
    category: 'Bağlantı Elemanları',
    description: '<p>Kendinden kılavuzlu uç, <strong>sarı pasivize</strong> kaplama.</p>',
  },
  {
    code: 'REL-SNT-435',
    name: 'Sunta Vidası 4 × 35 mm',
    brand: 'Ilgaz Endüstri',
    category: 'Bağlantı Elemanları',
  },
  {
    code: 'REL-IGD-1',
    name: 'IĞDIR Tipi İnce Işıklı Şerit',
    brand: 'Boğaziçi Elektrik',
    category: 'Aydınlatma',
  },
]

export async function insertRelevanceFixtures(db: Db): Promise<void> {
  const [currency] = await db.select({ id: currencies.id }).from(currencies).limit(1)
  for (const f of RELEVANCE_FIXTURES) {
    const [brand] = await db.select().from(brands).where(eq(brands.name, f.brand))
    const [category] = await db.select().from(categories).where(eq(categories.name, f.category))
    await db.insert(products).values({
      code: f.code,
      name: f.name,
      seo: slugify(f.name),
      barcode: `869${String(9_000_000_000 + f.code.length * 7 + f.name.length).padStart(10, '0')}`,
      brandId: brand?.id ?? null,
      categoryId: category?.id ?? null,
      currencyId: currency!.id,
      description: f.description ?? null,
      salePrice: '10',
      salePriceBase: '10',
      quantity: 50,
      searchText: searchDocument([f.code, f.name, brand?.name, category?.name]),
      searchName: normaliseSearchText(f.name),
      nameSort: turkishSortKey(f.name),
    })
  }
}

export const RELEVANCE_SET: RelevanceCase[] = [
  // The examples the search was first specified with.
  {
    q: 'kablo',
    why: 'name matches before the brand "Özkan Kablo"',
    top5: ['Kablo Bağı 10 mm Siyah'],
    notOnPage1: ['Otomatik Sigorta 6 A 30 mA B Tipi', 'LED Ampul 100 W Sarı Işık E27'],
  },
  {
    q: 'kablosu',
    why: 'possessive suffix stripped',
    top5: ["Uzatma Kablosu 5'li 1,5 m"],
    notOnPage1: ['Otomatik Sigorta 6 A 30 mA B Tipi'],
  },
  {
    q: 'vidalar',
    why: 'plural stripped; vida before tornavida',
    top5: ['Trifon Vida M6 × 100 mm'],
    notOnPage1: ['Hassas Tornavida Seti 6 Parça Saatçi Tipi'],
  },
  {
    q: 'eldiveni',
    why: 'possessive stripped: eldiven and eldiveni both found',
    top5: ['Deri Kaynakçı Eldiveni L', 'Nitril Kaplı İş Eldiveni'],
    notOnPage1: ['Çizme 45 Kışlık'],
  },
  { q: 'matkabı', why: 'suffix and b → p softening', top5: ['REL-MTK-10', 'REL-MTK-SDS'] },
  { q: 'matkap', why: 'the bare word', top5: ['REL-MTK-10', 'REL-MTK-SDS'] },
  { q: '4x40', why: 'a size written together', top5: ['REL-SNT-440'], notOnPage1: ['REL-SNT-435'] },
  {
    q: 'pasivize',
    why: 'a word only a description holds still finds its product',
    top5: ['REL-SNT-440'],
    notOnPage1: ['REL-SNT-435'],
  },
  {
    q: 'sunta pasivize',
    why: 'one word in the name, one only in the description',
    top5: ['REL-SNT-440'],
    notOnPage1: ['REL-SNT-435'],
  },
  { q: '4 x 40', why: 'a size written apart', top5: ['REL-SNT-440'], notOnPage1: ['REL-SNT-435'] },
  { q: '4×40 sunta', why: 'a size with the multiplication sign', top5: ['REL-SNT-440'] },
  {
    q: '10mm halat',
    why: 'a unit written together',
    top5: ['Jüt Halat 10 mm 50 m'],
    notOnPage1: ['Jüt Halat 8 mm 100 m'],
  },
  {
    q: '10 mm halat',
    why: 'a unit written apart',
    top5: ['Jüt Halat 10 mm 50 m'],
    notOnPage1: ['Jüt Halat 8 mm 100 m'],
  },
  { q: 'hortmu', why: 'a typo (one edit) in a 6-letter word', top5: ['Bahçe Hortumu 5/8" 100 m'] },
  { q: 'eldivan', why: 'a typo (one substitution)', top5: ['Kesilmez Eldiven M Siyah'] },
  { q: 'tornavda', why: 'a typo (one deletion)', top5: ['Cırcırlı Tornavida PH1', 'Düz Tornavida PH2'] },
  { q: 'HRD-000684', why: 'an exact code first', top5: ['HRD-000684'] },
  { q: 'hrd-000684', why: 'an exact code in lower case', top5: ['HRD-000684'] },
  { q: 'PRM-13760', why: 'an equivalent code', top5: ['AMB-000005'] },
  { q: '8690000000043', why: 'a barcode', top5: ['ELA-000001'] },
  { q: 'HRD-00068', why: 'a code prefix', top5: ['HRD-000684'] },
  { q: 'REL-SNT', why: 'a code prefix of two products', top5: ['REL-SNT-440', 'REL-SNT-435'] },
  // Dotted and dotless I, and the other Turkish letters, both ways.
  { q: 'IĞDIR', why: 'dotless capital I', top5: ['REL-IGD-1'] },
  { q: 'ığdır', why: 'dotless small ı', top5: ['REL-IGD-1'] },
  { q: 'igdir', why: 'no Turkish letters at all', top5: ['REL-IGD-1'] },
  { q: 'İNCE IŞIKLI', why: 'dotted capital İ and dotless I in one query', top5: ['REL-IGD-1'] },
  { q: 'isik', why: 'ışık typed without Turkish letters', top5: ['Bahçe Aplik 9 W Sarı Işık'] },
  {
    q: 'sanziman',
    why: 'ş, ı folded; names before the category "Şanzıman Parçaları"',
    top5: ['Şanzıman Dişlisi 22 Diş'],
    notOnPage1: ['Diferansiyel Dişlisi 24 Diş 5. Vites'],
  },
  { q: 'ŞANZIMAN', why: 'Turkish capitals', top5: ['Şanzıman Dişlisi 22 Diş'] },
  { q: 'cekmeceli', why: 'ç folded', top5: ['Transpalet Çekmeceli', 'El Arabası Çekmeceli'] },
  { q: 'gözlük', why: 'ö, ü kept or folded alike', top5: ['Koruyucu Gözlük Füme'] },
  { q: 'gozluk', why: 'ö, ü typed plain', top5: ['Koruyucu Gözlük Füme'] },
  // Ranking: all words in the name, word starts, fewer extra words.
  {
    q: 'fren balatası',
    why: 'every word in the name',
    top5: ['Fren Balatası Ön Sol'],
    notOnPage1: ['Fren Kampanası Ön Sağ'],
  },
  { q: 'balata', why: 'the shortest name with the word first', top5: ['Fren Balatası Ön Sol'] },
  {
    q: 'ppr dirsek',
    why: 'two words in the name',
    top5: ['PPR Dirsek Ø 32 90°'],
    notOnPage1: ['PPR Boru Ø 20 PN25'],
  },
  { q: 'priz', why: 'a short name with the word first', top5: ["Grup Priz 4'lü 1,5 m"] },
  {
    q: 'kombine anahtar',
    why: 'two words, the short name first',
    top5: ['Kombine Anahtar 32 mm'],
    notOnPage1: ['Asma Kilit 40 mm Mat Siyah 3 Anahtarlı'],
  },
  {
    q: 'asma kilit',
    why: 'a two-word name',
    top5: ['Asma Kilit 30 mm Pirinç'],
    notOnPage1: ['Zincir Kilidi M6 Galvaniz'],
  },
  { q: 'streç film', why: 'ç in a two-word name', top5: ['Streç Film 100 cm', 'Streç Film 12 mm'] },
  { q: 'strec', why: 'ç typed plain', top5: ['Streç Film 100 cm'] },
  { q: 'nym kablo 3x1,5', why: 'a size among words', top5: ['NYM Antigron Kablo 3 × 1,5 mm² 100 m Makara'] },
  {
    q: 'm10 pul',
    why: 'a bolt size and a word',
    top5: ['Geniş Pul M10 Paslanmaz'],
    notOnPage1: ['Geniş Pul M4 Paslanmaz'],
  },
  { q: 'cıvata', why: 'ı inside a word', top5: ['Havşa Başlı Cıvata M6 × 50 mm'] },
  { q: 'civatalar', why: 'plural of a folded word', top5: ['Havşa Başlı Cıvata M6 × 50 mm'] },
  {
    q: 'menteşesi',
    why: 'the form typed before the stem',
    top5: ["Kapı Menteşesi 100 mm Pirinç Kaplı 2'li Set"],
  },
  { q: 'menteşe', why: 'the stem finds both forms', top5: ['Piyano Menteşe 100 mm Beyaz'] },
  { q: 'filtresi', why: 'a word the names hold as typed', top5: ['Mazot Filtresi Otomobil'] },
  {
    q: 'hava filtresi',
    why: 'two words in the name',
    top5: ['Hava Filtresi Kamyon Komple'],
    notOnPage1: ['Yakıt Filtresi Otomobil Kartuş'],
  },
  // Brand and category: found after the names.
  {
    q: 'özkan',
    why: 'a brand alone finds its products, and no other brand',
    top5: ['Buat Ø 20 mm Beyaz'],
    notOnPage1: ['Otomatik Sigorta 6 A Tek Kutuplu'],
  },
  {
    q: 'ayakkabı',
    why: 'the name before the category "İş Ayakkabıları"',
    top5: ['S1P İş Ayakkabısı Süet'],
    notOnPage1: ['Çizme 45 Kışlık'],
  },
  {
    q: 'zincir',
    why: 'names before the category "Zincir ve Halat"',
    top5: ['Galvaniz Zincir 5 mm Metre'],
    notOnPage1: ['Jüt Halat 8 mm 100 m'],
  },
]

export type CaseResult = { q: string; pass: boolean; problems: string[]; top: string[] }

/** Checks one case against a first page of answers (codes and names in order). */
export function checkCase(c: RelevanceCase, page: Array<{ code: string; name: string }>): CaseResult {
  const position = (key: string) => page.findIndex((p) => p.code === key || p.name === key)
  const problems: string[] = []
  for (const key of c.top5) {
    const at = position(key)
    if (at < 0 || at >= 5) problems.push(`${key} ${at < 0 ? 'not on page 1' : `at ${at + 1}`}`)
  }
  for (const key of c.notOnPage1 ?? []) {
    const at = position(key)
    if (at >= 0) problems.push(`${key} at ${at + 1}, expected off page 1`)
  }
  return {
    q: c.q,
    pass: problems.length === 0,
    problems,
    top: page.slice(0, 5).map((p) => `${p.code} ${p.name}`),
  }
}
