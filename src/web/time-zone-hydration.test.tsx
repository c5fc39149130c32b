// @vitest-environment jsdom
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { hydrate } from '@tanstack/react-query'
import { hydrateRoot, type Root } from 'react-dom/client'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { App } from './app/App'
import { createQueryClient } from './app/query-client'
import en from './i18n/en.json'
import { createI18n } from './i18n/setup'
import tr from './i18n/tr.json'
import { server } from './test/server'
import { type DrawnPage, zoneHandlers, zonePages } from './test/zone-pages'

/*
 * A page is drawn on the server and taken over (hydrated) in the browser; the two run in different
 * time zones (a server in UTC, a visitor in New York), and neither is the store's (Istanbul). Every
 * moment must be the same text on both sides, in the store's zone: a different text is React's
 * hydration error (#418 in production) and a page that shows the visitor's clock.
 *
 * The server's side runs in a child process started with TZ=UTC (test/render-zone-pages.mjs); the
 * browser's side is this process, its TZ set to New York before the app formats anything (Node
 * applies a TZ set while it runs to every Date and Intl format made afterwards; checked below).
 */
const SERVER_ZONE = 'UTC'
const BROWSER_ZONE = 'America/New_York'

let drawn: { timeZone: string; drawn: DrawnPage[] }
let zoneBefore: string | undefined

beforeAll(async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ['src/web/test/render-zone-pages.mjs'], {
    env: { ...process.env, TZ: SERVER_ZONE },
    maxBuffer: 64 * 1024 * 1024,
  })
  drawn = JSON.parse(stdout)
  zoneBefore = process.env.TZ
  process.env.TZ = BROWSER_ZONE
}, 120_000)

afterAll(() => {
  if (zoneBefore === undefined) delete process.env.TZ
  else process.env.TZ = zoneBefore
})

/** Every date and time some HTML shows (its text and its attributes, a title), in either language's format ('28.11.2026 01:05', '28 Nov 2026, 01:05'). */
const momentsIn = (text: string) =>
  text.match(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}|\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/g) ?? []

/** A console or hydration error as its first line and the lines React marks as differing (+ client, - server). */
const summary = (text: string) =>
  [text.split('\n')[0]!.slice(0, 200), ...text.split('\n').filter((line) => /^[+-] /.test(line))]
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .join(' | ')

/** Takes the server's HTML over as main.tsx does, noting every hydration error and console error. */
async function takeOver(
  url: string,
  page: DrawnPage,
  bootstrap: ReturnType<typeof zonePages>[number]['bootstrap'],
) {
  window.history.replaceState(null, '', url)
  document.body.innerHTML = `<div id="root">${page.html}</div>`
  const container = document.getElementById('root')!
  const queryClient = createQueryClient()
  hydrate(queryClient, page.state.queries)
  const problems: string[] = []
  const consoleError = vi
    .spyOn(console, 'error')
    .mockImplementation((...args: unknown[]) => void problems.push(args.map(String).join(' ')))
  const live = new Promise<void>((resolve) =>
    window.addEventListener('toptan:live', () => resolve(), { once: true }),
  )
  const i18n = createI18n(bootstrap.locale, bootstrap.locale === 'en' ? en : tr)
  // As in a browser: no act() around the take-over (React would hold its work for act to flush).
  const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT
  ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false
  let root: Root | null = null
  try {
    root = hydrateRoot(
      container,
      <App bootstrap={bootstrap} i18n={i18n} queryClient={queryClient} serverHints={page.state.hints} />,
      { onRecoverableError: (error) => void problems.push(String(error)) },
    )
    await Promise.race([
      live,
      new Promise((_, reject) => setTimeout(() => reject(new Error('the page never went live')), 15_000)),
    ])
    // Whatever the page does right after it went live (its effects) has its turn.
    await new Promise((resolve) => setTimeout(resolve, 50))
    return { problems, html: container.innerHTML }
  } finally {
    root?.unmount()
    ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment
    consoleError.mockRestore()
  }
}

describe("Moments drawn on the server and taken over in the browser, in the store's time zone", () => {
  it('runs the two sides in different zones, neither the store’s', () => {
    expect(drawn.timeZone).toBe(SERVER_ZONE)
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(BROWSER_ZONE)
    expect(new Date('2026-11-27T22:05:00Z').getHours()).toBe(17)
  })

  it.each(zonePages().map((page, i) => [page.url, page.bootstrap.settings.timeZone, i] as const))(
    '%s (store in %s): the same text on both sides, no hydration error',
    async (url, _zone, i) => {
      const page = zonePages()[i]!
      server.use(...zoneHandlers())
      const { problems, html } = await takeOver(url, drawn.drawn[i]!, page.bootstrap)
      expect(problems.map(summary)).toEqual([])
      expect(momentsIn(drawn.drawn[i]!.html), 'drawn on the server').toContain(page.shows)
      expect(momentsIn(html), 'shown once taken over').toContain(page.shows)
    },
    30_000,
  )
})
