/**
 * Text made safe to place in HTML, between tags or inside a quoted attribute: the server's pages, the
 * payment pages and the mails all escape with this one function.
 */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}
