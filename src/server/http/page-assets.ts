import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parseProductSegment } from '../../domain/product-url'

/**
 * Each page of the web app is a lazy chunk (src/web/app/router.tsx). Without help the browser learns of
 * it only after the entry has run, then of the chunks it imports, then of the data: three round trips
 * in a row before anything is drawn. The page's HTML names them at once instead, from Vite's manifest.
 */

/** The page module each address opens: the same table as src/web/app/router.tsx (checked by a test). */
export const PAGE_MODULES = {
  home: 'src/web/features/home/HomePage.tsx',
  login: 'src/web/features/account/LoginPage.tsx',
  list: 'src/web/features/catalog/ProductListPage.tsx',
  product: 'src/web/features/product/ProductDetailPage.tsx',
  cart: 'src/web/features/cart/CartPage.tsx',
  quickOrder: 'src/web/features/quick-order/QuickOrderPage.tsx',
  offers: 'src/web/features/offers/OffersPage.tsx',
  orders: 'src/web/features/orders/OrdersPage.tsx',
  orderSuccess: 'src/web/features/orders/OrderSuccessPage.tsx',
  staffIndex: 'src/web/features/staff/StaffIndexPage.tsx',
  mailOutbox: 'src/web/features/staff/MailOutboxPage.tsx',
  onlineUsers: 'src/web/features/staff/live/OnlineUsersPage.tsx',
  customerCarts: 'src/web/features/staff/live/CustomerCartsPage.tsx',
  statement: 'src/web/features/statement/StatementPage.tsx',
  invoices: 'src/web/features/invoices/InvoicesPage.tsx',
  accountSettings: 'src/web/features/account-settings/AccountSettingsPage.tsx',
  staffPayments: 'src/web/features/staff/payments/PaymentsPage.tsx',
  staffPaymentLinks: 'src/web/features/staff/payments/PaymentLinksPage.tsx',
  staffBankTransfer: 'src/web/features/staff/payments/BankTransferPage.tsx',
  paymentSetup: 'src/web/features/staff/payment-setup/PaymentSetupPage.tsx',
  staffFaultReports: 'src/web/features/staff/fault-reports/FaultReportsPage.tsx',
  staffHome: 'src/web/features/staff/home/StaffHomePage.tsx',
  staffAudit: 'src/web/features/staff/audit/AuditPage.tsx',
  staffUsers: 'src/web/features/staff/users/StaffUsersPage.tsx',
  staffApiKeys: 'src/web/features/staff/api-keys/ApiKeysPage.tsx',
  staffImports: 'src/web/features/staff/imports/ImportPage.tsx',
  staffIntegrationHealth: 'src/web/features/staff/integration-health/IntegrationHealthPage.tsx',
  staffOrders: 'src/web/features/staff/orders/StaffOrdersPage.tsx',
  staffOffers: 'src/web/features/staff/offers/StaffOffersPage.tsx',
  staffCustomers: 'src/web/features/staff/customers/StaffCustomersPage.tsx',
  storeSettings: 'src/web/features/staff/settings/StoreSettingsPage.tsx',
  staffProducts: 'src/web/features/staff/products/StaffProductsPage.tsx',
  staffProductEditor: 'src/web/features/staff/products/ProductEditorPage.tsx',
  catalogueSetup: 'src/web/features/staff/catalogue-setup/CatalogueSetupPage.tsx',
  staffCampaigns: 'src/web/features/staff/campaigns/CampaignsPage.tsx',
  staffCampaignEditor: 'src/web/features/staff/campaigns/CampaignEditorPage.tsx',
  storeNotifications: 'src/web/features/staff/settings/StoreNotificationsPage.tsx',
  exchangeRates: 'src/web/features/staff/settings/ExchangeRatesPage.tsx',
  searchDashboard: 'src/web/features/staff/search-dashboard/SearchDashboardPage.tsx',
  faultReport: 'src/web/features/fault-report/FaultReportPage.tsx',
  passwordSet: 'src/web/features/account/PasswordSetPage.tsx',
  payOnAccount: 'src/web/features/checkout/PayOnAccountPage.tsx',
  checkout: 'src/web/features/checkout/CheckoutPage.tsx',
  checkoutSummary: 'src/web/features/checkout/CheckoutSummaryPage.tsx',
  paymentLink: 'src/web/features/payment-links/PaymentLinkPage.tsx',
  notFound: 'src/web/components/NotFoundState.tsx',
} as const

export type PageName = keyof typeof PAGE_MODULES

const FIXED: Record<string, PageName> = {
  '': 'home',
  'account/login': 'login',
  sepet: 'cart',
  'hizli-siparis': 'quickOrder',
  'siparis/liste': 'orders',
  'teklif/liste': 'offers',
  yonetim: 'staffIndex',
  'yonetim/e-postalar': 'mailOutbox',
  'yonetim/online-kullanicilar': 'onlineUsers',
  'yonetim/musteri-sepetleri': 'customerCarts',
  'hesap/ekstre': 'statement',
  'hesap/faturalar': 'invoices',
  'hesap/ayarlar': 'accountSettings',
  'yonetim/odemeler': 'staffPayments',
  'yonetim/odeme-baglantilari': 'staffPaymentLinks',
  'yonetim/havale': 'staffBankTransfer',
  'yonetim/odeme-ayarlari': 'paymentSetup',
  'yonetim/ariza-bildirimleri': 'staffFaultReports',
  'yonetim/ozet': 'staffHome',
  'yonetim/denetim': 'staffAudit',
  'yonetim/personel': 'staffUsers',
  'yonetim/api-anahtarlari': 'staffApiKeys',
  'yonetim/iceri-aktar': 'staffImports',
  'yonetim/entegrasyon': 'staffIntegrationHealth',
  'yonetim/siparisler': 'staffOrders',
  'yonetim/teklifler': 'staffOffers',
  'yonetim/musteriler': 'staffCustomers',
  'yonetim/ayarlar': 'storeSettings',
  'yonetim/urunler': 'staffProducts',
  'yonetim/kategoriler': 'catalogueSetup',
  'yonetim/kampanyalar': 'staffCampaigns',
  'yonetim/bildirim-ayarlari': 'storeNotifications',
  'yonetim/doviz-kurlari': 'exchangeRates',
  'yonetim/aramalar': 'searchDashboard',
  'ariza-bildirimi': 'faultReport',
  'sifre-belirle': 'passwordSet',
  odeme: 'payOnAccount',
  'odeme/sepet': 'checkout',
  urunler: 'list',
  arama: 'list',
}

/** Which page an address shows, as the web app's router decides it ('/en' prefix allowed). */
export function pageOf(pathname: string): PageName {
  const rest = pathname.replace(/^\/en(?=\/|$)/, '').replace(/^\/+|\/+$/g, '')
  const fixed = FIXED[rest]
  if (fixed) return fixed
  const segments = rest.split('/')
  if (segments.length === 2 && segments[0] === 'siparis') return 'orderSuccess'
  // A product's editor: a new one, or one by its id.
  if (segments.length === 3 && segments[0] === 'yonetim' && segments[1] === 'urunler')
    return /^(yeni|\d{1,9})$/.test(segments[2] ?? '') ? 'staffProductEditor' : 'notFound'
  // A campaign's editor: a new one, or one by its id.
  if (segments.length === 3 && segments[0] === 'yonetim' && segments[1] === 'kampanyalar')
    return /^(yeni|\d{1,9})$/.test(segments[2] ?? '') ? 'staffCampaignEditor' : 'notFound'
  if (segments.length === 2 && segments[0] === 'odeme-linki') return 'paymentLink'
  if (segments.length === 3 && segments[0] === 'odeme' && segments[1] === 'sonuc') return 'checkoutSummary'
  if (segments.length === 1) return parseProductSegment(rest) ? 'product' : 'list'
  if (segments.length === 2) return 'list'
  return 'notFound'
}

/** Paths of a page's own files, as the browser asks for them ('/assets/…'). */
export type PageFiles = { scripts: string[]; styles: string[] }

type ManifestChunk = { file: string; imports?: string[]; css?: string[] }
type Manifest = Record<string, ManifestChunk>

/** Each page's own chunks and stylesheets, from Vite's manifest. */
export class PageAssets {
  private readonly manifest: Manifest | null
  private readonly files = new Map<PageName, PageFiles>()

  constructor(rootDir: string) {
    const file = path.join(rootDir, 'dist', 'web', '.vite', 'manifest.json')
    this.manifest = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : null
  }

  /** Files the entry (index.html) loads anyway: not named again. */
  private entryFiles(manifest: Manifest): Set<string> {
    return new Set(this.walk(manifest, 'index.html').keys())
  }

  /** Every chunk `key` needs (itself and, recursively, what it imports), by manifest key. */
  private walk(manifest: Manifest, key: string, seen = new Map<string, ManifestChunk>()) {
    const chunk = manifest[key]
    if (!chunk || seen.has(key)) return seen
    seen.set(key, chunk)
    for (const imported of chunk.imports ?? []) this.walk(manifest, imported, seen)
    return seen
  }

  /** The page's own scripts and stylesheets (what the entry loads anyway left out). */
  filesFor(page: PageName): PageFiles {
    const cached = this.files.get(page)
    if (cached) return cached
    const files: PageFiles = { scripts: [], styles: [] }
    const manifest = this.manifest
    if (manifest) {
      const skip = this.entryFiles(manifest)
      const styles = new Set<string>()
      for (const [name, chunk] of this.walk(manifest, PAGE_MODULES[page])) {
        if (skip.has(name)) continue
        files.scripts.push(`/${chunk.file}`)
        for (const file of chunk.css ?? []) styles.add(`/${file}`)
      }
      files.styles.push(...styles)
    }
    this.files.set(page, files)
    return files
  }
}
