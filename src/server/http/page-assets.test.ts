import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { PAGE_MODULES, PageAssets, pageOf } from './page-assets'

const repo = path.resolve(import.meta.dirname, '..', '..', '..')

describe('pageOf: the page the web app shows at an address', () => {
  it.each([
    ['/', 'home'],
    ['/en', 'home'],
    ['/en/', 'home'],
    ['/account/login', 'login'],
    ['/en/account/login', 'login'],
    ['/sepet', 'cart'],
    ['/hizli-siparis', 'quickOrder'],
    ['/siparis/liste', 'orders'],
    ['/siparis/42', 'orderSuccess'],
    ['/teklif/liste', 'offers'],
    ['/yonetim', 'staffIndex'],
    ['/en/yonetim/', 'staffIndex'],
    ['/yonetim/e-postalar', 'mailOutbox'],
    ['/hesap/ekstre', 'statement'],
    ['/en/hesap/ekstre', 'statement'],
    ['/hesap/ayarlar', 'accountSettings'],
    ['/en/hesap/ayarlar', 'accountSettings'],
    ['/yonetim/odemeler', 'staffPayments'],
    ['/yonetim/odeme-baglantilari', 'staffPaymentLinks'],
    ['/yonetim/havale', 'staffBankTransfer'],
    ['/yonetim/ariza-bildirimleri', 'staffFaultReports'],
    ['/yonetim/aramalar', 'searchDashboard'],
    ['/yonetim/personel', 'staffUsers'],
    ['/en/yonetim/personel', 'staffUsers'],
    ['/yonetim/api-anahtarlari', 'staffApiKeys'],
    ['/en/yonetim/api-anahtarlari', 'staffApiKeys'],
    ['/yonetim/iceri-aktar', 'staffImports'],
    ['/en/yonetim/iceri-aktar', 'staffImports'],
    ['/yonetim/entegrasyon', 'staffIntegrationHealth'],
    ['/en/yonetim/entegrasyon', 'staffIntegrationHealth'],
    ['/en/yonetim/aramalar', 'searchDashboard'],
    ['/ariza-bildirimi', 'faultReport'],
    ['/en/ariza-bildirimi', 'faultReport'],
    ['/odeme', 'payOnAccount'],
    ['/odeme/sepet', 'checkout'],
    ['/en/odeme/sonuc/4f1c2a9b0d3e5f6a7b8c9d0e1f2a3b4c', 'checkoutSummary'],
    ['/odeme-linki/Zx9_abc-DEF', 'paymentLink'],
    ['/urunler', 'list'],
    ['/arama', 'list'],
    ['/el-aletleri', 'list'],
    ['/bosch/el-aletleri', 'list'],
    ['/abs-sensoru-arka-p-570', 'product'],
    ['/en/abs-sensoru-arka-p-570', 'product'],
    ['/yonetim/urunler', 'staffProducts'],
    ['/en/yonetim/urunler', 'staffProducts'],
    ['/yonetim/urunler/yeni', 'staffProductEditor'],
    ['/yonetim/urunler/12', 'staffProductEditor'],
    ['/yonetim/urunler/abc', 'notFound'],
    ['/yonetim/kategoriler', 'catalogueSetup'],
    ['/yonetim/kampanyalar', 'staffCampaigns'],
    ['/yonetim/kampanyalar/yeni', 'staffCampaignEditor'],
    ['/en/yonetim/kampanyalar/7', 'staffCampaignEditor'],
    ['/yonetim/kampanyalar/x1', 'notFound'],
    ['/a/b/c', 'notFound'],
  ])('%s → %s', (pathname, page) => {
    expect(pageOf(pathname)).toBe(page)
  })

  it('names modules the router really imports lazily', () => {
    const router = readFileSync(path.join(repo, 'src', 'web', 'app', 'router.tsx'), 'utf8')
    for (const file of Object.values(PAGE_MODULES)) {
      expect(existsSync(path.join(repo, file)), file).toBe(true)
      const fromRouter = `../${path.relative(path.join(repo, 'src', 'web'), path.join(repo, file)).replace(/\.tsx$/, '')}`
      expect(router, file).toContain(`import('${fromRouter}')`)
    }
  })
})

describe('PageAssets', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'toptan-assets-'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))
  mkdirSync(path.join(root, 'dist', 'web', '.vite'), { recursive: true })
  writeFileSync(
    path.join(root, 'dist', 'web', '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-1.js', imports: ['_framework-1.js'], css: ['assets/index-1.css'] },
      '_framework-1.js': { file: 'assets/framework-1.js' },
      [PAGE_MODULES.list]: {
        file: 'assets/ProductListPage-1.js',
        imports: ['_framework-1.js', '_Card-1.js', 'index.html'],
        css: ['assets/ProductListPage-1.css'],
      },
      '_Card-1.js': { file: 'assets/Card-1.js', imports: ['_Box-1.js'], css: ['assets/Card-1.css'] },
      '_Box-1.js': { file: 'assets/Box-1.js', imports: ['_Card-1.js'] },
    }),
  )

  it("names a page's chunks and stylesheets, not what the entry loads anyway", () => {
    expect(new PageAssets(root).filesFor('list')).toEqual({
      scripts: ['/assets/ProductListPage-1.js', '/assets/Card-1.js', '/assets/Box-1.js'],
      styles: ['/assets/ProductListPage-1.css', '/assets/Card-1.css'],
    })
  })

  it('names nothing without a build or for a page the build lacks', () => {
    const none = { scripts: [], styles: [] }
    expect(new PageAssets(root).filesFor('cart')).toEqual(none)
    expect(new PageAssets(path.join(root, 'nowhere')).filesFor('list')).toEqual(none)
  })
})
