/** The print window's size (spec/2 §9). */
export const PRINT_WINDOW_FEATURES = 'width=800,height=600'

/** How long to wait for the printed page's images before printing without them. */
const LOAD_FALLBACK_MS = 3000

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => entities[c] ?? c)
}

/**
 * Opens a print window named `name`, writes `html` into it and prints once its content (the logo) has
 * loaded, focusing it first. The page's scripts stay here: the new document has none (the site's CSP
 * would block inline scripts there). With `closeAfterPrintMs`, the window closes itself that long after
 * printing: after `afterprint`, or after print() returns (Chromium blocks in print() while its dialog
 * is open and fires no afterprint when printing headless). False when the browser blocked the window.
 */
export function printHtml(
  html: string,
  name: string,
  options: { closeAfterPrintMs?: number } = {},
  opener: Pick<Window, 'open'> = window,
): boolean {
  const popup = opener.open('', name, PRINT_WINDOW_FEATURES)
  if (!popup) return false
  const doc = popup.document
  doc.open()
  doc.write(html)
  doc.close()
  const { closeAfterPrintMs } = options
  let closing = false
  const closeLater = () => {
    if (closeAfterPrintMs === undefined || closing) return
    closing = true
    setTimeout(() => popup.close(), closeAfterPrintMs)
  }
  if (closeAfterPrintMs !== undefined) popup.addEventListener('afterprint', closeLater, { once: true })
  let printed = false
  const print = () => {
    if (printed || popup.closed) return
    printed = true
    popup.focus()
    popup.print()
    closeLater()
  }
  if (doc.readyState === 'complete') print()
  else {
    popup.addEventListener('load', print, { once: true })
    setTimeout(print, LOAD_FALLBACK_MS)
  }
  return true
}
