import { chromium } from '@playwright/test'
const base = 'http://127.0.0.1:3999'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
const page = await browser.newPage()
let current = ''
page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') console.log(current, m.type(), m.text().slice(0, 300)) })
page.on('pageerror', (e) => console.log(current, 'PAGEERROR', e.message.slice(0, 300)))
await page.goto(base + '/account/login')
await page.getByLabel(/E-posta/).fill('bayi@toptan.test')
await page.getByLabel(/^Şifre/).fill('Bayi1234!')
await page.keyboard.press('Enter')
await page.waitForURL((u) => !u.pathname.endsWith('/account/login'))
for (const withCart of [false, true]) {
  if (withCart) {
    await page.goto(base + '/abs-sensoru-arka-p-570')
    await page.getByRole('button', { name: 'Sepete Ekle' }).first().click()
    await page.waitForTimeout(1500)
  }
  for (const url of ['/', '/urunler', '/baglanti-elemanlari', '/sepet', '/en/urunler']) {
    current = `${withCart ? 'cart' : 'empty'} ${url}`
    await page.goto(base + url)
    await page.waitForTimeout(1500)
  }
}
console.log('done')
await browser.close()
