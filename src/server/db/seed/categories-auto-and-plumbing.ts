/** Automotive spare parts and plumbing roots of the demo tree. */
import { leaf, type RootDef, t, tp } from './category-template'

export const AUTO_AND_PLUMBING: RootDef[] = [
  {
    name: 'Otomotiv Yedek Parça',
    prefix: 'OTO',
    leaves: [
      leaf(
        'Şanzıman Parçaları',
        [150, 18000],
        'bulk',
        t(
          'Şanzıman Dişlisi|Şanzıman Mil Dişlisi|Senkromeç Dişlisi|Diferansiyel Dişlisi|Vites Dişlisi',
          '18 Diş|22 Diş|24 Diş|27 Diş|31 Diş|36 Diş|41 Diş',
          '1. Vites|2. Vites|3. Vites|4. Vites|5. Vites|Geri Vites|',
          'Hafif Ticari|Kamyonet|Otomobil|',
        ),
        t(
          'Şanzıman Rulmanı|Debriyaj Baskı Rulmanı|Şanzıman Keçesi|Vites Kolu Takımı|Şanzıman Takozu|Debriyaj Seti',
          'Ön|Arka|Sol|Sağ|Orta',
          'Düz Vites|Otomatik Vites|6 İleri|5 İleri',
          'OEM Kalite|Ağır Hizmet|',
        ),
      ),
      leaf(
        'Fren Sistemi',
        [80, 6000],
        'bulk',
        t(
          'Fren Balatası|Fren Diski|Fren Kampanası|Fren Merkezi|Fren Hortumu|ABS Sensörü|Fren Pabucu',
          'Ön|Arka',
          'Sol|Sağ|Takım|',
          'Havalandırmalı|Seramik|Kamyonet|Otomobil|',
        ),
      ),
      leaf(
        'Motor Parçaları',
        [40, 22000],
        'bulk',
        t(
          'Segman Takımı|Piston|Silindir Kapak Contası|Triger Seti|Devirdaim Pompası|Eksantrik Mili|Yağ Pompası|Buji|Ateşleme Bobini',
          '1.3|1.4|1.6|2.0|2.2|2.5',
          'Benzinli|Dizel|LPG Uyumlu',
          'STD|0,25 Büyük|0,50 Büyük|',
        ),
      ),
      leaf(
        'Filtreler',
        [30, 1400],
        'pack',
        t(
          'Yağ Filtresi|Hava Filtresi|Yakıt Filtresi|Polen Filtresi|Mazot Filtresi',
          'Otomobil|Hafif Ticari|Kamyon|Traktör|İş Makinesi',
          'Kartuş|Komple|Aktif Karbonlu|',
        ),
      ),
    ],
  },
  {
    name: 'Tesisat',
    prefix: 'TST',
    leaves: [
      leaf(
        'Vana ve Bağlantılar',
        [20, 2500],
        'pack',
        tp(
          [90, 2400],
          'Küresel Vana|Sürgülü Vana|Çekvalf|Pislik Tutucu|Radyatör Vanası|Kolektör|Basınç Düşürücü',
          '1/2"|3/4"|1"|1 1/4"|1 1/2"|2"',
          'Pirinç|Krom Kaplı|Kelebek Kollu|Uzun Saplı|Paslanmaz|',
        ),
        tp(
          [12, 260],
          'Rakor|Nipel|Dirsek|Te|Manşon|Redüksiyon',
          '1/2"|3/4"|1"|1/2" × 3/4"|3/4" × 1"',
          'Pirinç|Galvaniz|Krom|Dişli|Geçme',
        ),
      ),
      leaf(
        'PPR Boru ve Ek Parçalar',
        [3, 900],
        'small',
        tp([25, 900], 'PPR Boru|Cam Elyaflı PPR Boru', 'Ø 20|Ø 25|Ø 32|Ø 40|Ø 50|Ø 63', 'PN20|PN25', '4 m|'),
        t('PPR Dirsek', 'Ø 20|Ø 25|Ø 32|Ø 40|Ø 50', '90°|45°', 'Beyaz|Yeşil|'),
        t(
          'PPR Te|PPR Manşon|PPR Kolektör|PPR Küresel Vana',
          'Ø 20|Ø 25|Ø 32|Ø 40|Ø 50|Ø 63',
          'Beyaz|Yeşil|Gri|',
        ),
      ),
      leaf(
        'Armatürler',
        [250, 9000],
        'bulk',
        t(
          'Lavabo Bataryası|Eviye Bataryası|Banyo Bataryası|Duş Seti|Ankastre Rezervuar|Taharet Musluğu|Ara Musluk|Mutfak Musluğu',
          'Krom|Mat Siyah|Fırçalı Çelik|Beyaz|Altın',
          'Tek Kumandalı|Termostatik|Sensörlü|Kuğu Boyunlu|Spiralli|',
        ),
      ),
    ],
  },
]
