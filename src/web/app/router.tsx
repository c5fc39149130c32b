import { lazy } from 'react'
import { Route, Routes, useParams } from 'react-router'
import { parseProductSegment } from '../../domain/product-url'
import { AppLayout } from './layout/AppLayout'

// Every page is its own chunk; the layout (header, footer) is in the entry.
const HomePage = lazy(() => import('../features/home/HomePage').then((m) => ({ default: m.HomePage })))
const LoginPage = lazy(() => import('../features/account/LoginPage').then((m) => ({ default: m.LoginPage })))
const ProductListPage = lazy(() =>
  import('../features/catalog/ProductListPage').then((m) => ({ default: m.ProductListPage })),
)
const ProductDetailPage = lazy(() =>
  import('../features/product/ProductDetailPage').then((m) => ({ default: m.ProductDetailPage })),
)
const CartPage = lazy(() => import('../features/cart/CartPage').then((m) => ({ default: m.CartPage })))
const QuickOrderPage = lazy(() =>
  import('../features/quick-order/QuickOrderPage').then((m) => ({ default: m.QuickOrderPage })),
)
const OffersPage = lazy(() =>
  import('../features/offers/OffersPage').then((m) => ({ default: m.OffersPage })),
)
const OrdersPage = lazy(() =>
  import('../features/orders/OrdersPage').then((m) => ({ default: m.OrdersPage })),
)
const OrderSuccessPage = lazy(() =>
  import('../features/orders/OrderSuccessPage').then((m) => ({ default: m.OrderSuccessPage })),
)
const OnlineUsersPage = lazy(() =>
  import('../features/staff/live/OnlineUsersPage').then((m) => ({ default: m.OnlineUsersPage })),
)
const CustomerCartsPage = lazy(() =>
  import('../features/staff/live/CustomerCartsPage').then((m) => ({ default: m.CustomerCartsPage })),
)
const StaffIndexPage = lazy(() =>
  import('../features/staff/StaffIndexPage').then((m) => ({ default: m.StaffIndexPage })),
)
const MailOutboxPage = lazy(() =>
  import('../features/staff/MailOutboxPage').then((m) => ({ default: m.MailOutboxPage })),
)
const PaymentLinkPage = lazy(() =>
  import('../features/payment-links/PaymentLinkPage').then((m) => ({ default: m.PaymentLinkPage })),
)
const CheckoutPage = lazy(() =>
  import('../features/checkout/CheckoutPage').then((m) => ({ default: m.CheckoutPage })),
)
const CheckoutSummaryPage = lazy(() =>
  import('../features/checkout/CheckoutSummaryPage').then((m) => ({ default: m.CheckoutSummaryPage })),
)
const PayOnAccountPage = lazy(() =>
  import('../features/checkout/PayOnAccountPage').then((m) => ({ default: m.PayOnAccountPage })),
)
const StatementPage = lazy(() =>
  import('../features/statement/StatementPage').then((m) => ({ default: m.StatementPage })),
)
const InvoicesPage = lazy(() =>
  import('../features/invoices/InvoicesPage').then((m) => ({ default: m.InvoicesPage })),
)
const AccountSettingsPage = lazy(() =>
  import('../features/account-settings/AccountSettingsPage').then((m) => ({
    default: m.AccountSettingsPage,
  })),
)
const PaymentsPage = lazy(() =>
  import('../features/staff/payments/PaymentsPage').then((m) => ({ default: m.PaymentsPage })),
)
const PaymentLinksPage = lazy(() =>
  import('../features/staff/payments/PaymentLinksPage').then((m) => ({ default: m.PaymentLinksPage })),
)
const BankTransferPage = lazy(() =>
  import('../features/staff/payments/BankTransferPage').then((m) => ({ default: m.BankTransferPage })),
)
const PaymentSetupPage = lazy(() =>
  import('../features/staff/payment-setup/PaymentSetupPage').then((m) => ({ default: m.PaymentSetupPage })),
)
const AuditPage = lazy(() =>
  import('../features/staff/audit/AuditPage').then((m) => ({ default: m.AuditPage })),
)
const StaffUsersPage = lazy(() =>
  import('../features/staff/users/StaffUsersPage').then((m) => ({ default: m.StaffUsersPage })),
)
const ImportPage = lazy(() =>
  import('../features/staff/imports/ImportPage').then((m) => ({ default: m.ImportPage })),
)
const IntegrationHealthPage = lazy(() =>
  import('../features/staff/integration-health/IntegrationHealthPage').then((m) => ({
    default: m.IntegrationHealthPage,
  })),
)
const ApiKeysPage = lazy(() =>
  import('../features/staff/api-keys/ApiKeysPage').then((m) => ({ default: m.ApiKeysPage })),
)
const SearchDashboardPage = lazy(() =>
  import('../features/staff/search-dashboard/SearchDashboardPage').then((m) => ({
    default: m.SearchDashboardPage,
  })),
)
const PasswordSetPage = lazy(() =>
  import('../features/account/PasswordSetPage').then((m) => ({ default: m.PasswordSetPage })),
)
const FaultReportPage = lazy(() =>
  import('../features/fault-report/FaultReportPage').then((m) => ({ default: m.FaultReportPage })),
)
const FaultReportsPage = lazy(() =>
  import('../features/staff/fault-reports/FaultReportsPage').then((m) => ({ default: m.FaultReportsPage })),
)
const ExchangeRatesPage = lazy(() =>
  import('../features/staff/settings/ExchangeRatesPage').then((m) => ({
    default: m.ExchangeRatesPage,
  })),
)
const StoreSettingsPage = lazy(() =>
  import('../features/staff/settings/StoreSettingsPage').then((m) => ({ default: m.StoreSettingsPage })),
)
const StaffProductsPage = lazy(() =>
  import('../features/staff/products/StaffProductsPage').then((m) => ({ default: m.StaffProductsPage })),
)
const ProductEditorPage = lazy(() =>
  import('../features/staff/products/ProductEditorPage').then((m) => ({ default: m.ProductEditorPage })),
)
const CatalogueSetupPage = lazy(() =>
  import('../features/staff/catalogue-setup/CatalogueSetupPage').then((m) => ({
    default: m.CatalogueSetupPage,
  })),
)
const CampaignsPage = lazy(() =>
  import('../features/staff/campaigns/CampaignsPage').then((m) => ({ default: m.CampaignsPage })),
)
const CampaignEditorPage = lazy(() =>
  import('../features/staff/campaigns/CampaignEditorPage').then((m) => ({ default: m.CampaignEditorPage })),
)
const StoreNotificationsPage = lazy(() =>
  import('../features/staff/settings/StoreNotificationsPage').then((m) => ({
    default: m.StoreNotificationsPage,
  })),
)
const StaffHomePage = lazy(() =>
  import('../features/staff/home/StaffHomePage').then((m) => ({ default: m.StaffHomePage })),
)
const StaffOrdersPage = lazy(() =>
  import('../features/staff/orders/StaffOrdersPage').then((m) => ({ default: m.StaffOrdersPage })),
)
const StaffOffersPage = lazy(() =>
  import('../features/staff/offers/StaffOffersPage').then((m) => ({ default: m.StaffOffersPage })),
)
const StaffCustomersPage = lazy(() =>
  import('../features/staff/customers/StaffCustomersPage').then((m) => ({ default: m.StaffCustomersPage })),
)
const NotFoundPage = lazy(() =>
  import('../components/NotFoundState').then((m) => ({ default: m.NotFoundPage })),
)

/** /:url is a product page ('/{seo}-p-{id}') or a category (or brand) list, by the shape of the address. */
function ProductOrList() {
  const { url = '' } = useParams()
  return parseProductSegment(url) ? <ProductDetailPage /> : <ProductListPage kind="path" />
}

/** The pages, mounted both unprefixed (Turkish) and under `/en`. */
function pageRoutes() {
  return (
    <>
      <Route index element={<HomePage />} />
      <Route path="account/login" element={<LoginPage />} />
      <Route path="sepet" element={<CartPage />} />
      <Route path="hizli-siparis" element={<QuickOrderPage />} />
      <Route path="siparis/liste" element={<OrdersPage />} />
      <Route path="siparis/:id" element={<OrderSuccessPage />} />
      <Route path="teklif/liste" element={<OffersPage />} />
      <Route path="odeme" element={<PayOnAccountPage />} />
      <Route path="odeme/sepet" element={<CheckoutPage />} />
      <Route path="odeme/sonuc/:id" element={<CheckoutSummaryPage />} />
      <Route path="yonetim" element={<StaffIndexPage />} />
      <Route path="yonetim/aramalar" element={<SearchDashboardPage />} />
      <Route path="yonetim/e-postalar" element={<MailOutboxPage />} />
      <Route path="yonetim/online-kullanicilar" element={<OnlineUsersPage />} />
      <Route path="yonetim/musteri-sepetleri" element={<CustomerCartsPage />} />
      <Route path="hesap/ekstre" element={<StatementPage />} />
      <Route path="hesap/faturalar" element={<InvoicesPage />} />
      <Route path="hesap/ayarlar" element={<AccountSettingsPage />} />
      <Route path="yonetim/odemeler" element={<PaymentsPage />} />
      <Route path="yonetim/odeme-baglantilari" element={<PaymentLinksPage />} />
      <Route path="yonetim/havale" element={<BankTransferPage />} />
      <Route path="yonetim/odeme-ayarlari" element={<PaymentSetupPage />} />
      <Route path="yonetim/ariza-bildirimleri" element={<FaultReportsPage />} />
      <Route path="yonetim/ozet" element={<StaffHomePage />} />
      <Route path="yonetim/denetim" element={<AuditPage />} />
      <Route path="yonetim/personel" element={<StaffUsersPage />} />
      <Route path="yonetim/api-anahtarlari" element={<ApiKeysPage />} />
      <Route path="yonetim/iceri-aktar" element={<ImportPage />} />
      <Route path="yonetim/entegrasyon" element={<IntegrationHealthPage />} />
      <Route path="yonetim/siparisler" element={<StaffOrdersPage />} />
      <Route path="yonetim/teklifler" element={<StaffOffersPage />} />
      <Route path="yonetim/musteriler" element={<StaffCustomersPage />} />
      <Route path="yonetim/ayarlar" element={<StoreSettingsPage />} />
      <Route path="yonetim/urunler" element={<StaffProductsPage />} />
      <Route path="yonetim/urunler/yeni" element={<ProductEditorPage />} />
      <Route path="yonetim/urunler/:id" element={<ProductEditorPage />} />
      <Route path="yonetim/kategoriler" element={<CatalogueSetupPage />} />
      <Route path="yonetim/kampanyalar" element={<CampaignsPage />} />
      <Route path="yonetim/kampanyalar/yeni" element={<CampaignEditorPage />} />
      <Route path="yonetim/kampanyalar/:id" element={<CampaignEditorPage />} />
      <Route path="yonetim/bildirim-ayarlari" element={<StoreNotificationsPage />} />
      <Route path="yonetim/doviz-kurlari" element={<ExchangeRatesPage />} />
      <Route path="ariza-bildirimi" element={<FaultReportPage />} />
      <Route path="sifre-belirle" element={<PasswordSetPage />} />
      <Route path="odeme-linki/:token" element={<PaymentLinkPage />} />
      <Route path="urunler" element={<ProductListPage kind="all" />} />
      <Route path="arama" element={<ProductListPage kind="search" />} />
      <Route path=":url" element={<ProductOrList />} />
      <Route path=":brand/:url" element={<ProductListPage kind="path" />} />
      <Route path="*" element={<NotFoundPage />} />
    </>
  )
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/en" element={<AppLayout />}>
        {pageRoutes()}
      </Route>
      <Route path="/" element={<AppLayout />}>
        {pageRoutes()}
      </Route>
    </Routes>
  )
}
