import { formatAmount } from '../../../../domain/money-format'
import { escapeHtml } from '../../../security/escape-html'
import type { PageOptions } from '../html-page'
import type { ChallengeTicket, SandboxCallback } from './sandbox-signing'
import { SANDBOX_SMS_CODE } from './test-cards'

/**
 * The sandbox's pages, usable at 390 px, in the payer's language: Turkish as a Turkish bank's 3-D
 * Secure pages are, English for a payer on /en. The language travels in the merchant's callback
 * address (`?lang=`, the one thing of the payer's page the bank is handed), which the signed ticket
 * carries; without it the pages are Turkish.
 */

type Lang = PageOptions['lang']

/** The payer's language, read from the callback address's `lang` (Turkish unless it says 'en'). */
function langOf(callbackUrl: string): Lang {
  try {
    return new URL(callbackUrl, 'http://sandbox.invalid').searchParams.get('lang') === 'en' ? 'en' : 'tr'
  } catch {
    return 'tr'
  }
}

const TEXTS = {
  tr: {
    testMode: 'Test ortamı',
    title: '3-D Secure doğrulama',
    merchant: 'İşyeri',
    amount: 'Tutar',
    installment: 'Taksit',
    installments: (n: number) => `${n} taksit`,
    single: 'Tek çekim',
    card: 'Kart',
    code: 'Cep telefonunuza gönderilen doğrulama kodu',
    codeHint: 'Test ortamı: SMS kodu',
    confirm: 'Onayla',
    cancel: 'İptal',
    redirecting: 'İşyerine yönlendiriliyorsunuz',
    continue: 'Devam et',
    invalidTitle: 'Doğrulama oturumu geçersiz',
    invalidText: 'Bu doğrulama oturumu geçersiz veya süresi dolmuş. Lütfen ödemeyi yeniden başlatınız.',
  },
  en: {
    testMode: 'Test mode',
    title: '3-D Secure verification',
    merchant: 'Merchant',
    amount: 'Amount',
    installment: 'Installments',
    installments: (n: number) => `${n} installments`,
    single: 'Single payment',
    card: 'Card',
    code: 'The verification code sent to your mobile phone',
    codeHint: 'Test mode: the SMS code is',
    confirm: 'Confirm',
    cancel: 'Cancel',
    redirecting: 'Taking you back to the merchant',
    continue: 'Continue',
    invalidTitle: 'Verification session not valid',
    invalidText: 'This verification session is not valid or has expired. Please start the payment again.',
  },
} as const

const CSS = `.bank{border-bottom:1px solid #dee2e6;padding-bottom:8px;margin-bottom:12px;display:flex;
justify-content:space-between;align-items:baseline;gap:8px}.bank strong{font-size:1.05rem}.badge{background:#fff3bf;
color:#5c3c00;border-radius:4px;padding:2px 6px;font-size:.8rem}dl{display:grid;grid-template-columns:auto 1fr;
gap:4px 12px;margin:12px 0}dt{color:#52606d}dd{margin:0;font-weight:600;word-break:break-all}label{display:block;
font-weight:600;margin:16px 0 6px}input{width:100%;font:inherit;font-size:1.3rem;letter-spacing:.2em;padding:10px;
border:1px solid #868e96;border-radius:6px}.hint{background:#e7f5ff;border-radius:6px;padding:8px 10px}
.actions{display:flex;gap:8px;margin-top:16px;flex-wrap:wrap}.error{color:#c92a2a;font-weight:600}`

const header = (lang: Lang) =>
  `<div class="bank"><strong>Toptan Sanal POS</strong><span class="badge">${TEXTS[lang].testMode}</span></div>`

export function challengePage(ticket: ChallengeTicket, token: string, nonce: string): PageOptions {
  const lang = langOf(ticket.callbackUrl)
  const t = TEXTS[lang]
  const installment = ticket.installment > 1 ? t.installments(ticket.installment) : t.single
  return {
    lang,
    title: t.title,
    nonce,
    css: CSS,
    body: `<main>
${header(lang)}
<h1>${t.title}</h1>
<dl>
<dt>${t.merchant}</dt><dd>Toptan</dd>
<dt>${t.amount}</dt><dd>${escapeHtml(formatAmount(Number(ticket.totalAmount), lang))} TL</dd>
<dt>${t.installment}</dt><dd>${installment}</dd>
<dt>${t.card}</dt><dd>${escapeHtml(ticket.cardMasked)}</dd>
</dl>
<form method="post" action="/sandbox-pos/3ds/${escapeHtml(token)}">
<label for="code">${t.code}</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6" pattern="[0-9]{6}"
 required autofocus aria-describedby="code-hint">
<p id="code-hint" class="hint">${t.codeHint} <strong>${SANDBOX_SMS_CODE}</strong></p>
<div class="actions">
<button type="submit">${t.confirm}</button>
<button type="submit" name="cancel" value="1" class="secondary" formnovalidate>${t.cancel}</button>
</div>
</form>
</main>`,
  }
}

/** Posts the signed result to the merchant's callback: at once by script, or by the button without it. */
export function resultPostPage(callbackUrl: string, result: SandboxCallback, nonce: string): PageOptions {
  const lang = langOf(callbackUrl)
  const t = TEXTS[lang]
  const fields = Object.entries(result)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n')
  return {
    lang,
    title: t.redirecting,
    nonce,
    css: CSS,
    body: `<main>
${header(lang)}
<form id="result" method="post" action="${escapeHtml(callbackUrl)}">
${fields}
<p role="status">${t.redirecting}…</p>
<button type="submit">${t.continue}</button>
</form>
</main>
<script nonce="${nonce}">document.getElementById('result').submit()</script>`,
  }
}

/** A ticket that is not ours or has expired carries no language: the page says it in both. */
export function ticketInvalidPage(nonce: string): PageOptions {
  const { tr, en } = TEXTS
  return {
    lang: 'tr',
    title: tr.title,
    nonce,
    css: CSS,
    body: `<main>
${header('tr')}
<h1>${tr.invalidTitle}</h1>
<p class="error" role="alert">${tr.invalidText}</p>
<section lang="en">
<h2>${en.invalidTitle}</h2>
<p class="error">${en.invalidText}</p>
</section>
</main>`,
  }
}
