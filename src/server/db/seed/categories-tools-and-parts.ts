/** Hardware, hand tools and electrical roots of the demo tree. */
import { leaf, type RootDef, t, tp } from './category-template'

export const TOOLS_AND_PARTS: RootDef[] = [
  {
    name: 'Hırdavat',
    prefix: 'HRD',
    leaves: [
      leaf(
        'Bağlantı Elemanları',
        [2, 180],
        'small',
        tp(
          [1.5, 40],
          'Çelik Somun|Galvaniz Somun|Paslanmaz Somun|Fiberli Somun|Kelebek Somun|Flanşlı Somun',
          'M4|M5|M6|M8|M10|M12|M14|M16|M20|M24',
          'DIN 934|DIN 985|Sınıf 8|Sınıf 10|',
        ),
        tp(
          [2, 90],
          'Altıgen Başlı Cıvata|İmbus Cıvata|Havşa Başlı Cıvata|Akıllı Vida|Sunta Vidası|Trifon Vida|Çatı Vidası',
          'M5|M6|M8|M10|M12|4,5|5',
          '× 16 mm|× 20 mm|× 30 mm|× 40 mm|× 50 mm|× 60 mm|× 80 mm|× 100 mm',
          'Galvaniz|Paslanmaz|Siyah|',
        ),
        tp(
          [0.5, 12],
          'Düz Pul|Yaylı Pul|Geniş Pul|Tırtıllı Pul',
          'M4|M5|M6|M8|M10|M12|M16',
          'Galvaniz|Paslanmaz|Çinko Kaplı',
        ),
        tp(
          [15, 180],
          'Naylon Dübel|Çelik Dübel|Gazbeton Dübeli|Alçıpan Dübeli|Kimyasal Dübel Çubuğu',
          '6 mm|8 mm|10 mm|12 mm|14 mm',
          "100'lü Paket|50'li Paket|25'li Paket|",
        ),
      ),
      leaf(
        'Kilit ve Menteşe',
        [15, 1500],
        'pack',
        tp(
          [120, 1500],
          'Silindir Kilit Göbeği|Asma Kilit|Kapı Kilidi|Çelik Kapı Barelı|Mobilya Kilidi',
          '30 mm|40 mm|50 mm|60 mm|68 mm|80 mm',
          'Pirinç|Nikel|Krom|Mat Siyah',
          '3 Anahtarlı|5 Anahtarlı|Şifreli|',
        ),
        tp(
          [25, 450],
          'Kapı Menteşesi|Frenli Dolap Menteşesi|Piyano Menteşe|Yaylı Menteşe|Gizli Menteşe',
          '35 mm|80 mm|100 mm|120 mm|150 cm',
          'Çelik|Paslanmaz|Pirinç Kaplı|Beyaz',
          "2'li Set|4'lü Set|",
        ),
        tp(
          [60, 650],
          'Kapı Kolu|Kapı Dayama|Kapı Stoperi|Sürgü',
          'Rozetli|Uzun Aynalı|Yaylı|Mıknatıslı',
          'Krom|Saten Nikel|Altın|Siyah',
        ),
      ),
      leaf(
        'Zincir ve Halat',
        [20, 2500],
        'bulk',
        tp(
          [45, 2400],
          'Galvaniz Zincir|Paslanmaz Zincir|Kaldırma Zinciri',
          '3 mm|4 mm|5 mm|6 mm|8 mm|10 mm',
          'Metre|5 m Makara|25 m Makara',
        ),
        tp(
          [250, 4800],
          'Polipropilen Halat|Çelik Halat|Örgülü Polyester Halat|Jüt Halat',
          '6 mm|8 mm|10 mm|12 mm|16 mm',
          '50 m|100 m|200 m',
        ),
        tp(
          [12, 160],
          'Kilitli Karabina|Halat Gergisi|Zincir Kilidi|Mapa Vida|Kanca Göz',
          'M6|M8|M10|M12|M16',
          'Galvaniz|Paslanmaz A4',
        ),
      ),
    ],
  },
  {
    name: 'El Aletleri',
    prefix: 'ELA',
    leaves: [
      leaf(
        'Anahtar Takımları',
        [40, 6500],
        'pack',
        tp(
          [45, 420],
          'Kombine Anahtar|Yıldız Anahtar|Açık Ağız Anahtar|Cırcırlı Kombine Anahtar|Boru Anahtarı',
          '8 mm|10 mm|12 mm|13 mm|14 mm|17 mm|19 mm|22 mm|24 mm|27 mm|32 mm',
          'Krom Vanadyum|Saten Krom|',
        ),
        tp(
          [650, 9500],
          'Lokma Takımı|Kombine Anahtar Takımı|Alyan Takımı|Torx Takımı|Bits Uç Seti',
          '9 Parça|12 Parça|24 Parça|46 Parça|94 Parça|108 Parça',
          '1/4"|3/8"|1/2"|',
          'Çantalı|Metal Kutulu|',
        ),
        tp(
          [300, 6500],
          'Tork Anahtarı|Cırcır Kolu|Kayar Lokma Kolu',
          '1/4"|3/8"|1/2"|3/4"',
          '5–25 Nm|20–110 Nm|40–210 Nm|',
        ),
      ),
      leaf(
        'Pense ve Kerpeten',
        [60, 1400],
        'pack',
        t(
          'Kombine Pense|Yan Keski|Kargaburun Pense|Papağan Pense|Kablo Sıyırıcı|Segman Pensesi|Kerpeten|Grip Pense',
          '160 mm|180 mm|200 mm|250 mm|300 mm',
          'İzoleli 1000 V|Çift Renkli Saplı|Endüstriyel|',
        ),
      ),
      leaf(
        'Tornavidalar',
        [15, 1200],
        'pack',
        tp(
          [25, 220],
          'Düz Tornavida|Yıldız Tornavida|Pozidriv Tornavida|Torx Tornavida|Kontrol Kalemi|Cırcırlı Tornavida',
          '3 × 75 mm|4 × 100 mm|5,5 × 125 mm|6,5 × 150 mm|PH1|PH2|PH3|T20|T25',
          'İzoleli|Mıknatıslı Uçlu|Darbeli|',
        ),
        tp(
          [180, 1600],
          'Tornavida Seti|Hassas Tornavida Seti',
          '6 Parça|8 Parça|12 Parça|32 Parça',
          'İzoleli|Saatçi Tipi|Cırcırlı',
        ),
      ),
      leaf(
        'Ölçü Aletleri',
        [25, 9000],
        'bulk',
        tp(
          [45, 900],
          'Çelik Şerit Metre|Fiberglas Şerit Metre',
          '3 m|5 m|8 m|10 m|30 m|50 m',
          'Manyetik Uçlu|Otomatik Kilitli|Kauçuk Kaplı|',
        ),
        tp(
          [120, 2400],
          'Su Terazisi|Alüminyum Mastar',
          '40 cm|60 cm|80 cm|100 cm|120 cm|200 cm',
          'Manyetik|3 Düzeçli|Dijital Açı Ölçerli|',
        ),
        tp(
          [250, 4500],
          'Kumpas|Mikrometre|Derinlik Kumpası',
          '0–150 mm|0–200 mm|0–300 mm|0–25 mm',
          'Dijital|Analog|Saatli',
        ),
        tp(
          [900, 9500],
          'Lazer Metre|Lazer Hizalama Cihazı',
          '40 m|60 m|100 m|Çapraz Çizgili|Yeşil Işınlı',
          'Şarjlı|Pilli|Tripodlu|',
        ),
      ),
    ],
  },
  {
    name: 'Elektrik Malzemeleri',
    prefix: 'ELK',
    leaves: [
      leaf(
        'Kablolar',
        [8, 9000],
        'small',
        tp(
          [18, 9000],
          'NYA Kablo|NYM Antigron Kablo|TTR Kablo|H07V-K Çok Telli Kablo|Hoparlör Kablosu',
          '1 × 1,5 mm²|1 × 2,5 mm²|3 × 1,5 mm²|3 × 2,5 mm²|3 × 4 mm²|2 × 0,75 mm²',
          '100 m Makara|50 m|Metre',
          'Siyah|Beyaz|Kırmızı|Mavi|Sarı-Yeşil|',
        ),
        tp(
          [8, 120],
          'İzolasyon Bandı|Isıyla Daralan Makaron|Kablo Bağı|Spiral Kablo Toplayıcı',
          '19 mm|25 mm|4,8 × 200 mm|3,6 × 150 mm|6 mm|10 mm',
          'Siyah|Beyaz|Kırmızı|Mavi|Sarı|Şeffaf',
          "10 m|20 m|100'lü|",
        ),
        tp(
          [10, 180],
          'Kablo Kanalı|Spiral Boru|Buat',
          '16 × 16 mm|25 × 25 mm|40 × 40 mm|60 × 40 mm|Ø 16 mm|Ø 20 mm',
          'Beyaz|Gri',
          '2 m|Kendinden Yapışkanlı|',
        ),
      ),
      leaf(
        'Anahtar ve Prizler',
        [20, 600],
        'pack',
        tp(
          [35, 520],
          'Topraklı Priz|Çocuk Korumalı Priz|Anahtar|Komütatör|Vavien Anahtar|Dimmer|USB Şarjlı Priz',
          'Sıva Altı|Sıva Üstü',
          'Beyaz|Krem|Antrasit|Gümüş|Siyah',
          'Çerçeveli|IP44|',
        ),
        tp(
          [120, 850],
          'Grup Priz|Uzatma Kablosu',
          "3'lü|4'lü|5'li|6'lı",
          '1,5 m|3 m|5 m',
          'Anahtarlı|Akım Korumalı|',
        ),
      ),
      leaf(
        'Aydınlatma',
        [30, 2500],
        'pack',
        t(
          'LED Ampul|Filament LED Ampul|LED Panel|LED Projektör|LED Şerit|Tavan Armatürü|Bahçe Aplik',
          '7 W|9 W|12 W|18 W|30 W|50 W|100 W',
          'Beyaz Işık|Gün Işığı|Sarı Işık',
          'E27|E14|IP65|Sıva Üstü|',
        ),
      ),
      leaf(
        'Sigorta ve Şalter',
        [60, 3500],
        'pack',
        t(
          'Otomatik Sigorta|Kaçak Akım Rölesi|Şalter|Pako Şalter|Kontaktör|Sigorta Kutusu',
          '6 A|10 A|16 A|25 A|32 A|40 A|63 A',
          "Tek Kutuplu|Üç Kutuplu|30 mA|300 mA|4P|8'li|12'li",
          'C Tipi|B Tipi|',
        ),
      ),
    ],
  },
]
