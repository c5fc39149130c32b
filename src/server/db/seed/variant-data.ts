/**
 * Variant families of the demo catalogue: a listed parent with one to three dimensions and a child
 * product for every combination of values. Each name in `names` makes one family.
 */

export type VariantFamilyDef = {
  /** Leaf category name (unique across the demo tree). */
  leaf: string
  names: string[]
  dimensions: string[]
  values: string[][]
  /** TRY sale price range of the family's base price. */
  price: [number, number]
}

const v = (
  leaf: string,
  names: string,
  dimensions: string,
  values: string[],
  price: [number, number],
): VariantFamilyDef => ({
  leaf,
  names: names.split('|'),
  dimensions: dimensions.split('|'),
  values: values.map((list) => list.split('|')),
  price,
})

export const VARIANT_FAMILIES: VariantFamilyDef[] = [
  // One dimension
  v(
    'Baş ve Yüz Koruma',
    'Baret ABS EN 397|Baret Ventilli Çeneli|Baret Ayarlı Mandallı',
    'Renk',
    ['Beyaz|Sarı|Kırmızı|Mavi|Turuncu'],
    [90, 320],
  ),
  v(
    'Baş ve Yüz Koruma',
    'Koruyucu Gözlük Buğulanmaz|Koruyucu Gözlük Çerçeveli',
    'Renk',
    ['Şeffaf|Füme|Sarı'],
    [45, 180],
  ),
  v(
    'Boyalar',
    'Silikonlu İç Cephe Boyası 2,5 L|Silikonlu İç Cephe Boyası 7,5 L|Plastik Duvar Boyası 15 L',
    'Renk',
    ['Beyaz|Kırık Beyaz|Fildişi|Açık Gri|Somon|Kum Beji'],
    [380, 2600],
  ),
  v(
    'Kablolar',
    'İzolasyon Bandı 19 mm × 10 m|İzolasyon Bandı 19 mm × 20 m',
    'Renk',
    ['Siyah|Beyaz|Kırmızı|Mavi|Sarı-Yeşil'],
    [12, 40],
  ),
  v(
    'İş Ayakkabıları',
    'S3 İş Botu Çelik Burunlu|S1P İş Ayakkabısı Süet',
    'Numara',
    ['39|40|41|42|43|44|45'],
    [850, 2400],
  ),
  v(
    'Hortumlar',
    'Örgülü Bahçe Hortumu 1/2"|Örgülü Bahçe Hortumu 3/4"',
    'Ölçü',
    ['15 m|25 m|50 m'],
    [350, 1900],
  ),
  // Two dimensions
  v(
    'İş Eldivenleri',
    'Nitril Kaplı İş Eldiveni|Poliüretan Kaplı İş Eldiveni|Lateks Kaplı Kışlık Eldiven',
    'Renk|Beden',
    ['Gri|Siyah|Mavi', 'S|M|L|XL'],
    [18, 95],
  ),
  v(
    'İş Elbiseleri',
    'Reflektörlü İkaz Yeleği|Reflektörlü Fileli Yelek',
    'Renk|Beden',
    ['Sarı|Turuncu', 'M|L|XL|XXL'],
    [60, 240],
  ),
  v(
    'İş Elbiseleri',
    'Gabardin İş Tulumu|Kışlık İş Tulumu',
    'Renk|Beden',
    ['Lacivert|Gri|Turuncu', 'M|L|XL|XXL'],
    [650, 1800],
  ),
  v(
    'Kablolar',
    'NYA Tek Damarlı Kablo 100 m|H07V-K Çok Telli Kablo 100 m',
    'Renk|Kesit',
    ['Siyah|Kırmızı|Mavi|Sarı-Yeşil', '1,5 mm²|2,5 mm²|4 mm²'],
    [1200, 5200],
  ),
  v(
    'Kablolar',
    "Kablo Bağı 100'lü Paket",
    'Renk|Ölçü',
    ['Siyah|Beyaz', '2,5 × 100 mm|3,6 × 200 mm|4,8 × 300 mm'],
    [25, 140],
  ),
  v(
    'Bantlar',
    'Koli Bandı Akrilik',
    'Renk|Ölçü',
    ['Şeffaf|Kahverengi', '45 mm × 100 m|48 mm × 66 m'],
    [35, 90],
  ),
  v(
    'Temizlik Ekipmanları',
    "Çöp Torbası Endüstriyel 10'lu",
    'Renk|Ölçü',
    ['Siyah|Mavi|Sarı', '55 × 60 cm|65 × 80 cm|80 × 110 cm'],
    [30, 120],
  ),
  // Three dimensions
  v(
    'İş Elbiseleri',
    'Gabardin İş Pantolonu|Kışlık İş Pantolonu|Çok Cepli Kargo İş Pantolonu',
    'Renk|Beden|Boy',
    ['Lacivert|Gri', 'M|L|XL', 'Normal|Uzun'],
    [420, 1350],
  ),
  v(
    'İş Elbiseleri',
    'Polar Mont Fermuarlı|Softshell Mont',
    'Renk|Beden|Boy',
    ['Siyah|Lacivert', 'M|L|XL', 'Kısa|Uzun'],
    [700, 2400],
  ),
  v(
    'Raf ve Taşıma',
    'Çelik Raf Ünitesi Cıvatasız|Çelik Raf Ünitesi Ağır Yük',
    'Renk|Kat|Ölçü',
    ['Galvaniz|Mavi', '4 Katlı|5 Katlı', '90 × 40 cm|100 × 50 cm'],
    [1800, 6800],
  ),
]
