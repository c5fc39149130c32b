import { expect, test } from './test'

/**
 * What the production build serves carries no source map: no `.map` file answers, and no script
 * names one (`sourceMappingURL`), so the app's sources are not handed to anyone who asks.
 */
test('no script the pages load names a source map, and no map is served', async ({ page, request }) => {
  const scripts = new Set<string>()
  page.on('response', (response) => {
    const url = new URL(response.url())
    if (url.pathname.endsWith('.js')) scripts.add(url.pathname)
  })
  for (const path of ['/', '/urunler', '/account/login', '/en/sepet']) {
    await page.goto(path)
    await page.waitForLoadState('networkidle')
  }
  // The modules a page names to be fetched later (modulepreload, boot.js's list) count too.
  const named = await page.evaluate(() => [
    ...[...document.querySelectorAll('script[src], link[rel="modulepreload"]')].map(
      (el) => el.getAttribute('src') ?? el.getAttribute('href') ?? '',
    ),
    ...(document.querySelector<HTMLScriptElement>('script[data-entry]')?.dataset.preload?.split(' ') ?? []),
  ])
  for (const path of named) if (path.endsWith('.js')) scripts.add(path)
  expect(scripts.size).toBeGreaterThan(3)

  for (const path of scripts) {
    const script = await request.get(path, { headers: { 'accept-encoding': 'identity' } })
    expect(script.status(), path).toBe(200)
    expect(await script.text(), path).not.toContain('sourceMappingURL')
    const map = await request.get(`${path}.map`)
    expect(map.status(), `${path}.map`).toBe(404)
  }
})
