import { createTheme, type MantineColorsTuple } from '@mantine/core'

const systemFonts =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif'

/**
 * Mantine's palettes with shades 6–9 darkened (same hue, closer to black) so that text reaches WCAG AA
 * contrast: shade 6 — filled buttons and badges with white text, `c="red"`-style text, outlines — is at
 * least 4.5:1 against white (Mantine's own is 2.4–4.3:1), each darker shade more, and shade 9 — the
 * text of the light variant — at least 4.5:1 on shades 1 and 2, its background and hover. Shades 0–5
 * are Mantine's.
 * The ratios against white are in the comments; docs/decisions.md has the old values.
 */
const palette = (light: string[], dark: [string, string, string, string]) =>
  [...light, ...dark] as unknown as MantineColorsTuple

const colors = {
  // Only shade 6 changes: Mantine's #868e96 (3.32:1) is dimmed text and gray outlines; #5c636a,
  // between gray.6 and gray.7, is 6.09:1 on white and 5.48:1 on gray.1 (striped rows, hovers).
  gray: palette(
    ['#f8f9fa', '#f1f3f5', '#e9ecef', '#dee2e6', '#ced4da', '#adb5bd'],
    ['#5c636a', '#495057', '#343a40', '#212529'],
  ),
  // 5.12, 5.32, 6.16, 7.55 (shade 9 is 4.6:1 on shade 2, an active nav link under the pointer); shade
  // 6, the links' and subtle buttons' text, is also 4.86:1 on gray.0 (a striped table row) and 4.61:1
  // on gray.1 (a row under the pointer): the first #496aec was 4.37:1 on a striped row.
  indigo: palette(
    ['#edf2ff', '#dbe4ff', '#bac8ff', '#91a7ff', '#748ffc', '#5c7cfa'],
    ['#4262e4', '#3f5fe2', '#3856d0', '#3249b8'],
  ),
  // 4.85, 5.46, 6.69, 7.9
  red: palette(
    ['#fff5f5', '#ffe3e3', '#ffc9c9', '#ffa8a8', '#ff8787', '#ff6b6b'],
    ['#d92b2b', '#c92a2a', '#b02525', '#9c2121'],
  ),
  // 4.64, 5.36, 6.13, 7.09 (also the WhatsApp buttons)
  green: palette(
    ['#ebfbee', '#d3f9d8', '#b2f2bb', '#8ce99a', '#69db7c', '#51cf66'],
    ['#2c853c', '#267a35', '#217030', '#20652e'],
  ),
  // 4.62, 5.33, 6.10, 7.09 (the stock text is teal.8)
  teal: palette(
    ['#e6fcf5', '#c3fae8', '#96f2d7', '#63e6be', '#38d9a9', '#20c997'],
    ['#0d8561', '#097a58', '#077050', '#066548'],
  ),
  // 4.65, 5.32, 6.13, 7.03
  orange: palette(
    ['#fff4e6', '#ffe8cc', '#ffd8a8', '#ffc078', '#ffa94d', '#ff922b'],
    ['#b75b0e', '#b44b05', '#a84109', '#9f350b'],
  ),
  // 4.65, 5.34, 6.17, 7.04 (a yellow alert's text is yellow.9 on yellow.1)
  yellow: palette(
    ['#fff9db', '#fff3bf', '#ffec99', '#ffe066', '#ffd43b', '#fcc419'],
    ['#9a6c03', '#946000', '#8f5300', '#8a4700'],
  ),
  // 4.60, 5.35, 6.16, 7.07
  blue: palette(
    ['#e7f5ff', '#d0ebff', '#a5d8ff', '#74c0fc', '#4dabf7', '#339af0'],
    ['#1d78c7', '#186db9', '#1663ab', '#165a9b'],
  ),
  // 4.61, 5.32, 6.12, 7.28
  grape: palette(
    ['#f8f0fc', '#f3d9fa', '#eebefa', '#e599f7', '#da77f2', '#cc5de8'],
    ['#b045cb', '#a43bbe', '#9734b0', '#862e9c'],
  ),
}

/** Breakpoints xs 600px and md 1000px match the campaign grid of the spec (2, 4, 6 per row). */
export const theme = createTheme({
  primaryColor: 'indigo',
  colors,
  defaultRadius: 'md',
  fontFamily: systemFonts,
  headings: { fontFamily: systemFonts },
  focusRing: 'auto',
  cursorType: 'pointer',
  breakpoints: { xs: '37.5em', sm: '48em', md: '62.5em', lg: '75em', xl: '88em' },
})

/**
 * The theme with the texts its components need: the × button of a modal, a drawer and a notification
 * (the toasts of @mantine/notifications render core's Notification) is named — Mantine leaves it without
 * a name — unless the component gives its own.
 */
export function themeWithLabels(labels: { close: string }) {
  const closeButtonProps = { 'aria-label': labels.close }
  return createTheme({
    ...theme,
    components: {
      ...theme.components,
      Modal: { defaultProps: { closeButtonProps } },
      Drawer: { defaultProps: { closeButtonProps } },
      Notification: { defaultProps: { closeButtonProps } },
    },
  })
}
