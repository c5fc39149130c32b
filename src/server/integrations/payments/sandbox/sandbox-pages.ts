import { formatAmount } from '../../../../domain/money-format'
import { escapeHtml, type PageOptions } from '../html-page'
import type { ChallengeTicket, SandboxCallback } from './sandbox-signing'
import { SANDBOX_SMS_CODE } from './test-cards'

/** The sandbox's pages, in Turkish as a Turkish bank's 3-D Secure pages are; usable at 390 px. */

const CSS = `.bank{border-bottom:1px solid #dee2e6;padding-bottom:8px;margin-bottom:12px;display:flex;
justify-content:space-between;align-items:baseline;gap:8px}.bank strong{font-size:1.05rem}.badge{background:#fff3bf;
color:#5c3c00;border-radius:4px;padding:2px 6px;font-size:.8rem}dl{display:grid;grid-template-columns:auto 1fr;
gap:4px 12px;margin:12px 0}dt{color:#52606d}dd{margin:0;font-weight:600;word-break:break-all}label{display:block;
font-weight:600;margin:16px 0 6px}input{width:100%;font:inherit;font-size:1.3rem;letter-spacing:.2em;padding:10px;
border:1px solid #868e96;border-radius:6px}.hint{background:#e7f5ff;border-radius:6px;padding:8px 10px}
.actions{display:flex;gap:8px;margin-top:16px;flex-wrap:wrap}.error{color:#c92a2a;font-weight:600}`

const header = `<div class="bank"><strong>Toptan Sanal POS</strong><span class="badge">Test ortamı</span></div>`

export function challengePage(ticket: ChallengeTicket, token: string, nonce: string): PageOptions {
  const installment = ticket.installment > 1 ? `${ticket.installment} taksit` : 'Tek çekim'
  return {
    lang: 'tr',
    title: '3-D Secure doğrulama',
    nonce,
    css: CSS,
    body: `<main>
${header}
<h1>3-D Secure doğrulama</h1>
<dl>
<dt>İşyeri</dt><dd>Toptan</dd>
<dt>Tutar</dt><dd>${escapeHtml(formatAmount(Number(ticket.totalAmount), 'tr'))} TL</dd>
<dt>Taksit</dt><dd>${installment}</dd>
<dt>Kart</dt><dd>${escapeHtml(ticket.cardMasked)}</dd>
</dl>
<form method="post" action="/sandbox-pos/3ds/${escapeHtml(token)}">
<label for="code">Cep telefonunuza gönderilen doğrulama kodu</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6" pattern="[0-9]{6}"
 required autofocus aria-describedby="code-hint">
<p id="code-hint" class="hint">Test ortamı: SMS kodu <strong>${SANDBOX_SMS_CODE}</strong></p>
<div class="actions">
<button type="submit">Onayla</button>
<button type="submit" name="cancel" value="1" class="secondary" formnovalidate>İptal</button>
</div>
</form>
</main>`,
  }
}

/** Posts the signed result to the merchant's callback: at once by script, or by the button without it. */
export function resultPostPage(callbackUrl: string, result: SandboxCallback, nonce: string): PageOptions {
  const fields = Object.entries(result)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n')
  return {
    lang: 'tr',
    title: 'İşyerine yönlendiriliyorsunuz',
    nonce,
    css: CSS,
    body: `<main>
${header}
<form id="result" method="post" action="${escapeHtml(callbackUrl)}">
${fields}
<p role="status">İşyerine yönlendiriliyorsunuz…</p>
<button type="submit">Devam et</button>
</form>
</main>
<script nonce="${nonce}">document.getElementById('result').submit()</script>`,
  }
}

export function ticketInvalidPage(nonce: string): PageOptions {
  return {
    lang: 'tr',
    title: '3-D Secure doğrulama',
    nonce,
    css: CSS,
    body: `<main>
${header}
<h1>Doğrulama oturumu geçersiz</h1>
<p class="error" role="alert">Bu doğrulama oturumu geçersiz veya süresi dolmuş. Lütfen ödemeyi yeniden başlatınız.</p>
</main>`,
  }
}
