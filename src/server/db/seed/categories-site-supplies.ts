/** Cleaning, safety, paint, garden and packaging roots of the demo tree. */
import { leaf, type RootDef, t, tp } from './category-template'

export const SITE_SUPPLIES: RootDef[] = [
  {
    name: 'Temizlik Ürünleri',
    prefix: 'TMZ',
    leaves: [
      leaf(
        'Yüzey Temizleyiciler',
        [20, 800],
        'pack',
        t(
          'Yüzey Temizleyici|Çamaşır Suyu|Cam Temizleyici|Yağ Çözücü|Kireç Sökücü|Sıvı Sabun|Bulaşık Deterjanı|Zemin Temizleyici|Dezenfektan',
          '500 ml|750 ml|1 L|2,5 L|4 L|5 L|20 L',
          'Çam Kokulu|Limon Kokulu|Lavanta Kokulu|Ultra Konsantre|Kokusuz|Okaliptüslü|',
        ),
      ),
      leaf(
        'Kağıt Ürünleri',
        [30, 1500],
        'pack',
        t(
          'Tuvalet Kağıdı|Kağıt Havlu|Z Katlı Havlu|İçten Çekmeli Havlu|Peçete|Cımbız Peçete',
          "8'li|12'li|24'lü|32'li|6 Rulo|150 Yaprak|Tekli",
          '2 Katlı|3 Katlı|Endüstriyel|Ekstra Yumuşak|',
        ),
      ),
      leaf(
        'Temizlik Ekipmanları',
        [15, 3500],
        'pack',
        tp(
          [40, 3200],
          'Mop Seti|Paspas Kovası|Cam Sileceği|Mikrofiber Bez|Çekpas|Çöp Torbası|Sıvı Sabun Aparatı|Temizlik Arabası',
          "Tek Kovalı|Çift Kovalı|40 cm|60 cm|80 × 110 cm|Jumbo|Mini|10'lu",
          'Mavi|Kırmızı|Yeşil|Sarı|Gri|Siyah|',
        ),
      ),
    ],
  },
  {
    name: 'İş Güvenliği',
    prefix: 'ISG',
    leaves: [
      leaf(
        'İş Eldivenleri',
        [8, 350],
        'pack',
        t(
          'Nitril Kaplı İş Eldiveni|Lateks Kaplı Eldiven|Deri Kaynakçı Eldiveni|Kesilmez Eldiven|Pamuklu Örme Eldiven|Tek Kullanımlık Nitril Eldiven',
          '7 Beden|8 Beden|9 Beden|10 Beden|S|M|L|XL',
          'Gri|Siyah|Mavi|Turuncu|Yeşil|',
          "12'li Paket|100'lü Kutu|",
        ),
      ),
      leaf(
        'Baş ve Yüz Koruma',
        [20, 1800],
        'pack',
        t(
          'Baret|Koruyucu Gözlük|Yüz Siperi|Kulak Tıkacı|Kulaklık Tipi Antifon|Toz Maskesi|Yarım Yüz Maske|Kaynak Maskesi',
          'FFP1|FFP2|FFP3|EN 397|EN 166|SNR 27 dB|Otomatik Kararan|',
          'Beyaz|Sarı|Kırmızı|Mavi|Şeffaf|Füme|',
          'Ventilli|Ayarlı|Buğulanmaz|',
        ),
      ),
      leaf(
        'İş Elbiseleri',
        [150, 2500],
        'pack',
        t(
          'İş Pantolonu|İş Tulumu|Reflektörlü Yelek|Kışlık Mont|Polar Ceket|Yağmurluk|Önlük|Tişört',
          'S|M|L|XL|XXL|3XL',
          'Lacivert|Gri|Siyah|Turuncu|Sarı|Yeşil',
          'Gabardin|Kışlık|Reflektörlü|Çok Cepli|',
        ),
      ),
      leaf(
        'İş Ayakkabıları',
        [400, 4500],
        'bulk',
        t(
          'S1P İş Ayakkabısı|S3 İş Botu|Çelik Burunlu Ayakkabı|Kompozit Burunlu Bot|Çizme',
          '38|39|40|41|42|43|44|45|46',
          'Deri|Süet|Su Geçirmez|Kışlık|Yazlık',
        ),
      ),
    ],
  },
  {
    name: 'Boya ve Yapı Kimyasalları',
    prefix: 'BYA',
    leaves: [
      leaf(
        'Boyalar',
        [150, 4500],
        'bulk',
        t(
          'Silikonlu İç Cephe Boyası|Plastik Duvar Boyası|Tavan Boyası|Astar|Dış Cephe Boyası|Sentetik Yağlı Boya|Vernik|Ahşap Koruyucu',
          '0,75 L|2,5 L|7,5 L|15 L|3,5 kg|10 kg|20 kg',
          'Beyaz|Kırık Beyaz|Fildişi|Gri|Antrasit|Açık Yeşil|Somon|Kahverengi|Şeffaf',
          'Mat|İpek Mat|Yarı Parlak|Parlak|',
        ),
      ),
      leaf(
        'Silikon ve Mastikler',
        [30, 500],
        'pack',
        t(
          'Şeffaf Silikon|Antibakteriyel Silikon|Akrilik Mastik|Poliüretan Köpük|Yangın Dayanımlı Köpük|Cam Macunu|Derz Dolgu',
          '280 ml|310 ml|500 ml|750 ml|1 kg|5 kg',
          'Beyaz|Şeffaf|Gri|Kahverengi|Siyah|',
          'Tabancalı|Hortumlu|Kışlık|',
        ),
      ),
      leaf(
        'Yapıştırıcılar',
        [15, 900],
        'pack',
        tp(
          [18, 1200],
          'Japon Yapıştırıcı|Epoksi Yapıştırıcı|Kontak Yapıştırıcı|Montaj Yapıştırıcısı|Seramik Yapıştırıcısı|Ahşap Tutkalı|Sıvı Çivi',
          '20 g|50 g|250 g|500 g|1 kg|3 kg|25 kg|290 ml',
          'Hızlı Kuruyan|Çift Bileşenli|Şeffaf|Beyaz|Su Bazlı|',
        ),
      ),
      leaf(
        'Fırça ve Rulo',
        [10, 600],
        'pack',
        t(
          'Yassı Boya Fırçası|Radyatör Fırçası|Kestirme Fırçası',
          '1"|1,5"|2"|2,5"|3"|4"',
          'Doğal Kıl|Sentetik Kıl|',
        ),
        t(
          'Duvar Rulosu|Tavan Rulosu|Mini Rulo',
          '10 cm|18 cm|25 cm',
          'Mikrofiber|Sünger|Akrilik|Uzatma Saplı|',
        ),
        tp(
          [35, 160],
          'Maskeleme Bandı',
          '19 mm × 40 m|24 mm × 40 m|38 mm × 40 m|48 mm × 40 m',
          'Krep|UV Dayanımlı|',
        ),
        tp([20, 140], 'Boya Teknesi|Boya Örtüsü', '18 cm|25 cm|4 × 5 m|4 × 12,5 m', 'Plastik|Naylon|Metal'),
      ),
    ],
  },
  {
    name: 'Bahçe ve Sulama',
    prefix: 'BHC',
    leaves: [
      leaf(
        'Sulama Ekipmanları',
        [15, 3500],
        'pack',
        tp(
          [350, 3500],
          'Damla Sulama Borusu|Damlatıcılı Boru',
          '16 mm|20 mm',
          '33 cm Aralıklı|50 cm Aralıklı',
          '100 m|200 m|400 m',
        ),
        t(
          'Fıskiye|Sprinkler Başlığı|Sulama Tabancası',
          '8 Fonksiyonlu|10 Fonksiyonlu|360°|Darbeli|Ayarlı',
          'Pirinç|Plastik|Metal Gövde|',
        ),
        t(
          'Hortum Bağlantı Seti|Hortum Makarası|Zaman Ayarlı Vana',
          '1/2"|3/4"',
          'Dijital|Mekanik|Tekerlekli|Duvar Tipi|',
        ),
      ),
      leaf(
        'Bahçe Aletleri',
        [40, 3500],
        'pack',
        tp(
          [140, 2800],
          'Budama Makası|Çit Makası|Bahçe Küreği|Kazma|Tırmık|Çapa|El Tırpanı|Dal Kesme Testeresi|Çim Tırmığı',
          'Teleskopik|Ahşap Saplı|Fiber Saplı|Kısa Saplı|Uzun Saplı|Katlanır',
          '20 cm|30 cm|60 cm|120 cm|150 cm|',
        ),
      ),
      leaf(
        'Hortumlar',
        [100, 4500],
        'bulk',
        t(
          'Bahçe Hortumu|Spiral Hortum|Örgülü Hortum|Yassı Hortum|Şeffaf Sulama Hortumu',
          '1/2"|3/4"|1"|5/8"',
          '15 m|25 m|50 m|100 m',
          '3 Katlı|4 Katlı|5 Katlı|UV Dayanımlı|',
        ),
      ),
    ],
  },
  {
    name: 'Ambalaj ve Depolama',
    prefix: 'AMB',
    leaves: [
      leaf(
        'Bantlar',
        [10, 400],
        'small',
        t(
          'Koli Bandı|Şeffaf Koli Bandı|Kraft Kağıt Bant|Çift Taraflı Bant|Kırmızı Uyarı Bandı|Köpük Bant',
          '45 mm × 100 m|48 mm × 66 m|19 mm × 5 m|50 mm × 50 m|12 mm',
          'Şeffaf|Kahverengi|Beyaz|Sarı-Siyah|',
          "6'lı|36'lı Koli|Tekli|",
        ),
      ),
      leaf(
        'Streç ve Ambalaj',
        [20, 1800],
        'small',
        t(
          'Streç Film|Balonlu Naylon|Koli|Patpat Zarf|Palet Çemberi|Çember Tokası',
          '17 mikron|23 mikron|50 cm|100 cm|30 × 20 × 20 cm|40 × 30 × 30 cm|A4|12 mm',
          "3 kg|10 kg|100 m|25'li|100'lü|1000'li|",
        ),
      ),
      leaf(
        'Raf ve Taşıma',
        [200, 12000],
        'bulk',
        t(
          'Çelik Raf|Plastik Kasa|İstiflenebilir Avadanlık|Takım Dolabı|Transpalet|El Arabası|Merdiven',
          '4 Katlı|5 Katlı|Çekmeceli|2,5 Ton|3 Basamaklı|5 Basamaklı|Tek Tekerli',
          'Galvaniz|Mavi|Kırmızı|Gri|Siyah|',
        ),
      ),
    ],
  },
]
