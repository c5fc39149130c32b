import { randomBytes } from 'node:crypto'
import type { FastifyReply } from 'fastify'
import { escapeHtml } from '../../security/escape-html'

/**
 * The small server-drawn pages of a payment (the frame page, its result, the sandbox's 3-D Secure
 * challenge): plain HTML, a little inline CSS and script, each allowed by a nonce made for that one
 * answer, under a page-specific CSP that also lets our own pages frame them (frame-ancestors 'self')
 * where the app's pages may not be framed at all.
 */

export const newNonce = () => randomBytes(16).toString('base64')

/** JSON for a `<script type="application/json">` block: nothing in it can close the tag. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')

export type PageOptions = {
  lang: 'tr' | 'en'
  title: string
  nonce: string
  body: string
  /** Extra CSS, inside the page's nonce'd style element. */
  css?: string
  /** Where the page's forms may post besides our origin (a bank's 3-D Secure page: https:). */
  formAction?: string[]
}

const BASE_CSS = `*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;
color:#1f2933;background:#fff;font-size:16px;line-height:1.45}main{max-width:420px;margin:0 auto;padding:20px 16px}
h1{font-size:1.2rem;margin:0 0 12px}p{margin:8px 0}button,.button{display:inline-block;font:inherit;border:0;
border-radius:6px;padding:10px 16px;background:#1c7ed6;color:#fff;cursor:pointer;text-decoration:none}
button.secondary,.button.secondary{background:#e9ecef;color:#1f2933}button:focus-visible,a:focus-visible,
input:focus-visible{outline:3px solid #fab005;outline-offset:2px}.muted{color:#52606d;font-size:.9rem}`

export function pageHtml(page: PageOptions): string {
  return `<!doctype html>
<html lang="${page.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)}</title>
<style nonce="${page.nonce}">${BASE_CSS}${page.css ?? ''}</style>
</head>
<body>
${page.body}
</body>
</html>`
}

/** The page's own CSP (replacing the app's), framable by our own pages only, never cached. */
export function sendPage(reply: FastifyReply, page: PageOptions, status = 200) {
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${page.nonce}'`,
    `style-src 'nonce-${page.nonce}'`,
    "img-src 'self' data:",
    "connect-src 'self'",
    `form-action 'self'${page.formAction?.length ? ` ${page.formAction.join(' ')}` : ''}`,
    "frame-ancestors 'self'",
    "base-uri 'none'",
  ].join('; ')
  return reply
    .status(status)
    .header('content-security-policy', csp)
    .header('x-frame-options', 'SAMEORIGIN')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(pageHtml(page))
}
