import { createTheme } from '@mantine/core'

const systemFonts =
  '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif'

/** Breakpoints xs 600px and md 1000px match the campaign grid of the spec (2, 4, 6 per row). */
export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily: systemFonts,
  headings: { fontFamily: systemFonts },
  focusRing: 'auto',
  cursorType: 'pointer',
  breakpoints: { xs: '37.5em', sm: '48em', md: '62.5em', lg: '75em', xl: '88em' },
})
