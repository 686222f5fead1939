// Package messages holds the human texts of the envelope's msg field in every language the site
// speaks. Keys are the stable error keys of package apierr plus "ok" for success.
package messages

// Lang is a wire language code as sent in the lang header (ja for the site's jp pages).
type Lang string

// Languages lists the wire codes the site speaks, in the order of the language switcher.
var Languages = []Lang{"zh", "zh_tw", "en", "en_eu", "en_us", "ja", "ko", "th", "es", "fr", "de", "ru"}

// Default is the language of a request without a usable lang header.
const Default Lang = "zh"

// Parse returns the wire code named by s, or Default when s names none.
func Parse(s string) Lang {
	for _, l := range Languages {
		if string(l) == s {
			return l
		}
	}
	return Default
}

// OK is the key of the success text.
const OK = "ok"

// catalogue maps key → language → text. en_eu and en_us have no texts of their own: they read
// English through fallback.
var catalogue = map[string]map[Lang]string{
	OK: {
		"zh": "操作成功", "zh_tw": "操作成功", "en": "Success", "ja": "成功しました", "ko": "성공했습니다",
		"th": "สำเร็จ", "es": "Operación correcta", "fr": "Opération réussie", "de": "Erfolgreich", "ru": "Успешно",
	},
	"request.invalid": {
		"zh": "请求参数有误", "zh_tw": "請求參數有誤", "en": "Some of the information sent is not valid.",
		"ja": "送信された情報に誤りがあります。", "ko": "전송된 정보가 올바르지 않습니다.", "th": "ข้อมูลที่ส่งมาไม่ถูกต้อง",
		"es": "Parte de la información enviada no es válida.", "fr": "Certaines informations envoyées ne sont pas valides.",
		"de": "Einige der gesendeten Angaben sind ungültig.", "ru": "Часть отправленных данных неверна.",
	},
	"request.too_large": {
		"zh": "提交的内容过大", "zh_tw": "提交的內容過大", "en": "What was sent is too large.",
		"ja": "送信内容が大きすぎます。", "ko": "전송한 내용이 너무 큽니다.", "th": "ข้อมูลที่ส่งมีขนาดใหญ่เกินไป",
		"es": "Lo enviado es demasiado grande.", "fr": "L’envoi est trop volumineux.",
		"de": "Die gesendeten Daten sind zu groß.", "ru": "Отправленные данные слишком велики.",
	},
	"route.not_found": {
		"zh": "接口不存在", "zh_tw": "介面不存在", "en": "There is no such API call.",
		"ja": "該当する API がありません。", "ko": "해당 API가 없습니다.", "th": "ไม่พบ API นี้",
		"es": "No existe esa llamada de la API.", "fr": "Cet appel d’API n’existe pas.",
		"de": "Diesen API-Aufruf gibt es nicht.", "ru": "Такого вызова API нет.",
	},
	"route.method_not_allowed": {
		"zh": "请求方法不被允许", "zh_tw": "請求方法不被允許", "en": "This API call does not accept that method.",
		"ja": "この API はそのメソッドを受け付けません。", "ko": "이 API는 해당 메서드를 허용하지 않습니다.", "th": "API นี้ไม่รองรับเมธอดดังกล่าว",
		"es": "Esta llamada de la API no admite ese método.", "fr": "Cet appel d’API n’accepte pas cette méthode.",
		"de": "Dieser API-Aufruf erlaubt diese Methode nicht.", "ru": "Этот вызов API не поддерживает такой метод.",
	},
	"resource.not_found": {
		"zh": "内容不存在或已下线", "zh_tw": "內容不存在或已下架", "en": "This item does not exist or is no longer published.",
		"ja": "この項目は存在しないか、公開が終了しました。", "ko": "항목이 없거나 더 이상 게시되지 않습니다.", "th": "ไม่พบรายการนี้หรือยกเลิกการเผยแพร่แล้ว",
		"es": "Este elemento no existe o ya no está publicado.", "fr": "Cet élément n’existe pas ou n’est plus publié.",
		"de": "Dieser Eintrag existiert nicht oder ist nicht mehr veröffentlicht.", "ru": "Этот материал не существует или снят с публикации.",
	},
	"not_implemented": {
		"zh": "该功能暂未开放", "zh_tw": "該功能暫未開放", "en": "This service is not available yet.",
		"ja": "この機能はまだご利用いただけません。", "ko": "이 서비스는 아직 제공되지 않습니다.", "th": "บริการนี้ยังไม่เปิดให้ใช้งาน",
		"es": "Este servicio aún no está disponible.", "fr": "Ce service n’est pas encore disponible.",
		"de": "Dieser Dienst ist noch nicht verfügbar.", "ru": "Эта услуга пока недоступна.",
	},
	"upstream.bad_gateway": {
		"zh": "服务返回异常，请稍后重试", "zh_tw": "服務回應異常，請稍後重試", "en": "A service answered unexpectedly. Please try again later.",
		"ja": "サービスから予期しない応答がありました。しばらくしてから再度お試しください。", "ko": "서비스 응답이 올바르지 않습니다. 잠시 후 다시 시도하세요.", "th": "บริการตอบกลับผิดปกติ โปรดลองอีกครั้งภายหลัง",
		"es": "Un servicio respondió de forma inesperada. Inténtelo de nuevo más tarde.", "fr": "Un service a répondu de façon inattendue. Veuillez réessayer plus tard.",
		"de": "Ein Dienst hat unerwartet geantwortet. Bitte versuchen Sie es später erneut.", "ru": "Сервис ответил некорректно. Повторите попытку позже.",
	},
	"upstream.unavailable": {
		"zh": "服务暂不可用，请稍后重试", "zh_tw": "服務暫不可用，請稍後重試", "en": "A service is unavailable right now. Please try again later.",
		"ja": "サービスは現在ご利用いただけません。しばらくしてから再度お試しください。", "ko": "지금은 서비스를 이용할 수 없습니다. 잠시 후 다시 시도하세요.", "th": "บริการไม่พร้อมใช้งานในขณะนี้ โปรดลองอีกครั้งภายหลัง",
		"es": "Un servicio no está disponible ahora. Inténtelo de nuevo más tarde.", "fr": "Un service est momentanément indisponible. Veuillez réessayer plus tard.",
		"de": "Ein Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es später erneut.", "ru": "Сервис сейчас недоступен. Повторите попытку позже.",
	},
	"upstream.timeout": {
		"zh": "服务响应超时，请稍后重试", "zh_tw": "服務回應逾時，請稍後重試", "en": "A service took too long to answer. Please try again later.",
		"ja": "サービスの応答がタイムアウトしました。しばらくしてから再度お試しください。", "ko": "서비스 응답 시간이 초과되었습니다. 잠시 후 다시 시도하세요.", "th": "บริการตอบสนองช้าเกินไป โปรดลองอีกครั้งภายหลัง",
		"es": "Un servicio tardó demasiado en responder. Inténtelo de nuevo más tarde.", "fr": "Un service a mis trop de temps à répondre. Veuillez réessayer plus tard.",
		"de": "Ein Dienst hat zu lange nicht geantwortet. Bitte versuchen Sie es später erneut.", "ru": "Сервис не ответил вовремя. Повторите попытку позже.",
	},
	"internal": {
		"zh": "系统繁忙，请稍后重试", "zh_tw": "系統繁忙，請稍後重試", "en": "Something went wrong on our side. Please try again later.",
		"ja": "システムエラーが発生しました。しばらくしてから再度お試しください。", "ko": "시스템 오류가 발생했습니다. 잠시 후 다시 시도하세요.", "th": "เกิดข้อผิดพลาดของระบบ โปรดลองอีกครั้งภายหลัง",
		"es": "Se produjo un error por nuestra parte. Inténtelo de nuevo más tarde.", "fr": "Une erreur s’est produite de notre côté. Veuillez réessayer plus tard.",
		"de": "Bei uns ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.", "ru": "На нашей стороне произошла ошибка. Повторите попытку позже.",
	},
}

// Add registers the texts of a feature's key. It panics on a key added twice, a programming
// error found at start-up.
func Add(key string, texts map[Lang]string) {
	if _, ok := catalogue[key]; ok {
		panic("messages: key added twice: " + key)
	}
	catalogue[key] = texts
}

// Text is key's text in lang, falling back to English (the regional Englishes always do), then
// to the key itself so that a missing text is visible rather than empty.
func Text(key string, lang Lang) string {
	texts := catalogue[key]
	if t, ok := texts[lang]; ok {
		return t
	}
	if t, ok := texts["en"]; ok {
		return t
	}
	return key
}

// Keys lists every key that has texts, for completeness tests.
func Keys() []string {
	keys := make([]string, 0, len(catalogue))
	for k := range catalogue {
		keys = append(keys, k)
	}
	return keys
}
