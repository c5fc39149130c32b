import type { Locale } from '../../contracts/common'
import { formatAmount } from '../../domain/money-format'

/** Every text the server says to people, in both languages. Keys are stable; wording follows the spec. */
const tr = {
  'error.validation': 'Gönderilen bilgiler geçersiz. Lütfen işaretli alanları kontrol edin.',
  'error.badJson': 'İstek gövdesi okunamadı (geçersiz JSON).',
  'error.badRequest': 'İstek anlaşılamadı.',
  'error.unsupportedMedia': 'Bu içerik türü desteklenmiyor.',
  'error.tooLarge': 'İstek çok büyük.',
  'error.notFound': 'Aradığınız kayıt bulunamadı.',
  'error.routeNotFound': 'Böyle bir adres yok.',
  'error.internal': 'Beklenmeyen bir hata oluştu. Lütfen daha sonra tekrar deneyin.',
  'error.unauthenticated': 'Bu işlem için giriş yapmalısınız.',
  'error.forbidden': 'Bu işlem için yetkiniz yok.',
  'error.csrf': 'Güvenlik doğrulaması başarısız oldu. Lütfen sayfayı yenileyip tekrar deneyin.',
  'error.adminCart': 'Yönetici hesabı ile bu işlemi gerçekleştiremezsiniz.',
  'auth.invalidCredentials': 'E-posta adresi veya şifre hatalı.',
  'auth.rateLimited': 'Çok fazla başarısız giriş denemesi. Lütfen {minutes} dakika sonra tekrar deneyin.',
  'prefs.unknownCurrency': 'Seçilen para birimi bulunamadı.',
  'prefs.unknownBranch': 'Seçilen şube size ait değil.',
  'prefs.noBranch': 'Şube seçimi yalnızca bayi hesapları içindir.',
  'field.required': 'Bu alan zorunludur.',
  'field.invalid': 'Geçersiz değer.',
  'field.email': 'Geçerli bir e-posta adresi giriniz.',
  'field.tooShort': 'En az {min} karakter olmalıdır.',
  'field.tooLong': 'En fazla {max} karakter olabilir.',
  'field.tooSmall': 'En az {min} olmalıdır.',
  'field.tooBig': 'En fazla {max} olabilir.',
  'field.unknown': 'Bilinmeyen alan.',
  'field.choice': 'Geçerli seçenekler: {options}.',
  'page.notFoundTitle': 'Sayfa bulunamadı',
  'cart.variantRequired': 'Varyant Seçiniz!',
  'cart.noPrice': 'Bu ürünün fiyatı için lütfen bizimle iletişime geçiniz.',
  'cart.stock': 'Bu üründen {n} adet bulunmamaktadır!',
  'cart.lineFull': 'Bir sepet satırında en fazla {max} adet olabilir.',
  'cart.unknownUnit': 'Seçilen birim bu ürüne ait değil.',
  'orders.unknownPlan': 'Seçilen ödeme planı bulunamadı.',
  'orders.virtualPlan': 'Bu ödeme planı kartla ödenir; lütfen ödeme adımını kullanın.',
  'orders.emptyCart': 'Sepetiniz boş; sipariş verilemez.',
  'orders.unavailable': '{name} artık satışta değil; lütfen sepetinizden çıkarın.',
  'orders.noPrice': '{name} için fiyat bulunmuyor; lütfen bizimle iletişime geçiniz.',
  'orders.stock': '{name} ürününden {n} adet bulunmamaktadır!',
  'orders.riskBlocked': 'Risk limitiniz sipariş vermenize izin vermiyor. Lütfen bizimle iletişime geçiniz.',
  'orders.riskExceeded':
    'Sipariş tutarı risk limitinizi {excess} TL aşıyor. En fazla {max} TL tutarında sipariş verebilirsiniz.',
  'orders.cannotCancel': 'Sipariş iptal edilemedi. Lütfen bizimle iletişime geçiniz.',
  'offers.disabled': 'Teklif verme şu anda kapalıdır.',
  'offers.emptyCart': 'Sepetiniz boş; teklif oluşturulamaz.',
  'offers.cancelled': 'İptal edilmiş bir teklif değiştirilemez.',
  'offers.noCustomerEmail': 'Teklifi göndermek için önce müşterinin e-posta adresini kaydediniz.',
  'offers.mailLimit':
    'Bir saatte gönderilebilecek teklif e-postası sınırına ulaştınız. Lütfen {minutes} dakika sonra tekrar deneyiniz.',
  'offers.lineUnavailable': '{name} artık satışta değil.',
  'mailOutbox.alreadySent': 'Bu e-posta zaten gönderildi; tekrar gönderilmez.',
}

export type MessageKey = keyof typeof tr

const en: Record<MessageKey, string> = {
  'error.validation': 'The data sent is not valid. Please check the marked fields.',
  'error.badJson': 'The request body could not be read (invalid JSON).',
  'error.badRequest': 'The request could not be understood.',
  'error.unsupportedMedia': 'This content type is not supported.',
  'error.tooLarge': 'The request is too large.',
  'error.notFound': 'The record you are looking for was not found.',
  'error.routeNotFound': 'There is no such address.',
  'error.internal': 'An unexpected error occurred. Please try again later.',
  'error.unauthenticated': 'You need to log in for this.',
  'error.forbidden': 'You are not allowed to do this.',
  'error.csrf': 'Security check failed. Please reload the page and try again.',
  'error.adminCart': 'You cannot do this with an administrator account.',
  'auth.invalidCredentials': 'The e-mail address or password is wrong.',
  'auth.rateLimited': 'Too many failed login attempts. Please try again in {minutes} minutes.',
  'prefs.unknownCurrency': 'The chosen currency was not found.',
  'prefs.unknownBranch': 'The chosen branch does not belong to you.',
  'prefs.noBranch': 'Only dealer accounts choose a branch.',
  'field.required': 'This field is required.',
  'field.invalid': 'Invalid value.',
  'field.email': 'Please enter a valid e-mail address.',
  'field.tooShort': 'Must be at least {min} characters.',
  'field.tooLong': 'Must be at most {max} characters.',
  'field.tooSmall': 'Must be at least {min}.',
  'field.tooBig': 'Must be at most {max}.',
  'field.unknown': 'Unknown field.',
  'field.choice': 'Valid choices: {options}.',
  'page.notFoundTitle': 'Page not found',
  'cart.variantRequired': 'Please choose a variant!',
  'cart.noPrice': 'Please contact us for the price of this product.',
  'cart.lineFull': 'A cart line can hold at most {max}.',
  'cart.stock': 'There are not {n} of this product in stock!',
  'cart.unknownUnit': 'The chosen unit does not belong to this product.',
  'orders.unknownPlan': 'The chosen payment plan was not found.',
  'orders.virtualPlan': 'This payment plan is paid by card; please use the payment step.',
  'orders.emptyCart': 'Your cart is empty; there is nothing to order.',
  'orders.unavailable': '{name} is no longer sold; please remove it from your cart.',
  'orders.noPrice': '{name} has no price; please contact us.',
  'orders.stock': 'There are not {n} of {name} in stock!',
  'orders.riskBlocked': 'Your risk limit does not allow ordering. Please contact us.',
  'orders.riskExceeded': 'The order exceeds your risk limit by {excess} TL. You can order at most {max} TL.',
  'orders.cannotCancel': 'The order could not be cancelled. Please contact us.',
  'offers.disabled': 'Making offers is turned off at the moment.',
  'offers.emptyCart': 'Your cart is empty; there is nothing to make an offer of.',
  'offers.cancelled': 'A cancelled offer cannot be changed.',
  'offers.noCustomerEmail': "Save the customer's e-mail address before sending the offer.",
  'offers.mailLimit':
    'You have reached the hourly limit of offer e-mails. Please try again in {minutes} minutes.',
  'offers.lineUnavailable': '{name} is no longer sold.',
  'mailOutbox.alreadySent': 'This e-mail has already been sent; it is not sent again.',
}

const catalogs: Record<Locale, Record<MessageKey, string>> = { tr, en }

/** A message's values; `{ amount }` is written as money in the message's language (1.234,50 / 1,234.50). */
export type MessageParams = Record<string, string | number | { amount: number }>

export function translate(locale: Locale, key: MessageKey, params?: MessageParams): string {
  const template = catalogs[locale][key] ?? tr[key]
  if (!params) return template
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name]
    if (value === undefined) return whole
    return typeof value === 'object' ? formatAmount(value.amount, locale) : String(value)
  })
}
