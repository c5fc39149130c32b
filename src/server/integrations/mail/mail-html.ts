import { escapeHtml } from '../../security/escape-html'

/**
 * Small building blocks for transactional mails (offers, order confirmations): a table of lines, a
 * block of totals and the page around them, each in HTML and in plain text. Every value given here is
 * text and is escaped; callers never pass markup.
 */
export { escapeHtml }

export type MailColumn<Row> = {
  title: string
  align?: 'left' | 'right'
  cell: (row: Row) => string
}

export type MailTotal = { label: string; value: string; strong?: boolean }

const CELL = 'padding:6px 8px;border-bottom:1px solid #e5e7eb;'

/** A table with a header row; right-aligned columns suit amounts. */
export function htmlTable<Row>(columns: Array<MailColumn<Row>>, rows: Row[]): string {
  const head = columns
    .map(
      (c) =>
        `<th style="${CELL}text-align:${c.align ?? 'left'};background:#f3f4f6;">${escapeHtml(c.title)}</th>`,
    )
    .join('')
  const body = rows
    .map(
      (row) =>
        `<tr>${columns
          .map((c) => `<td style="${CELL}text-align:${c.align ?? 'left'};">${escapeHtml(c.cell(row))}</td>`)
          .join('')}</tr>`,
    )
    .join('\n')
  return [
    '<table role="presentation" cellspacing="0" cellpadding="0" style="border-collapse:collapse;width:100%;font-size:14px;">',
    `<thead><tr>${head}</tr></thead>`,
    `<tbody>\n${body}\n</tbody>`,
    '</table>',
  ].join('\n')
}

/** Label/value rows aligned to the right, as under an invoice. */
export function htmlTotals(totals: MailTotal[]): string {
  const rows = totals
    .map((t) => {
      const weight = t.strong ? 'font-weight:bold;' : ''
      return `<tr><td style="padding:4px 8px;text-align:right;${weight}">${escapeHtml(t.label)}</td><td style="padding:4px 8px;text-align:right;${weight}">${escapeHtml(t.value)}</td></tr>`
    })
    .join('\n')
  return `<table role="presentation" cellspacing="0" cellpadding="0" style="border-collapse:collapse;margin-left:auto;font-size:14px;">\n${rows}\n</table>`
}

/** A paragraph of text; line breaks in the text are kept. */
export function htmlParagraph(text: string, style = ''): string {
  return `<p style="margin:12px 0;${style}">${escapeHtml(text).replace(/\r?\n/g, '<br>')}</p>`
}

/** The page around the blocks (already HTML, built with the functions above). */
export function htmlDocument(title: string, blocks: string[], lang = 'tr'): string {
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;padding:16px;font-family:Arial,Helvetica,sans-serif;color:#111827;">',
    '<div style="max-width:760px;margin:0 auto;">',
    ...blocks,
    '</div>',
    '</body></html>',
  ].join('\n')
}

/** The same table as text: columns padded to their widest cell, separated by two spaces. */
export function textTable<Row>(columns: Array<MailColumn<Row>>, rows: Row[]): string {
  const cells = [columns.map((c) => c.title), ...rows.map((row) => columns.map((c) => c.cell(row)))]
  const widths = columns.map((_, i) => Math.max(...cells.map((line) => line[i]!.length)))
  const render = (line: string[]) =>
    line
      .map((cell, i) => (columns[i]!.align === 'right' ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd()
  const rule = widths.map((w) => '-'.repeat(w)).join('  ')
  return [render(cells[0]!), rule, ...cells.slice(1).map(render)].join('\n')
}

/** Totals as text: labels right-aligned to one column. */
export function textTotals(totals: MailTotal[]): string {
  const width = Math.max(0, ...totals.map((t) => t.label.length))
  return totals.map((t) => `${t.label.padStart(width)}: ${t.value}`).join('\n')
}
