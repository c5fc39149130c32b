import type { Locale } from '../../../contracts/common'
import { translate } from '../../http/messages'
import { jsonForScript, type PageOptions } from '../../integrations/payments/html-page'
import { escapeHtml } from '../../security/escape-html'
import type { CallbackOutcome } from './payment-callback'

/*
 * The two pages of the payment frame (spec/2 §4, docs/payments.md). Both talk to the page that hosts
 * the frame with postMessage, always to our own origin (location.origin), and the frame page listens
 * only to messages from its parent on that origin.
 */

const texts = {
  tr: {
    title: 'Kartla ödeme',
    waiting: 'Ödeme bilgileri bekleniyor…',
    starting: 'Ödeme başlatılıyor, lütfen bekleyiniz…',
    failed: 'Ödeme başlatılamadı. Lütfen tekrar deneyiniz.',
    close: 'Kapat',
    resultTitle: 'Ödeme sonucu',
    succeeded: 'Ödemeniz alındı.',
  },
  en: {
    title: 'Card payment',
    waiting: 'Waiting for the payment details…',
    starting: 'Starting the payment, please wait…',
    failed: 'The payment could not be started. Please try again.',
    close: 'Close',
    resultTitle: 'Payment result',
    succeeded: 'Your payment has been received.',
  },
}

const CSS = `#status{margin-top:24px}.error{color:#c92a2a;font-weight:600}#close{margin-top:16px}#bank{display:none}`

/**
 * The frame script: says 'ready' to the parent, takes one 'start' message with the form from the
 * parent on our origin, posts it to /api/payments/start with the page's CSRF token, then either
 * submits the bank's 3-D Secure form (its own scripts would not run under this page's CSP) or goes to
 * the address the gateway gave. A refusal tells the parent 'payment_failed' with the server's text.
 */
const FRAME_SCRIPT = `(function(){
var cfg=JSON.parse(document.getElementById('payment-config').textContent);
var origin=window.location.origin;var parentWindow=window.parent;var started=false;
var statusEl=document.getElementById('status');
function tell(message){if(parentWindow&&parentWindow!==window)parentWindow.postMessage(message,origin);}
function fail(message){statusEl.textContent=message;statusEl.className='error';tell({type:'payment_failed',intentId:null,message:message});}
function run(action){
if(action.type==='redirect'){window.location.replace(action.url);return;}
var holder=document.getElementById('bank');holder.innerHTML=action.html;var form=holder.querySelector('form');
if(form){HTMLFormElement.prototype.submit.call(form);return;}
document.open();document.write(action.html);document.close();}
window.addEventListener('message',function(event){
if(event.origin!==origin||event.source!==parentWindow)return;
var data=event.data;if(!data||data.type!=='start'||!data.form||started)return;
started=true;statusEl.textContent=cfg.texts.starting;statusEl.className='';
fetch('/api/payments/start',{method:'POST',credentials:'same-origin',headers:{'Content-Type':'application/json',
'Accept-Language':cfg.locale,'X-CSRF-Token':cfg.csrfToken,'X-Requested-With':'XMLHttpRequest'},body:JSON.stringify(data.form)})
.then(function(res){return res.json().then(function(body){return{ok:res.ok,body:body};});})
.then(function(answer){
if(answer.ok&&answer.body&&answer.body.action){run(answer.body.action);return;}
var error=answer.body&&answer.body.error;started=false;
fail(error&&error.messages&&error.messages.type||cfg.texts.failed);})
.catch(function(){started=false;fail(cfg.texts.failed);});});
document.getElementById('close').addEventListener('click',function(event){event.preventDefault();tell({type:'dialogClose'});});
tell({type:'loading',value:false});tell({type:'ready'});
})();`

/** GET /payment/start: the frame's page. `formAction`: where a bank's 3-D Secure form may post. */
export function framePage(input: { locale: Locale; csrfToken: string; nonce: string }): PageOptions {
  const t = texts[input.locale]
  const config = {
    csrfToken: input.csrfToken,
    locale: input.locale,
    texts: { starting: t.starting, failed: t.failed },
  }
  return {
    lang: input.locale,
    title: t.title,
    nonce: input.nonce,
    css: CSS,
    body: `<main>
<p id="status" role="status" aria-live="polite">${escapeHtml(t.waiting)}</p>
<a href="#" id="close" class="button secondary" role="button">${escapeHtml(t.close)}</a>
<div id="bank" aria-hidden="true"></div>
</main>
<script type="application/json" id="payment-config">${jsonForScript(config)}</script>
<script nonce="${input.nonce}">${FRAME_SCRIPT}</script>`,
  }
}

/** What the bank's callback answers in the frame: the outcome told to the parent, and shown. */
export function resultPage(outcome: CallbackOutcome, locale: Locale, nonce: string): PageOptions {
  const t = texts[locale]
  const message =
    outcome.result === 'succeeded'
      ? { type: 'payment_succeed', intentId: outcome.intentId }
      : outcome.result === 'processing'
        ? { type: 'payment_processing', intentId: outcome.intentId }
        : { type: 'payment_failed', intentId: outcome.intentId, message: outcome.message }
  const shown =
    outcome.result === 'succeeded'
      ? t.succeeded
      : outcome.result === 'processing'
        ? translate(locale, 'payments.processing')
        : outcome.message
  return {
    lang: locale,
    title: t.resultTitle,
    nonce,
    css: CSS,
    body: `<main>
<p id="status" role="status" class="${outcome.result === 'failed' ? 'error' : ''}">${escapeHtml(shown)}</p>
</main>
<script type="application/json" id="payment-result">${jsonForScript(message)}</script>
<script nonce="${nonce}">(function(){var message=JSON.parse(document.getElementById('payment-result').textContent);
var origin=window.location.origin;if(window.parent&&window.parent!==window){window.parent.postMessage(message,origin);
window.parent.postMessage({type:'loading',value:false},origin);}})();</script>`,
  }
}
