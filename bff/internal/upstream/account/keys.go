package account

import (
	"net/http"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/messages"
)

// The failures of the identity service, as the site's error keys. The English texts of spec
// section 8 are kept word for word (exclamation marks included), since the web's catalogue and
// the legacy site show them so.
const (
	NotLoggedIn        apierr.Key = "account.not_logged_in"       // 401: no token
	TokenExpired       apierr.Key = "account.token_expired"       // 401: unknown, expired or revoked token
	PhoneRegistered    apierr.Key = "account.phone_registered"    // 409
	EmailRegistered    apierr.Key = "account.email_registered"    // 409
	InvalidAccount     apierr.Key = "account.invalid_account"     // 400: not a phone or e-mail the service accepts
	InvalidEmail       apierr.Key = "account.invalid_email"       // 400: not an e-mail the service accepts
	CodeIncorrect      apierr.Key = "account.code_incorrect"      // 422
	CodeRequired       apierr.Key = "account.code_required"       // 422: no e-mailed code was requested (or it was used)
	SMSCodeRequired    apierr.Key = "account.sms_code_required"   // 422: no SMS code was requested (or it was used)
	CodeExpired        apierr.Key = "account.code_expired"        // 422
	CodeExhausted      apierr.Key = "account.code_exhausted"      // 422: burnt by too many wrong tries
	NotRegistered      apierr.Key = "account.not_registered"      // 404
	RegistrationFailed apierr.Key = "account.registration_failed" // 422: refused for another reason
	VerificationFailed apierr.Key = "account.verification_failed" // 422: a third-party login that did not check out
	BadCredentials     apierr.Key = "account.bad_credentials"     // 401: wrong account/password pair
	NotOwner           apierr.Key = "account.not_owner"           // 422: not the phone or e-mail of the logged-in user
	QRExpired          apierr.Key = "account.qr_expired"          // 404: unknown or forgotten WeChat scene
)

// lang is a short name for the catalogue's language type.
type lang = map[messages.Lang]string

func init() {
	for key, status := range map[apierr.Key]int{
		NotLoggedIn: http.StatusUnauthorized, TokenExpired: http.StatusUnauthorized,
		PhoneRegistered: http.StatusConflict, EmailRegistered: http.StatusConflict,
		InvalidAccount: http.StatusBadRequest, InvalidEmail: http.StatusBadRequest,
		CodeIncorrect: http.StatusUnprocessableEntity, CodeRequired: http.StatusUnprocessableEntity,
		SMSCodeRequired: http.StatusUnprocessableEntity, CodeExpired: http.StatusUnprocessableEntity,
		CodeExhausted: http.StatusUnprocessableEntity, NotRegistered: http.StatusNotFound,
		RegistrationFailed: http.StatusUnprocessableEntity, VerificationFailed: http.StatusUnprocessableEntity,
		BadCredentials: http.StatusUnauthorized, NotOwner: http.StatusUnprocessableEntity,
		QRExpired: http.StatusNotFound,
	} {
		apierr.Register(key, status)
	}
	for key, texts := range map[apierr.Key]lang{
		NotLoggedIn: {
			"zh": "请先登录", "zh_tw": "請先登入", "en": "Please log in first.", "ja": "先にログインしてください。",
			"ko": "먼저 로그인하세요.", "th": "กรุณาเข้าสู่ระบบก่อน", "es": "Inicie sesión primero.",
			"fr": "Veuillez d’abord vous connecter.", "de": "Bitte melden Sie sich zuerst an.", "ru": "Сначала войдите в систему.",
		},
		TokenExpired: {
			"zh": "登录已过期，请重新登录", "zh_tw": "登入已過期，請重新登入", "en": "Your login has expired. Please log in again.",
			"ja": "ログインの有効期限が切れました。もう一度ログインしてください。", "ko": "로그인이 만료되었습니다. 다시 로그인하세요.",
			"th": "การเข้าสู่ระบบหมดอายุแล้ว กรุณาเข้าสู่ระบบอีกครั้ง", "es": "Su sesión ha caducado. Vuelva a iniciar sesión.",
			"fr": "Votre session a expiré. Veuillez vous reconnecter.", "de": "Ihre Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.",
			"ru": "Срок действия входа истёк. Войдите снова.",
		},
		PhoneRegistered: {
			"zh": "该手机号已注册！", "zh_tw": "該手機號碼已註冊！", "en": "This mobile number has been registered!",
			"ja": "この携帯電話番号は既に登録されています！", "ko": "이미 등록된 휴대폰 번호입니다!",
			"th": "หมายเลขโทรศัพท์มือถือนี้ลงทะเบียนแล้ว!", "es": "¡Este número de móvil ya está registrado!",
			"fr": "Ce numéro de mobile est déjà enregistré !", "de": "Diese Mobilnummer ist bereits registriert!",
			"ru": "Этот номер мобильного телефона уже зарегистрирован!",
		},
		EmailRegistered: {
			"zh": "该邮箱已注册！", "zh_tw": "該電子郵件已註冊！", "en": "This email has been registered!",
			"ja": "このメールアドレスは既に登録されています！", "ko": "이미 등록된 이메일입니다!", "th": "อีเมลนี้ลงทะเบียนแล้ว!",
			"es": "¡Este correo electrónico ya está registrado!", "fr": "Cette adresse e-mail est déjà enregistrée !",
			"de": "Diese E-Mail-Adresse ist bereits registriert!", "ru": "Этот адрес электронной почты уже зарегистрирован!",
		},
		InvalidAccount: {
			"zh": "请输入正确的手机号或邮箱", "zh_tw": "請輸入正確的手機號碼或電子郵件", "en": "Please enter the correct mobile phone or email",
			"ja": "正しい携帯電話番号またはメールアドレスを入力してください", "ko": "올바른 휴대폰 번호 또는 이메일을 입력하세요",
			"th": "กรุณากรอกหมายเลขโทรศัพท์มือถือหรืออีเมลให้ถูกต้อง", "es": "Introduzca un número de móvil o un correo electrónico correcto",
			"fr": "Veuillez saisir un numéro de mobile ou une adresse e-mail valide", "de": "Bitte geben Sie eine gültige Mobilnummer oder E-Mail-Adresse ein",
			"ru": "Введите правильный номер мобильного телефона или адрес электронной почты",
		},
		InvalidEmail: {
			"zh": "请输入正确的邮箱", "zh_tw": "請輸入正確的電子郵件", "en": "Please enter the correct email",
			"ja": "正しいメールアドレスを入力してください", "ko": "올바른 이메일을 입력하세요", "th": "กรุณากรอกอีเมลให้ถูกต้อง",
			"es": "Introduzca un correo electrónico correcto", "fr": "Veuillez saisir une adresse e-mail valide",
			"de": "Bitte geben Sie eine gültige E-Mail-Adresse ein", "ru": "Введите правильный адрес электронной почты",
		},
		CodeIncorrect: {
			"zh": "验证码错误，请重新输入", "zh_tw": "驗證碼錯誤，請重新輸入", "en": "Verification Code is incorrect. Please re-enter",
			"ja": "認証コードが正しくありません。再入力してください", "ko": "인증 코드가 올바르지 않습니다. 다시 입력하세요",
			"th": "รหัสยืนยันไม่ถูกต้อง กรุณากรอกใหม่", "es": "El código de verificación es incorrecto. Vuelva a introducirlo",
			"fr": "Le code de vérification est incorrect. Veuillez le saisir à nouveau", "de": "Der Bestätigungscode ist falsch. Bitte erneut eingeben",
			"ru": "Неверный код подтверждения. Введите его ещё раз",
		},
		CodeRequired: {
			"zh": "请先获取验证码！", "zh_tw": "請先取得驗證碼！", "en": "Please get the verification code first!",
			"ja": "先に認証コードを取得してください！", "ko": "먼저 인증 코드를 받으세요!", "th": "กรุณาขอรหัสยืนยันก่อน!",
			"es": "¡Obtenga primero el código de verificación!", "fr": "Veuillez d’abord obtenir le code de vérification !",
			"de": "Bitte fordern Sie zuerst den Bestätigungscode an!", "ru": "Сначала получите код подтверждения!",
		},
		SMSCodeRequired: {
			"zh": "请先获取短信验证码！", "zh_tw": "請先取得簡訊驗證碼！", "en": "Please request SMS verification code first!",
			"ja": "先に SMS 認証コードをリクエストしてください！", "ko": "먼저 SMS 인증 코드를 요청하세요!",
			"th": "กรุณาขอรหัสยืนยันทาง SMS ก่อน!", "es": "¡Solicite primero el código de verificación por SMS!",
			"fr": "Veuillez d’abord demander le code de vérification par SMS !", "de": "Bitte fordern Sie zuerst den SMS-Bestätigungscode an!",
			"ru": "Сначала запросите код подтверждения по SMS!",
		},
		CodeExpired: {
			"zh": "验证码已过期，请重新获取", "zh_tw": "驗證碼已過期，請重新取得", "en": "The verification code has expired. Please get a new one.",
			"ja": "認証コードの有効期限が切れました。新しいコードを取得してください。", "ko": "인증 코드가 만료되었습니다. 새 코드를 받으세요.",
			"th": "รหัสยืนยันหมดอายุแล้ว กรุณาขอรหัสใหม่", "es": "El código de verificación ha caducado. Solicite uno nuevo.",
			"fr": "Le code de vérification a expiré. Veuillez en demander un nouveau.", "de": "Der Bestätigungscode ist abgelaufen. Bitte fordern Sie einen neuen an.",
			"ru": "Срок действия кода подтверждения истёк. Запросите новый код.",
		},
		CodeExhausted: {
			"zh": "验证码错误次数过多，请重新获取", "zh_tw": "驗證碼錯誤次數過多，請重新取得", "en": "Too many incorrect codes. Please get a new verification code.",
			"ja": "認証コードの入力誤りが多すぎます。新しいコードを取得してください。", "ko": "인증 코드 입력 오류가 너무 많습니다. 새 코드를 받으세요.",
			"th": "กรอกรหัสยืนยันผิดหลายครั้งเกินไป กรุณาขอรหัสใหม่", "es": "Demasiados códigos incorrectos. Solicite un nuevo código de verificación.",
			"fr": "Trop de codes incorrects. Veuillez demander un nouveau code de vérification.", "de": "Zu viele falsche Codes. Bitte fordern Sie einen neuen Bestätigungscode an.",
			"ru": "Слишком много неверных кодов. Запросите новый код подтверждения.",
		},
		NotRegistered: {
			"zh": "该用户未注册！", "zh_tw": "該使用者未註冊！", "en": "This user has not been registered!",
			"ja": "このユーザーは登録されていません！", "ko": "등록되지 않은 사용자입니다!", "th": "ผู้ใช้นี้ยังไม่ได้ลงทะเบียน!",
			"es": "¡Este usuario no está registrado!", "fr": "Cet utilisateur n’est pas enregistré !",
			"de": "Dieser Benutzer ist nicht registriert!", "ru": "Этот пользователь не зарегистрирован!",
		},
		RegistrationFailed: {
			"zh": "注册失败，请检查账号或验证码是否正确！！！", "zh_tw": "註冊失敗，請檢查帳號或驗證碼是否正確！！！",
			"en": "Registration failed. Please check if the account or verification code is correct!!!",
			"ja": "登録に失敗しました。アカウントまたは認証コードが正しいかご確認ください！", "ko": "가입에 실패했습니다. 계정 또는 인증 코드가 올바른지 확인하세요!",
			"th": "การลงทะเบียนล้มเหลว กรุณาตรวจสอบว่าบัญชีหรือรหัสยืนยันถูกต้อง!", "es": "Error en el registro. ¡Compruebe si la cuenta o el código de verificación son correctos!",
			"fr": "Échec de l’inscription. Vérifiez que le compte ou le code de vérification est correct !",
			"de": "Registrierung fehlgeschlagen. Bitte prüfen Sie, ob Konto oder Bestätigungscode korrekt sind!",
			"ru": "Регистрация не удалась. Проверьте правильность учётной записи или кода подтверждения!",
		},
		VerificationFailed: {
			"zh": "验证失败", "zh_tw": "驗證失敗", "en": "Verification failed", "ja": "認証に失敗しました", "ko": "인증에 실패했습니다",
			"th": "การยืนยันล้มเหลว", "es": "La verificación ha fallado", "fr": "La vérification a échoué",
			"de": "Verifizierung fehlgeschlagen", "ru": "Проверка не пройдена",
		},
		BadCredentials: {
			"zh": "账号或密码错误", "zh_tw": "帳號或密碼錯誤", "en": "Incorrect account or password.",
			"ja": "アカウントまたはパスワードが正しくありません。", "ko": "계정 또는 비밀번호가 올바르지 않습니다.",
			"th": "บัญชีหรือรหัสผ่านไม่ถูกต้อง", "es": "Cuenta o contraseña incorrecta.", "fr": "Compte ou mot de passe incorrect.",
			"de": "Konto oder Passwort ist falsch.", "ru": "Неверная учётная запись или пароль.",
		},
		NotOwner: {
			"zh": "该手机号或邮箱不属于当前登录账号", "zh_tw": "該手機號碼或電子郵件不屬於目前登入的帳號",
			"en": "This is not the phone number or email of your account.",
			"ja": "この電話番号またはメールアドレスはログイン中のアカウントのものではありません。",
			"ko": "로그인한 계정의 휴대폰 번호 또는 이메일이 아닙니다.", "th": "หมายเลขโทรศัพท์หรืออีเมลนี้ไม่ใช่ของบัญชีที่เข้าสู่ระบบอยู่",
			"es": "Este no es el teléfono ni el correo electrónico de su cuenta.", "fr": "Ce n’est ni le numéro ni l’adresse e-mail de votre compte.",
			"de": "Dies ist nicht die Telefonnummer oder E-Mail-Adresse Ihres Kontos.",
			"ru": "Это не номер телефона и не адрес электронной почты вашей учётной записи.",
		},
		QRExpired: {
			"zh": "二维码已失效，请刷新", "zh_tw": "QR 碼已失效，請重新整理", "en": "The QR code has expired. Please refresh it.",
			"ja": "QR コードの有効期限が切れました。更新してください。", "ko": "QR 코드가 만료되었습니다. 새로 고침하세요.",
			"th": "คิวอาร์โค้ดหมดอายุแล้ว กรุณารีเฟรช", "es": "El código QR ha caducado. Actualícelo.",
			"fr": "Le QR code a expiré. Veuillez l’actualiser.", "de": "Der QR-Code ist abgelaufen. Bitte aktualisieren Sie ihn.",
			"ru": "Срок действия QR-кода истёк. Обновите его.",
		},
	} {
		messages.Add(string(key), texts)
	}
}
