import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import type { NodeResult, Result } from 'axe-core'

/** WCAG 2.0 and 2.1, levels A and AA: what the portal promises. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
const BLOCKING = new Set(['serious', 'critical'])
/**
 * Visible text part of the accessible name (WCAG 2.5.3): still marked experimental in axe 4.13, so
 * not run by the tags alone; a voice-control user says what they see, so it counts here.
 */
const EXPERIMENTAL_NAME_RULE = 'label-content-name-mismatch'

/** One scan's outcome, kept so a spec can print a table of every screen it checked. */
export interface ScanRecord {
  screen: string
  blocking: number
  minor: number
}

export const scans: ScanRecord[] = []

/**
 * Waits until the page shows what a person would read: no page loader, no skeleton standing in for
 * text (an image's own placeholder may stay — lazy images below the fold never load), web fonts
 * ready and no finite animation running (a modal fading in has half-transparent text).
 */
export async function settle(page: Page) {
  await page.waitForLoadState('domcontentloaded')
  await page.waitForFunction(
    () => {
      const skeletons = [...document.querySelectorAll('.mantine-Skeleton-root')].filter(
        (el) => !el.parentElement?.querySelector(':scope > img'),
      )
      const loaders = document.querySelectorAll('.mantine-Loader-root')
      const moving = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity)
      return skeletons.length === 0 && loaders.length === 0 && moving.length === 0
    },
    undefined,
    { timeout: 15_000 },
  )
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
}

/** The colours and ratio axe measured, when the rule is about contrast. */
function colours(node: NodeResult): string {
  const data = [...node.any, ...node.all, ...node.none].map((check) => check.data).find(Boolean) as
    | Record<string, unknown>
    | undefined
  if (!data || typeof data !== 'object' || !('contrastRatio' in data)) return ''
  const { fgColor, bgColor, contrastRatio, expectedContrastRatio, fontSize, fontWeight } = data
  return ` — ${fgColor} on ${bgColor}: ${contrastRatio}:1, needs ${expectedContrastRatio} (${fontSize} ${fontWeight})`
}

/** One line per failing element: rule, impact, where, and the colours when it is about contrast. */
export function describe(violations: Result[]): string {
  return violations
    .flatMap((v) =>
      v.nodes.map(
        (node) =>
          `  [${v.impact}] ${v.id}: ${node.target.join(' ')}${colours(node)}\n      ${node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? v.help}`,
      ),
    )
    .join('\n')
}

/**
 * Runs axe on the settled page and fails (softly: the test goes on, so one run lists every screen
 * that fails) when any violation is serious or critical. `screen` names the page in the message and
 * in `scans`. `colourContrast: false` leaves out the dearest rule where another scan already measured
 * the same colours (the same screen in the other language).
 */
export async function expectAccessible(
  page: Page,
  screen: string,
  { colourContrast = true }: { colourContrast?: boolean } = {},
) {
  await test.step(`axe: ${screen}`, async () => {
    await settle(page)
    // Legacy mode runs axe in the page itself. The default opens a blank page per scan to merge the
    // results of cross-origin frames; the only frame scanned here is the sandbox's 3-D Secure page, of
    // the same origin, which legacy mode reaches too, and hundreds of scans paid for the blank page.
    const { violations } = await new AxeBuilder({ page })
      .setLegacyMode(true)
      // Only violations are read: axe then keeps one node for passes, incomplete and inapplicable
      // instead of describing every element of the page for each rule.
      .options({
        resultTypes: ['violations'],
        rules: { [EXPERIMENTAL_NAME_RULE]: { enabled: true } },
      })
      .withTags(TAGS)
      .disableRules(colourContrast ? [] : ['color-contrast'])
      .analyze()
    const blocking = violations.filter((v) => BLOCKING.has(v.impact ?? ''))
    const nodes = (list: Result[]) => list.reduce((n, v) => n + v.nodes.length, 0)
    const serious = nodes(blocking)
    scans.push({ screen, blocking: serious, minor: nodes(violations) - serious })
    const message = `serious or critical accessibility violations on ${screen}:\n${describe(blocking)}\n`
    expect.soft(serious, message).toBe(0)
  })
}

/** The scans as a table, for a spec's afterAll. */
export function scanTable(records: ScanRecord[]): string {
  const width = Math.max(6, ...records.map((r) => r.screen.length))
  const rows = records.map(
    (r) => `${r.screen.padEnd(width)} | ${String(r.blocking).padStart(8)} | ${String(r.minor).padStart(5)}`,
  )
  return [`${'screen'.padEnd(width)} | serious+ | minor`, ...rows].join('\n')
}
