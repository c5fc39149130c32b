import { chromium } from '@playwright/test'
const base = process.env.BASE ?? 'http://127.0.0.1:3999'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
const who = [
  { name: 'admin', email: 'yonetici@toptan.test', password: 'Yonetici1234!', pages: ['/yonetim/e-postalar', '/yonetim/e-postalar?status=sent'] },
  { name: 'dealer', email: 'bayi@toptan.test', password: 'Bayi1234!', pages: ['/urunler', '/abs-sensoru-arka-p-570', '/sepet'] },
]
for (const w of who) {
  for (const [vw, vh] of [[1366, 900], [390, 844]]) {
    for (const lang of ['', '/en']) {
      const ctx = await browser.newContext({ viewport: { width: vw, height: vh }, locale: 'tr-TR' })
      const page = await ctx.newPage()
      const errors = []
      page.on('pageerror', (e) => errors.push(e.message))
      page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()) })
      await page.goto(base + '/account/login')
      await page.getByLabel(/E-posta/).fill(w.email)
      await page.getByLabel(/^Şifre/).fill(w.password)
      await page.keyboard.press('Enter')
      await page.waitForURL((u) => !u.pathname.endsWith('/account/login'))
      for (const p of w.pages) {
        await page.goto(base + lang + p)
        await page.waitForLoadState('networkidle')
        await page.waitForTimeout(400)
        const file = `/tmp/shots/${w.name}-${vw}${lang ? '-en' : '-tr'}-${p.replace(/[^a-z0-9]+/gi, '_')}.png`
        await page.screenshot({ path: file, fullPage: false })
        console.log(file, errors.length ? errors.join(' | ').slice(0, 300) : '')
      }
      await ctx.close()
    }
  }
}
await browser.close()
