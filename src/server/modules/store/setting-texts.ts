import type { Locale } from '../../../contracts/common'

type Text = { label: string; help: string }
type Texts = Record<string, Text>

/** The settings screen's words: each setting's label and help, in both languages. */
const tr: Texts = {
  storeName: {
    label: 'Mağaza adı',
    help: 'Sayfaların üst ve alt bilgisinde, e-postalarda ve yazdırılan belgelerde görünür.',
  },
  storeAddress: {
    label: 'Adres',
    help: 'Sayfa altında ve yazdırılan belgelerde görünür. Boş bırakılırsa gösterilmez.',
  },
  storeTown: { label: 'İlçe', help: 'Adresin ilçe kısmı.' },
  storeCity: { label: 'İl', help: 'Adresin il kısmı.' },
  timeZone: {
    label: 'Saat dilimi',
    help: 'Tüm tarih ve saatler bu saat diliminde gösterilir (ör. Europe/Istanbul).',
  },
  defaultCurrency: {
    label: 'Varsayılan para birimi',
    help: 'Para birimi seçmemiş bayilere fiyatlar bu para biriminde gösterilir.',
  },
  storePhone: { label: 'Telefon', help: 'Sayfa altında ve yazdırılan belgelerde görünür.' },
  storeEmail: {
    label: 'E-posta adresi',
    help: 'Sayfa altında görünür; sipariş bildirim adresi girilmemişse yeni sipariş e-postaları buraya gider.',
  },
  whatsappNumber: {
    label: 'WhatsApp numarası',
    help: 'Stokta olmayan ürünler için "Stokta Sorunuz" bağlantısı bu numaraya yazar.',
  },
  whatsappControl: {
    label: 'Stokta olmayan ürünlerde WhatsApp bağlantısı',
    help: 'Açıkken "Stokta Yok" yerine WhatsApp ile "Stokta Sorunuz" bağlantısı gösterilir (numara girilmiş olmalı).',
  },
  socialLinks: {
    label: 'Sosyal medya bağlantıları',
    help: 'Sayfa altındaki beş bağlantı. Gizli işaretlenen veya adresi boş olan gösterilmez.',
  },
  showPriceStatus: {
    label: 'Ziyaretçilere fiyat göster',
    help: 'Giriş yapmamış ziyaretçiler fiyatları görür. Bayiler fiyatları her zaman görür.',
  },
  productsWithKdv: {
    label: 'Fiyatlar KDV dahil',
    help: 'Listede ve ürün sayfasında fiyatlar KDV dahil gösterilir.',
  },
  showListPrice: {
    label: 'Liste fiyatını göster',
    help: 'Satış fiyatı liste fiyatından düşükse liste fiyatı üstü çizili ve indirim oranıyla gösterilir.',
  },
  showPaymentPlanPrice: {
    label: 'Ödeme planı fiyatlarını göster',
    help: 'Ürünlerde ödeme planı fiyatları ve sepette ödeme planı seçimi gösterilir.',
  },
  stockInfoStatus: { label: 'Stok gösterimi', help: 'Bayilere stok bilgisinin nasıl gösterileceği.' },
  showStokInfo: {
    label: 'Ziyaretçilere stok göster',
    help: 'Giriş yapmamış ziyaretçiler de stok bilgisini görür.',
  },
  cartStockControl: {
    label: 'Stoktan fazlasına izin ver',
    help: 'Açıkken sepete eklerken ve siparişte stok sınırı uygulanmaz.',
  },
  notInStock: {
    label: 'Stokta olmayan ürünleri listele',
    help: 'Kapalıyken stoğu olmayan ürünler, bayinin tercihi ne olursa olsun listelenmez.',
  },
  showNotInStocks: {
    label: 'Stokta olmayanlar varsayılan olarak görünsün',
    help: 'Bayinin "stokta olmayanları göster" tercihinin başlangıç değeri.',
  },
  originalShowNotInStocks: {
    label: 'Stok tercihini sıfırlama değeri',
    help: 'Bayi tercihini sıfırladığında stokta olmayanları gösterme ayarının döneceği değer.',
  },
  b2b_stoktakileri_goster: {
    label: '"Stoktakileri göster" seçeneği',
    help: 'Ürün listesinde yalnızca stoktakileri gösterme seçeneği sunulur.',
  },
  defaultSort: { label: 'Varsayılan sıralama', help: 'Ürün listesi ilk açıldığında kullanılan sıralama.' },
  productListView: {
    label: 'Varsayılan liste görünümü',
    help: 'Bayi seçim yapmadıysa ürün listesinin görünümü.',
  },
  b2b_urun_detay_ozel_kod_gosterim: {
    label: 'Ürün sayfasında özel kod satırı',
    help: 'Ürün sayfasında seçilen özel kod alanı bir satır olarak gösterilir.',
  },
  b2b_urun_detay_ozel_kod: {
    label: 'Gösterilecek özel kod alanı',
    help: 'Özel kod satırında hangi alanın gösterileceği.',
  },
  b2b_urun_detay_ozel_kod_baslik: {
    label: 'Özel kod satırı başlığı',
    help: 'Özel kod satırının başlığı (en çok 60 karakter).',
  },
  b2b_teklif_ver_durum: {
    label: 'Teklif iste',
    help: 'Bayiler sepetlerini teklife çevirebilir. Kapalıyken teklif düğmesi görünmez.',
  },
  b2b_risk_limit_islem: {
    label: 'Risk limiti kontrolü',
    help: 'Açıkken bayinin risk limitini aşan siparişler alınmaz.',
  },
  installmentLimit: {
    label: 'Taksit alt sınırı (TL)',
    help: 'Taksit seçenekleri yalnızca bu tutarın üzerindeki ödemelerde gösterilir. 0: her tutarda.',
  },
  b2b_cari_odeme_baglantisi: {
    label: 'Ödeme bağlantıları',
    help: 'Bayiler tutar girerek ödeme bağlantısı oluşturup paylaşabilir.',
  },
  showOverdueDebtInfo: {
    label: 'Vadesi geçmiş borç uyarısı',
    help: 'Vadesi geçmiş borcu olan bayiye sayfaların üstünde uyarı gösterilir.',
  },
  overdueDebtInfoLimit: {
    label: 'Borç uyarısı alt sınırı (TL)',
    help: 'Uyarı, vadesi geçmiş borç bu tutara ulaştığında gösterilir.',
  },
  orderMailRecipients: {
    label: 'Sipariş ve teklif bildirim adresleri',
    help: 'Her yeni sipariş ve teklif bu adreslere e-postayla bildirilir (en çok 10). Boşsa mağazanın e-posta adresine gider.',
  },
}

const en: Texts = {
  storeName: {
    label: 'Store name',
    help: "Shown in the pages' header and footer, in e-mails and on printed documents.",
  },
  storeAddress: {
    label: 'Address',
    help: 'Shown in the footer and on printed documents. Not shown when empty.',
  },
  storeTown: { label: 'District', help: "The address's district." },
  storeCity: { label: 'City', help: "The address's city." },
  timeZone: {
    label: 'Time zone',
    help: 'Every date and time is shown in this time zone (e.g. Europe/Istanbul).',
  },
  defaultCurrency: {
    label: 'Default currency',
    help: 'Dealers who have not chosen a currency see prices in this one.',
  },
  storePhone: { label: 'Phone', help: 'Shown in the footer and on printed documents.' },
  storeEmail: {
    label: 'E-mail address',
    help: 'Shown in the footer; new order e-mails go here when no notification address is set.',
  },
  whatsappNumber: {
    label: 'WhatsApp number',
    help: 'The "Ask about stock" link of products out of stock writes to this number.',
  },
  whatsappControl: {
    label: 'WhatsApp link for products out of stock',
    help: 'When on, a WhatsApp "Ask about stock" link replaces "Out of stock" (a number must be set).',
  },
  socialLinks: {
    label: 'Social media links',
    help: 'The five links in the footer. A link marked hidden or without an address is not shown.',
  },
  showPriceStatus: {
    label: 'Show prices to guests',
    help: 'Visitors who are not signed in see prices. Dealers always do.',
  },
  productsWithKdv: {
    label: 'Prices include VAT',
    help: 'Prices in the list and on the product page include VAT.',
  },
  showListPrice: {
    label: 'Show the list price',
    help: 'When the sale price is below the list price, the list price is shown struck through with the discount.',
  },
  showPaymentPlanPrice: {
    label: 'Show payment plan prices',
    help: "Products show their payment plans' prices and the cart offers the plan choice.",
  },
  stockInfoStatus: { label: 'Stock display', help: 'How stock is shown to dealers.' },
  showStokInfo: {
    label: 'Show stock to guests',
    help: 'Visitors who are not signed in see stock information too.',
  },
  cartStockControl: {
    label: 'Allow more than the stock',
    help: 'When on, no stock limit applies when adding to the cart or ordering.',
  },
  notInStock: {
    label: 'List products out of stock',
    help: "When off, products without stock are never listed, whatever a dealer's preference says.",
  },
  showNotInStocks: {
    label: 'Products out of stock shown by default',
    help: 'The starting value of a dealer\'s "show products out of stock" preference.',
  },
  originalShowNotInStocks: {
    label: 'Stock preference reset value',
    help: 'What the "show products out of stock" preference returns to when a dealer resets it.',
  },
  b2b_stoktakileri_goster: {
    label: '"In stock only" option',
    help: 'The product list offers to show only products in stock.',
  },
  defaultSort: { label: 'Default sort', help: "The product list's order when it first opens." },
  productListView: {
    label: 'Default list view',
    help: "The product list's view for a dealer who has not chosen one.",
  },
  b2b_urun_detay_ozel_kod_gosterim: {
    label: 'Special code line on the product page',
    help: 'The product page shows the chosen special code field as a line.',
  },
  b2b_urun_detay_ozel_kod: {
    label: 'Special code field shown',
    help: 'Which field the special code line shows.',
  },
  b2b_urun_detay_ozel_kod_baslik: {
    label: 'Special code line title',
    help: "The special code line's title (60 characters at most).",
  },
  b2b_teklif_ver_durum: {
    label: 'Ask for an offer',
    help: 'Dealers may turn their cart into an offer. When off, the offer button is gone.',
  },
  b2b_risk_limit_islem: {
    label: 'Risk limit check',
    help: "When on, an order above the dealer's risk limit is refused.",
  },
  installmentLimit: {
    label: 'Installments from (TRY)',
    help: 'Installment options are shown only for payments above this amount. 0: for any amount.',
  },
  b2b_cari_odeme_baglantisi: {
    label: 'Payment links',
    help: 'Dealers may create and share a payment link for an amount.',
  },
  showOverdueDebtInfo: {
    label: 'Overdue balance warning',
    help: 'A dealer with an overdue balance sees a warning at the top of the pages.',
  },
  overdueDebtInfoLimit: {
    label: 'Overdue warning from (TRY)',
    help: 'The warning shows once the overdue balance reaches this amount.',
  },
  orderMailRecipients: {
    label: 'Order and offer notification addresses',
    help: "Every new order and offer is mailed to these addresses (10 at most). Empty: the store's e-mail address.",
  },
}

const stockModeLabels: Record<Locale, (mode: number) => string> = {
  tr: (mode) => {
    if (mode === 0) return '0 — Miktar gösterilir'
    if (mode === 1) return '1 — Stok gösterilmez'
    if (mode === 2) return '2 — Yalnızca var / yok'
    if (mode <= 8) return `${mode} — Var / yok, stok ${[5, 10, 50, 100, 1000, 20][mode - 3]} fazla sayılır`
    if (mode <= 14) return `${mode} — Var / yok, stok ${[5, 10, 50, 100, 1000, 20][mode - 9]} eksik sayılır`
    return `${mode} — ${[5, 10, 50, 100, 1000, 20][mode - 15]} üzerinde "${[5, 10, 50, 100, 1000, 20][mode - 15]}+", altında miktar`
  },
  en: (mode) => {
    if (mode === 0) return '0 — The quantity'
    if (mode === 1) return '1 — No stock shown'
    if (mode === 2) return '2 — In stock or not'
    if (mode <= 8)
      return `${mode} — In stock or not, stock counted ${[5, 10, 50, 100, 1000, 20][mode - 3]} higher`
    if (mode <= 14)
      return `${mode} — In stock or not, stock counted ${[5, 10, 50, 100, 1000, 20][mode - 9]} lower`
    return `${mode} — Above ${[5, 10, 50, 100, 1000, 20][mode - 15]} "${[5, 10, 50, 100, 1000, 20][mode - 15]}+", below it the quantity`
  },
}

const choiceLabels: Record<Locale, Record<string, Record<string, string>>> = {
  tr: {
    defaultSort: {
      name: 'Ada göre (A-Z)',
      '-name': 'Ada göre (Z-A)',
      price: 'Fiyata göre artan',
      '-price': 'Fiyata göre azalan',
      brand: 'Markaya göre (A-Z)',
      '-brand': 'Markaya göre (Z-A)',
      quantity: 'Stoğa göre artan',
      '-quantity': 'Stoğa göre azalan',
    },
    productListView: { grid: 'Izgara', list: 'Liste' },
    b2b_urun_detay_ozel_kod: {
      ozelkod: 'Özel kod 1',
      ozelkod2: 'Özel kod 2',
      ozelkod3: 'Özel kod 3',
      ozelkod4: 'Özel kod 4',
      ozelkod5: 'Özel kod 5',
    },
  },
  en: {
    defaultSort: {
      name: 'By name (A-Z)',
      '-name': 'By name (Z-A)',
      price: 'Price, low to high',
      '-price': 'Price, high to low',
      brand: 'By brand (A-Z)',
      '-brand': 'By brand (Z-A)',
      quantity: 'Stock, low to high',
      '-quantity': 'Stock, high to low',
    },
    productListView: { grid: 'Grid', list: 'List' },
    b2b_urun_detay_ozel_kod: {
      ozelkod: 'Special code 1',
      ozelkod2: 'Special code 2',
      ozelkod3: 'Special code 3',
      ozelkod4: 'Special code 4',
      ozelkod5: 'Special code 5',
    },
  },
}

/** A setting's label and help in `locale` (a key without texts is a programming error: tested). */
export const settingText = (locale: Locale, key: string): Text | undefined => (locale === 'en' ? en : tr)[key]

/** A choice value's label: the stock modes are worded from their number, the others looked up. */
export function choiceLabel(locale: Locale, key: string, value: string | number): string {
  if (key === 'stockInfoStatus') return stockModeLabels[locale](Number(value))
  return choiceLabels[locale][key]?.[String(value)] ?? String(value)
}
