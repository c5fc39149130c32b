import type { Locale } from '../../contracts/common'
import { formatCalendarDay } from '../../domain/date-format'
import { formatAmount } from '../../domain/money-format'

/** Every text the server says to people, in both languages. Keys are stable; wording follows the spec. */
const tr = {
  'error.validation': 'Gönderilen bilgiler geçersiz. Lütfen işaretli alanları kontrol edin.',
  'error.badJson': 'İstek gövdesi okunamadı (geçersiz JSON).',
  'error.badRequest': 'İstek anlaşılamadı.',
  'error.unsupportedMedia': 'Bu içerik türü desteklenmiyor.',
  'error.tooLarge': 'İstek çok büyük.',
  'error.badEncoding': 'İstek okunamadı: adreste veya form verisinde geçersiz bir kodlama var.',
  'error.badMultipart': 'Form verisi okunamadı (bozuk veya eksik multipart gövdesi).',
  'error.notFound': 'Aradığınız kayıt bulunamadı.',
  'error.routeNotFound': 'Böyle bir adres yok.',
  'error.internal': 'Beklenmeyen bir hata oluştu. Lütfen daha sonra tekrar deneyin.',
  'error.unavailable': 'Sisteme şu anda ulaşılamıyor. Lütfen birkaç saniye sonra tekrar deneyin.',
  'error.unauthenticated': 'Bu işlem için giriş yapmalısınız.',
  'error.forbidden': 'Bu işlem için yetkiniz yok.',
  'error.csrf': 'Güvenlik doğrulaması başarısız oldu. Lütfen sayfayı yenileyip tekrar deneyin.',
  'error.badOrigin': 'Bu istek sitenin kendi sayfalarından gelmedi. Lütfen sayfayı yenileyip tekrar deneyin.',
  'error.adminCart': 'Yönetici hesabı ile bu işlemi gerçekleştiremezsiniz.',
  'error.staffRole': 'Rolünüz bu işleme izin vermiyor. Yetki için mağaza sahibine başvurun.',
  'auth.invalidCredentials': 'E-posta adresi veya şifre hatalı.',
  'auth.rateLimited': 'Çok fazla başarısız giriş denemesi. Lütfen {minutes} dakika sonra tekrar deneyin.',
  'account.passwordEmpty': 'Kaydedilecek yeni bir şifre girmediniz.',
  'account.passwordLength': 'Şifreniz {min} karakterden kısa, {max} karakterden uzun olamaz.',
  'account.passwordVerifyRequired': 'Şifrenizi doğrulamalısınız.',
  'account.passwordMismatch': 'Şifreleriniz eşleşmiyor.',
  'account.currentPasswordRequired': 'Şifrenizi değiştirmek için mevcut şifrenizi giriniz.',
  'account.currentPasswordWrong': 'Mevcut şifreniz hatalı.',
  'account.rateLimited': 'Çok fazla hatalı şifre denemesi. Lütfen {minutes} dakika sonra tekrar deneyin.',
  'account.linkInvalid': 'Bu bağlantı geçersiz ya da süresi dolmuş.',
  'account.resetRateLimited':
    'Çok fazla şifre sıfırlama isteği. Lütfen {minutes} dakika sonra tekrar deneyin.',
  'account.emailTaken': 'Bu e-posta adresi başka bir kullanıcı tarafından kullanılıyor.',
  'account.userInactive':
    'Bu kullanıcı pasif. Şifre bağlantısı göndermek için önce kullanıcıyı etkinleştirin.',
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
  'field.controlCharacters': 'Görünmeyen kontrol karakterleri içeremez.',
  'page.notFoundTitle': 'Sayfa bulunamadı',
  'page.staffOnlyTitle': 'Bu sayfa yöneticiler içindir',
  'page.staffRoleTitle': 'Bu sayfa rolünüze açık değil',
  'page.paymentLinkTitle': 'Ödeme',
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
  'orders.productGone': '{name} artık satışta değil; sipariş verilemez.',
  'orders.dealerInactive': 'Bayi hesabı etkin değil; onun adına sipariş verilemez.',
  'orders.moveNotAllowed': 'Sipariş "{from}" durumundan "{to}" durumuna geçirilemez.',
  'orders.cancelUnderWay':
    'Bu siparişin iptali sürüyor: kart ödemesinin iadesi bankadan bekleniyor. Biraz sonra yeniden bakın.',
  'orders.cancelRefundFailed': 'Kart ödemesi iade edilemedi; sipariş iptal edilmedi. Banka: {message}',
  'orders.cancelRefundUnknown':
    'Banka iadeyi henüz yanıtlamadı; iade doğrulanınca sipariş kendiliğinden iptal edilecek.',
  'orders.cancelReasonRequired': 'İptal nedenini yazın; bayiye bu not gösterilir.',
  'customers.notSalesPerson':
    'Satış temsilcisi olarak yalnızca etkin bir yönetici ya da satış kullanıcısı seçilebilir.',
  'staffUsers.ownAccount':
    'Kendi rolünüzü değiştiremez, kendinizi devre dışı bırakamazsınız. Bunu başka bir mağaza sahibi yapabilir.',
  'staffUsers.lastOwner':
    'Son etkin mağaza sahibinin rolü değiştirilemez ve devre dışı bırakılamaz. Önce başka bir kullanıcıyı mağaza sahibi yapın.',
  'customers.unknownPaymentPlan': 'Bu ödeme planı mağazada yok; listeden bir plan seçin ya da boş bırakın.',
  'jobs.rejected.row': 'Satır',
  'jobs.rejected.code': 'Kod',
  'jobs.rejected.reasons': 'Hatalar',
  'jobs.rejected.otherFields': 'Diğer alanlar',
  'jobs.tooLarge': 'Bir iş en çok 1.000.000 satır alır; dosyayı bölerek gönderin.',
  'jobs.unknownResource': 'Böyle bir kaynak yok: "{resource}".',
  'jobs.badContentType': 'İş gövdesi application/x-ndjson ya da text/csv olmalı.',
  'jobs.empty': 'Gönderilen dosyada satır yok.',
  'sync.row.invalid': '"{field}" alanının değeri geçersiz.',
  'sync.row.required': '"{field}" alanı zorunlu.',
  'sync.row.unknownReference': '"{field}": "{value}" koduyla bir kayıt yok.',
  'sync.row.duplicate': 'Bu kod aynı istekte daha önce geçti; yalnızca ilk satır yazıldı.',
  'sync.row.conflict': '"{field}": "{value}" başka bir kayda ait.',
  'sync.row.cycle': '"{field}": bir kategori kendisinin ya da kendi alt kategorisinin altına konamaz.',
  'sync.idempotencyMismatch':
    'Bu Idempotency-Key başka bir istekle kullanıldı. Yeni bir istek için yeni bir anahtar gönderin.',
  'sync.idempotencyInProgress':
    'Bu Idempotency-Key ile gönderilen istek hâlâ işleniyor. Biraz sonra tekrar deneyin.',
  'apiKeys.missing': 'Bu adres bir API anahtarı ister: Authorization: Bearer <anahtar> başlığını gönderin.',
  'apiKeys.invalid': 'API anahtarı geçersiz, iptal edilmiş ya da süresi dolmuş.',
  'apiKeys.scope': 'Bu API anahtarının "{scope}" yetkisi yok.',
  'apiKeys.rateLimited':
    'Bu API anahtarı dakikalık çağrı sınırını aştı. Lütfen {seconds} saniye sonra tekrar deneyin.',
  'apiKeys.inactive': 'Bu anahtar artık kullanılmıyor (iptal edilmiş ya da yenilenmiş); değiştirilemez.',
  'orderStatus.new': 'Yeni',
  'orderStatus.processing': 'Hazırlanıyor',
  'orderStatus.shipped': 'Sevk edildi',
  'orderStatus.delivered': 'Teslim edildi',
  'orderStatus.cancelled': 'İptal Edildi',
  'exports.tooLarge':
    'Bu süzgeçle {count} kayıttan fazlası çıkıyor; bir dosyaya en çok {count} kayıt sığar. Tarih aralığını daraltın ya da bir durum seçin.',
  'offers.disabled': 'Teklif verme şu anda kapalıdır.',
  'offers.emptyCart': 'Sepetiniz boş; teklif oluşturulamaz.',
  'offers.cancelled': 'İptal edilmiş bir teklif değiştirilemez.',
  'offers.noCustomerEmail': 'Teklifi göndermek için önce müşterinin e-posta adresini kaydediniz.',
  'offers.mailLimit':
    'Bir saatte gönderilebilecek teklif e-postası sınırına ulaştınız. Lütfen {minutes} dakika sonra tekrar deneyiniz.',
  'offers.lineUnavailable': '{name} artık satışta değil.',
  'offers.alreadyOrdered': 'Bu teklif zaten {orderNo} numaralı siparişe dönüştürülmüş.',
  'offers.cancelledNoOrder': 'İptal edilmiş bir teklif siparişe dönüştürülemez.',
  'mailOutbox.alreadySent': 'Bu e-posta zaten gönderildi; tekrar gönderilmez.',
  'live.badOrigin': 'Bu bağlantı yalnızca sitenin kendi sayfalarından açılabilir.',
  'searchDashboard.blankTerm': 'Lütfen bir arama terimi girin.',
  'payments.notVirtualPlan': 'Kartla ödeme için kredi kartı ödeme planını seçiniz.',
  'payments.amountRequired': 'Tutar girmediniz!',
  'payments.cardInvalid': 'Kart numarası geçersiz.',
  'payments.cardExpired': 'Kartın son kullanma tarihi geçmiş.',
  'payments.unknownInstallment': 'Seçilen taksit seçeneği bu kart için geçerli değil.',
  'payments.linkRequired': 'Ödeme bağlantısı bulunamadı.',
  'payments.linkUnavailable': 'Bu ödeme bağlantısının süresi dolmuş veya daha önce ödenmiş.',
  'payments.cartChanged':
    'Ödeme başlatıldıktan sonra sepetiniz değişti; ödeme alınmadı. Lütfen tekrar deneyiniz.',
  'payments.gatewayMessage': '{message}',
  'payments.insufficientFunds': 'Yetersiz bakiye.',
  'payments.threeDsFailed': '3-D Secure doğrulaması başarısız oldu.',
  'payments.technicalError': 'Bankada teknik bir hata oluştu. Lütfen daha sonra tekrar deneyiniz.',
  'payments.expired': 'Ödeme süresi (15 dakika) doldu; ödeme alınmadı. Lütfen yeniden deneyiniz.',
  'payments.notVerified': 'Ödeme sonucu doğrulanamadı; ödeme alınmadı.',
  'payments.alreadyCompleted': 'Bu ödeme daha önce sonuçlandı.',
  'payments.failed': 'Ödeme alınamadı. Lütfen tekrar deneyiniz.',
  'payments.notNeedingAttention': 'Bu ödeme artık inceleme beklemiyor; durumu değişmiş.',
  'payments.bankHoldsNoCharge':
    'Ödeme kuruluşu bu ödeme için bir tahsilat göstermiyor; kaydedilemez. Gerekirse iade ile kapatın.',
  'payments.refundFailed': 'İade yapılamadı: {message}',
  'payments.notRefundable':
    'Bu siparişin kart ödemesi bütünüyle iade edilemiyor (ödeme başka bir durumda ya da başka bir tutarda); Ödemeler ekranından bakın.',
  'payments.releasedCannotBook':
    'Bu ödemenin ayırdığı ürünler ve bağlantı serbest bırakıldı; kaydedilemez, iade edilmelidir.',
  'payments.tooManyStarts':
    'Çok fazla ödeme denemesi yapıldı. Lütfen {minutes} dakika sonra tekrar deneyiniz.',
  'payments.linkPaused':
    'Bu ödeme bağlantısıyla art arda başarısız ödeme denendiği için bağlantı {minutes} dakika durduruldu.',
  'payments.processing':
    'Ödemeniz bankadan onaylandı ve işleniyor. Sonuç birkaç dakika içinde kesinleşecek; aynı ödemeyi tekrar yapmayınız.',
  'bin.rateLimited': 'Çok fazla kart sorgusu yapıldı. Lütfen {seconds} saniye sonra tekrar deneyin.',
  'warranty.serialRequired': 'Lütfen seri numarasını giriniz.',
  'warranty.invalidSerial':
    'Seri numarası en fazla 64 karakter olabilir; harf, rakam ve - _ . / karakterlerinden oluşmalıdır.',
  'warranty.notFound': 'Aradığınız ürüne ait bilgi bulunamadı.',
  'warranty.noSale':
    'Girilen seri numarasında hiçbir satış kaydı bulunmamaktadır, lütfen girdiğiniz seri numarasını kontrol edin.',
  'warranty.rateLimited': 'Çok fazla garanti sorgusu yapıldı. Lütfen {minutes} dakika sonra tekrar deneyin.',
  'paymentLink.disabled': 'Ödeme bağlantısı oluşturma şu anda kapalıdır.',
  'paymentLink.invalidAmount': 'Geçerli bir tutar giriniz.',
  'paymentLink.emailRequired': 'E-posta zorunludur.',
  'paymentLink.created': 'Ödeme bağlantısı oluşturuldu.',
  'paymentLink.sent': 'Ödeme bağlantısı e-posta ile gönderildi.',
  'paymentLink.notFound': 'Ödeme bağlantısı bulunamadı.',
  'paymentLink.paid': 'Bu ödeme bağlantısı ile ödeme yapılmış.',
  'paymentLink.expired': 'Bu ödeme bağlantısının süresi dolmuş.',
  'paymentLink.mismatch':
    'Bu bağlantı farklı bir tutar veya farklı kalemler için oluşturulmuş; lütfen yeni bir bağlantı oluşturun.',
  'paymentLink.mailLimit':
    'Bir saatte gönderilebilecek ödeme bağlantısı e-postası sınırına ulaştınız. Lütfen {minutes} dakika sonra tekrar deneyiniz.',
  'ledger.notOpen':
    'Seçilen kalemlerden biri artık açık değil veya size ait değil. Lütfen ekstreyi yenileyin.',
  'ledger.invalidAmount': 'Tutar 0’dan büyük olmalı ve en fazla 2 ondalık basamak içermelidir.',
  'ledger.unknownCustomer': 'Cari bulunamadı.',
  'ledger.badRange': 'Başlangıç tarihi bitiş tarihinden sonra olamaz.',
  'ledger.rangeTooLong': 'Ekstre en fazla {days} günlük bir aralık için alınabilir.',
  'ledger.duplicateReceipt':
    'Bu dekont numarası bu bayi için zaten girildi: {date} tarihli {amount} TL tutarındaki havale. Aynı havale iki kez kaydedilemez.',
  'ledger.transferNotFound': 'Havale kaydı bulunamadı.',
  'ledger.alreadyReversed': 'Bu havale zaten geri alındı.',
  'fault.created': 'Arıza bildiriminiz alındı. Bildirim numaranız: {no}',
  'fault.productCodeRequired': 'Ürün kodunu giriniz veya listeden bir ürün seçiniz.',
  'fault.productCodeTooLong': 'Ürün kodu en fazla {max} karakter olabilir.',
  'fault.unknownProduct': 'Bu koda sahip bir ürün bulunamadı. Lütfen kodu kontrol edin veya listeden seçin.',
  'fault.serialTooLong': 'Seri numarası en fazla {max} karakter olabilir.',
  'fault.descriptionRequired': 'Arıza açıklamasını giriniz.',
  'fault.descriptionTooShort': 'Arıza açıklaması en az {min} karakter olmalıdır.',
  'fault.descriptionTooLong': 'Arıza açıklaması en fazla {max} karakter olabilir.',
  'fault.phoneRequired': 'İletişim telefonunu giriniz.',
  'fault.phoneInvalid': 'Geçerli bir telefon numarası giriniz (ör. 0532 123 45 67).',
  'fault.photoType': 'Fotoğraf JPEG, PNG veya WebP biçiminde olmalıdır.',
  'fault.photoTooLarge': 'Fotoğraf en fazla {mb} MB olabilir.',
  'fault.photoUnreadable': 'Fotoğraf okunamadı: dosya bozuk veya eksik. Lütfen başka bir fotoğraf seçin.',
  'fault.unknownCategory': 'Kategori bulunamadı.',
  'fault.notFound': 'Arıza bildirimi bulunamadı.',
  'fault.noPhoto': 'Bu arıza bildiriminde fotoğraf yok.',
  'fault.badMove': 'Bildirim bu duruma geçirilemez; durum adım adım ilerler (Yeni → Serviste → Tamamlandı).',
  'fault.rateLimited':
    'Bir saatte gönderilebilecek arıza bildirimi sınırına ulaştınız. Lütfen {minutes} dakika sonra tekrar deneyiniz.',
  'rates.fetchFailed':
    'Merkez Bankası kurları alınamadı ({reason}); önceki kurlar geçerli. Biraz sonra tekrar deneyiniz.',
  'rates.unknownCurrency': 'Bu para birimi mağazada tanımlı değil.',
  'rates.baseCurrency': 'Ana para biriminin kuru 1’dir; değiştirilemez.',
  'import.tooLarge': 'Dosya en fazla {mb} MB olabilir.',
  'import.empty': 'Dosyada başlık satırının altında satır yok.',
  'import.tooManyRows': 'Bir dosyada en fazla {max} satır olabilir; dosyayı bölün.',
  'import.unreadable':
    'Dosya okunamadı: XLSX ya da CSV (noktalı virgül, virgül ya da sekmeyle ayrılmış) olmalı.',
  'import.uploadGone':
    'Yüklenen dosya artık yok (bir saat geçti ya da içeri aktarıldı). Dosyayı yeniden yükleyin.',
  'import.badMapping': 'Sütun eşlemesi dosyaya uymuyor: her alan en fazla bir sütuna eşlenebilir.',
  'import.missingFields': 'Zorunlu alanlar bir sütuna eşlenmedi: {fields}.',
}

export type MessageKey = keyof typeof tr

const en: Record<MessageKey, string> = {
  'error.validation': 'The data sent is not valid. Please check the marked fields.',
  'error.badJson': 'The request body could not be read (invalid JSON).',
  'error.badRequest': 'The request could not be understood.',
  'error.unsupportedMedia': 'This content type is not supported.',
  'error.tooLarge': 'The request is too large.',
  'error.badEncoding': 'The request could not be read: the address or the form data has an invalid encoding.',
  'error.badMultipart': 'The form data could not be read (a malformed or incomplete multipart body).',
  'error.notFound': 'The record you are looking for was not found.',
  'error.routeNotFound': 'There is no such address.',
  'error.internal': 'An unexpected error occurred. Please try again later.',
  'error.unavailable': 'The system cannot be reached right now. Please try again in a few seconds.',
  'error.unauthenticated': 'You need to log in for this.',
  'error.forbidden': 'You are not allowed to do this.',
  'error.csrf': 'Security check failed. Please reload the page and try again.',
  'error.badOrigin':
    "This request did not come from this site's own pages. Please reload the page and try again.",
  'error.adminCart': 'You cannot do this with an administrator account.',
  'error.staffRole': 'Your role does not allow this. Ask the store owner for access.',
  'auth.invalidCredentials': 'The e-mail address or password is wrong.',
  'auth.rateLimited': 'Too many failed login attempts. Please try again in {minutes} minutes.',
  'account.passwordEmpty': 'You have not entered a new password to save.',
  'account.passwordLength': 'Your password cannot be shorter than {min} or longer than {max} characters.',
  'account.passwordVerifyRequired': 'You must confirm your password.',
  'account.passwordMismatch': 'Your passwords do not match.',
  'account.currentPasswordRequired': 'Enter your current password to change it.',
  'account.currentPasswordWrong': 'Your current password is wrong.',
  'account.rateLimited': 'Too many wrong password attempts. Please try again in {minutes} minutes.',
  'account.linkInvalid': 'This link is invalid or has expired.',
  'account.resetRateLimited': 'Too many password reset requests. Please try again in {minutes} minutes.',
  'account.emailTaken': 'This e-mail address is already used by another user.',
  'account.userInactive': 'This user is disabled. Enable the user before sending a password link.',
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
  'field.controlCharacters': 'Must not contain invisible control characters.',
  'page.notFoundTitle': 'Page not found',
  'page.staffOnlyTitle': 'This page is for administrators',
  'page.staffRoleTitle': 'This page is not open to your role',
  'page.paymentLinkTitle': 'Payment',
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
  'orders.productGone': '{name} is no longer sold; it cannot be ordered.',
  'orders.dealerInactive': "The dealer's account is not active; no order can be placed in its name.",
  'orders.moveNotAllowed': 'The order cannot go from "{from}" to "{to}".',
  'orders.cancelUnderWay':
    "This order's cancellation is under way: the card payment's refund is waiting for the bank. Look again shortly.",
  'orders.cancelRefundFailed':
    'The card payment could not be refunded; the order was not cancelled. Bank: {message}',
  'orders.cancelRefundUnknown':
    'The bank has not answered the refund yet; the order will be cancelled by itself once the refund is confirmed.',
  'orders.cancelReasonRequired': 'Write the reason for the cancellation; the dealer is shown this note.',
  'customers.notSalesPerson': 'Only an active owner or sales user can be the sales person.',
  'staffUsers.ownAccount': 'You cannot change your own role or disable yourself. Another owner can do that.',
  'staffUsers.lastOwner':
    'The last active owner cannot be given another role or be disabled. Make another user an owner first.',
  'jobs.rejected.row': 'Row',
  'jobs.rejected.code': 'Code',
  'jobs.rejected.reasons': 'Errors',
  'jobs.rejected.otherFields': 'Other fields',
  'jobs.tooLarge': 'A job takes at most 1,000,000 rows; split the file and send the parts.',
  'jobs.unknownResource': 'There is no such resource: "{resource}".',
  'jobs.badContentType': 'A job body must be application/x-ndjson or text/csv.',
  'jobs.empty': 'The file sent has no rows.',
  'sync.row.invalid': 'The value of "{field}" is not valid.',
  'sync.row.required': '"{field}" is required.',
  'sync.row.unknownReference': '"{field}": there is no record with the code "{value}".',
  'sync.row.duplicate': 'This code came earlier in the same request; only the first row was written.',
  'sync.row.conflict': '"{field}": "{value}" belongs to another record.',
  'sync.row.cycle': '"{field}": a category cannot be put under itself or one of its own subcategories.',
  'sync.idempotencyMismatch':
    'This Idempotency-Key was used with another request. Send a new key for a new request.',
  'sync.idempotencyInProgress':
    'The request sent with this Idempotency-Key is still being processed. Try again shortly.',
  'apiKeys.missing': 'This address needs an API key: send the header Authorization: Bearer <key>.',
  'apiKeys.invalid': 'The API key is not valid, was revoked or has expired.',
  'apiKeys.scope': 'This API key does not have the "{scope}" scope.',
  'apiKeys.rateLimited':
    'This API key went over its calls per minute. Please try again in {seconds} seconds.',
  'apiKeys.inactive': 'This key is no longer in use (revoked or rotated) and cannot be changed.',
  'customers.unknownPaymentPlan':
    'The store has no such payment plan; pick one from the list or leave it empty.',
  'orderStatus.new': 'New',
  'orderStatus.processing': 'Being prepared',
  'orderStatus.shipped': 'Shipped',
  'orderStatus.delivered': 'Delivered',
  'orderStatus.cancelled': 'Cancelled',
  'exports.tooLarge':
    'This filter matches more than {count} records, the most one file holds. Narrow the dates or choose a status.',
  'offers.disabled': 'Making offers is turned off at the moment.',
  'offers.emptyCart': 'Your cart is empty; there is nothing to make an offer of.',
  'offers.cancelled': 'A cancelled offer cannot be changed.',
  'offers.noCustomerEmail': "Save the customer's e-mail address before sending the offer.",
  'offers.mailLimit':
    'You have reached the hourly limit of offer e-mails. Please try again in {minutes} minutes.',
  'offers.lineUnavailable': '{name} is no longer sold.',
  'offers.alreadyOrdered': 'This offer was already converted into order {orderNo}.',
  'offers.cancelledNoOrder': 'A cancelled offer cannot be converted into an order.',
  'mailOutbox.alreadySent': 'This e-mail has already been sent; it is not sent again.',
  'live.badOrigin': "This connection can only be opened from this site's own pages.",
  'searchDashboard.blankTerm': 'Please enter a search term.',
  'payments.notVirtualPlan': 'Please choose the credit card payment plan to pay by card.',
  'payments.amountRequired': 'You did not enter an amount!',
  'payments.cardInvalid': 'The card number is not valid.',
  'payments.cardExpired': 'The card has expired.',
  'payments.unknownInstallment': 'The chosen installment option is not valid for this card.',
  'payments.linkRequired': 'Payment link not found.',
  'payments.linkUnavailable': 'This payment link has expired or has already been paid.',
  'payments.cartChanged':
    'Your cart changed after the payment started; nothing was charged. Please try again.',
  'payments.gatewayMessage': '{message}',
  'payments.insufficientFunds': 'Insufficient funds.',
  'payments.threeDsFailed': '3-D Secure verification failed.',
  'payments.technicalError': 'The bank had a technical error. Please try again later.',
  'payments.expired': 'The payment window (15 minutes) has passed; nothing was charged. Please try again.',
  'payments.notVerified': 'The payment result could not be verified; nothing was charged.',
  'payments.alreadyCompleted': 'This payment has already been completed.',
  'payments.failed': 'The payment could not be taken. Please try again.',
  'payments.notNeedingAttention': 'This payment no longer awaits a decision; its state has changed.',
  'payments.bankHoldsNoCharge':
    'The payment provider shows no charge for this payment, so it cannot be booked. Close it with a refund if needed.',
  'payments.refundFailed': 'The refund failed: {message}',
  'payments.notRefundable':
    "This order's card payment cannot be refunded whole (the payment is in another state or for another amount); look at it on the Payments screen.",
  'payments.releasedCannotBook':
    'What this payment held has been released, so it cannot be booked; it must be refunded.',
  'payments.tooManyStarts': 'Too many payment attempts. Please try again in {minutes} minutes.',
  'payments.linkPaused':
    'This payment link is paused for {minutes} minutes after several failed payments in a row.',
  'payments.processing':
    'Your bank approved the payment and it is being processed. The result will be final within a few minutes; please do not pay again.',
  'bin.rateLimited': 'Too many card lookups. Please try again in {seconds} seconds.',
  'warranty.serialRequired': 'Please enter the serial number.',
  'warranty.invalidSerial': 'A serial number has at most 64 characters: letters, digits and - _ . / only.',
  'warranty.notFound': 'No information was found for the product you are looking for.',
  'warranty.noSale':
    'There is no sale on record for the serial number entered; please check the serial number you typed.',
  'warranty.rateLimited': 'Too many warranty inquiries. Please try again in {minutes} minutes.',
  'paymentLink.disabled': 'Making payment links is turned off at the moment.',
  'paymentLink.invalidAmount': 'Please enter a valid amount.',
  'paymentLink.emailRequired': 'An e-mail address is required.',
  'paymentLink.created': 'The payment link has been created.',
  'paymentLink.sent': 'The payment link has been sent by e-mail.',
  'paymentLink.notFound': 'Payment link not found.',
  'paymentLink.paid': 'This payment link has already been paid.',
  'paymentLink.expired': 'This payment link has expired.',
  'paymentLink.mismatch': 'This link was made for another amount or other items; please create a new link.',
  'paymentLink.mailLimit':
    'You have reached the hourly limit of payment-link e-mails. Please try again in {minutes} minutes.',
  'ledger.notOpen': 'One of the chosen items is no longer open or is not yours. Please reload the statement.',
  'ledger.invalidAmount': 'The amount must be above 0 with at most 2 decimals.',
  'ledger.unknownCustomer': 'The dealer was not found.',
  'ledger.badRange': 'The start date cannot be after the end date.',
  'ledger.rangeTooLong': 'A statement covers at most {days} days.',
  'ledger.duplicateReceipt':
    'This receipt number was already entered for this dealer: the transfer of {amount} TL on {date}. A transfer cannot be recorded twice.',
  'ledger.transferNotFound': 'The bank transfer was not found.',
  'ledger.alreadyReversed': 'This bank transfer has already been reversed.',
  'fault.created': 'Your fault report has been received. Your report number: {no}',
  'fault.productCodeRequired': 'Enter the product code or pick a product from the list.',
  'fault.productCodeTooLong': 'The product code can be at most {max} characters.',
  'fault.unknownProduct': 'No product has this code. Please check the code or pick it from the list.',
  'fault.serialTooLong': 'The serial number can be at most {max} characters.',
  'fault.descriptionRequired': 'Describe the fault.',
  'fault.descriptionTooShort': 'The description must be at least {min} characters.',
  'fault.descriptionTooLong': 'The description can be at most {max} characters.',
  'fault.phoneRequired': 'Enter a contact phone number.',
  'fault.phoneInvalid': 'Enter a valid Turkish phone number (e.g. 0532 123 45 67).',
  'fault.photoType': 'The photo must be a JPEG, PNG or WebP image.',
  'fault.photoTooLarge': 'The photo can be at most {mb} MB.',
  'fault.photoUnreadable':
    'The photo could not be read: the file is damaged or incomplete. Please choose another photo.',
  'fault.unknownCategory': 'Category not found.',
  'fault.notFound': 'Fault report not found.',
  'fault.noPhoto': 'This fault report has no photo.',
  'fault.badMove':
    'The report cannot be moved to that status; it goes step by step (New → In service → Done).',
  'fault.rateLimited':
    'You have reached the hourly limit of fault reports. Please try again in {minutes} minutes.',
  'rates.fetchFailed':
    'The Central Bank rates could not be fetched ({reason}); the previous rates stay. Please try again later.',
  'rates.unknownCurrency': 'The store has no such currency.',
  'rates.baseCurrency': 'The base currency’s rate is 1 and cannot be changed.',
  'import.tooLarge': 'The file can be at most {mb} MB.',
  'import.empty': 'The file has no rows under its header row.',
  'import.tooManyRows': 'A file can have at most {max} rows; split the file.',
  'import.unreadable':
    'The file could not be read: it must be XLSX or CSV (separated by semicolons, commas or tabs).',
  'import.uploadGone':
    'The uploaded file is gone (an hour passed, or it was imported). Upload the file again.',
  'import.badMapping':
    'The column mapping does not fit the file: each field can be mapped to one column at most.',
  'import.missingFields': 'Required fields are not mapped to a column: {fields}.',
}

const catalogs: Record<Locale, Record<MessageKey, string>> = { tr, en }

/**
 * A message's values: as is; `{ amount }` written as money in the message's language (1.234,50 /
 * 1,234.50); `{ day }` an ISO calendar day written the language's way; or another message (a status
 * name).
 */
export type MessageParams = Record<
  string,
  string | number | { amount: number } | { day: string } | { message: MessageKey }
>

export function translate(locale: Locale, key: MessageKey, params?: MessageParams): string {
  const template = catalogs[locale][key] ?? tr[key]
  if (!params) return template
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name]
    if (value === undefined) return whole
    if (typeof value !== 'object') return String(value)
    if ('message' in value) return translate(locale, value.message)
    if ('day' in value) return formatCalendarDay(value.day, locale)
    return formatAmount(value.amount, locale)
  })
}
