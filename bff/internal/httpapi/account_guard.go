package httpapi

import (
	"net/http"
	"net/netip"
	"time"

	"github.com/jakarobotics/website/bff/internal/accounts"
	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/messages"
	"github.com/jakarobotics/website/bff/internal/ratelimit"
)

// The account failures the BFF decides by itself, before or instead of asking the identity
// service.
const (
	PasswordMismatch apierr.Key = "account.password_mismatch" // 400: password and confirmPassword differ
	CodeTooFrequent  apierr.Key = "account.code_too_frequent" // 429: codes to one phone or e-mail
	TooManyRequests  apierr.Key = "account.too_many_requests" // 429: codes or lookups from one client address
	TooManyAttempts  apierr.Key = "account.too_many_attempts" // 429: wait after failed logins or code checks of an account
)

// The success texts of the account operations (the envelope's msg; spec section 8 "Successes").
const (
	msgCodeSent          = "account.code_sent"
	msgLoginSuccess      = "account.login_success"
	msgRegisterSuccess   = "account.register_success"
	msgPasswordReset     = "account.password_reset_success"
	msgLogoutSuccess     = "account.logout_success"
	msgDeregisterSuccess = "account.deregister_success"
)

func init() {
	apierr.Register(PasswordMismatch, http.StatusBadRequest)
	apierr.Register(CodeTooFrequent, http.StatusTooManyRequests)
	apierr.Register(TooManyRequests, http.StatusTooManyRequests)
	apierr.Register(TooManyAttempts, http.StatusTooManyRequests)
	for key, texts := range map[string]map[messages.Lang]string{
		string(PasswordMismatch): {
			"zh": "两次输入的密码不一致", "zh_tw": "兩次輸入的密碼不一致", "en": "The passwords entered twice are inconsistent",
			"ja": "2回入力したパスワードが一致しません", "ko": "두 번 입력한 비밀번호가 일치하지 않습니다",
			"th": "รหัสผ่านที่กรอกทั้งสองครั้งไม่ตรงกัน", "es": "Las contraseñas introducidas no coinciden",
			"fr": "Les deux mots de passe saisis ne correspondent pas", "de": "Die beiden eingegebenen Passwörter stimmen nicht überein",
			"ru": "Введённые пароли не совпадают",
		},
		string(CodeTooFrequent): {
			"zh": "验证码发送过于频繁，请稍后再试", "zh_tw": "驗證碼發送過於頻繁，請稍後再試",
			"en": "Verification codes were requested too often. Please try again later.",
			"ja": "認証コードのリクエストが多すぎます。しばらくしてから再度お試しください。",
			"ko": "인증 코드를 너무 자주 요청했습니다. 잠시 후 다시 시도하세요.", "th": "ขอรหัสยืนยันบ่อยเกินไป โปรดลองอีกครั้งภายหลัง",
			"es": "Se han solicitado códigos de verificación con demasiada frecuencia. Inténtelo de nuevo más tarde.",
			"fr": "Trop de demandes de code de vérification. Veuillez réessayer plus tard.",
			"de": "Es wurden zu oft Bestätigungscodes angefordert. Bitte versuchen Sie es später erneut.",
			"ru": "Коды подтверждения запрашиваются слишком часто. Повторите попытку позже.",
		},
		string(TooManyRequests): {
			"zh": "当前网络请求过于频繁，请稍后再试", "zh_tw": "目前網路請求過於頻繁，請稍後再試",
			"en": "Too many requests from your network. Please try again later.",
			"ja": "お使いのネットワークからのリクエストが多すぎます。しばらくしてから再度お試しください。",
			"ko": "사용 중인 네트워크에서 요청이 너무 많습니다. 잠시 후 다시 시도하세요.", "th": "มีคำขอจากเครือข่ายของคุณมากเกินไป โปรดลองอีกครั้งภายหลัง",
			"es": "Demasiadas solicitudes desde su red. Inténtelo de nuevo más tarde.",
			"fr": "Trop de requêtes depuis votre réseau. Veuillez réessayer plus tard.",
			"de": "Zu viele Anfragen aus Ihrem Netzwerk. Bitte versuchen Sie es später erneut.",
			"ru": "Слишком много запросов из вашей сети. Повторите попытку позже.",
		},
		string(TooManyAttempts): {
			"zh": "该账号尝试次数过多，请稍后再试", "zh_tw": "該帳號嘗試次數過多，請稍後再試",
			"en": "Too many attempts for this account. Please try again later.",
			"ja": "このアカウントの試行回数が多すぎます。しばらくしてから再度お試しください。",
			"ko": "이 계정의 시도 횟수가 너무 많습니다. 잠시 후 다시 시도하세요.", "th": "มีการพยายามเข้าใช้บัญชีนี้มากเกินไป โปรดลองอีกครั้งภายหลัง",
			"es": "Demasiados intentos para esta cuenta. Inténtelo de nuevo más tarde.",
			"fr": "Trop de tentatives pour ce compte. Veuillez réessayer plus tard.",
			"de": "Zu viele Versuche für dieses Konto. Bitte versuchen Sie es später erneut.",
			"ru": "Слишком много попыток для этой учётной записи. Повторите попытку позже.",
		},
		msgCodeSent: {
			"zh": "验证码已发送", "zh_tw": "驗證碼已發送", "en": "Verification code sent", "ja": "認証コードを送信しました",
			"ko": "인증 코드를 보냈습니다", "th": "ส่งรหัสยืนยันแล้ว", "es": "Código de verificación enviado",
			"fr": "Code de vérification envoyé", "de": "Bestätigungscode gesendet", "ru": "Код подтверждения отправлен",
		},
		msgLoginSuccess: {
			"zh": "登录成功", "zh_tw": "登入成功", "en": "Login successful", "ja": "ログインしました", "ko": "로그인되었습니다",
			"th": "เข้าสู่ระบบสำเร็จ", "es": "Sesión iniciada", "fr": "Connexion réussie", "de": "Anmeldung erfolgreich", "ru": "Вход выполнен",
		},
		msgRegisterSuccess: {
			"zh": "注册成功", "zh_tw": "註冊成功", "en": "Registration successful", "ja": "登録が完了しました", "ko": "가입되었습니다",
			"th": "ลงทะเบียนสำเร็จ", "es": "Registro completado", "fr": "Inscription réussie", "de": "Registrierung erfolgreich",
			"ru": "Регистрация выполнена",
		},
		msgPasswordReset: {
			"zh": "密码重置成功", "zh_tw": "密碼重設成功", "en": "Password reset successfully", "ja": "パスワードを再設定しました",
			"ko": "비밀번호가 재설정되었습니다", "th": "รีเซ็ตรหัสผ่านสำเร็จ", "es": "Contraseña restablecida",
			"fr": "Mot de passe réinitialisé", "de": "Passwort zurückgesetzt", "ru": "Пароль сброшен",
		},
		msgLogoutSuccess: {
			"zh": "退出登录成功", "zh_tw": "登出成功", "en": "Logged out", "ja": "ログアウトしました", "ko": "로그아웃되었습니다",
			"th": "ออกจากระบบสำเร็จ", "es": "Sesión cerrada", "fr": "Déconnexion réussie", "de": "Abmeldung erfolgreich", "ru": "Выход выполнен",
		},
		msgDeregisterSuccess: {
			"zh": "账号已注销", "zh_tw": "帳號已註銷", "en": "Your account has been deregistered", "ja": "アカウントを削除しました",
			"ko": "계정이 탈퇴 처리되었습니다", "th": "ยกเลิกบัญชีแล้ว", "es": "Su cuenta se ha dado de baja",
			"fr": "Votre compte a été supprimé", "de": "Ihr Konto wurde gelöscht", "ru": "Учётная запись удалена",
		},
	} {
		messages.Add(key, texts)
	}
}

// accountGuard is the account area's guard (accounts.Guard) at the HTTP edge, where the client
// address of a request is told through the trusted reverse proxies.
type accountGuard struct {
	*accounts.Guard
	proxies []netip.Prefix // trusted reverse proxies
}

// newAccountGuard returns the guard of limits (nil means ratelimit.DefaultLimits()) on the clock
// now.
func newAccountGuard(limits *ratelimit.Limits, now func() time.Time) *accountGuard {
	l := ratelimit.DefaultLimits()
	if limits != nil {
		l = *limits
	}
	return &accountGuard{Guard: accounts.NewGuard(l, now), proxies: l.TrustedProxies}
}

// clientKey is the limiter key of the request's client address.
func (g *accountGuard) clientKey(r *http.Request) string {
	ip := ratelimit.ClientIP(r, g.proxies)
	if !ip.IsValid() {
		return "unknown"
	}
	return ratelimit.IPKey(ip)
}

// refusalKey is the error key of the guard's refusal of an account operation.
func refusalKey(reason accounts.Reason) apierr.Key {
	switch reason {
	case accounts.TargetTooFrequent:
		return CodeTooFrequent
	case accounts.AccountThrottled:
		return TooManyAttempts
	}
	return TooManyRequests
}

// tooMany answers 429 with the refusal's key and a Retry-After of its wait.
func tooMany(w http.ResponseWriter, r *http.Request, s *Server, refusal *accounts.Refusal) {
	w.Header().Set("Retry-After", ratelimit.RetryAfter(refusal.Wait))
	accountError(w, r, s, apierr.New(refusalKey(refusal.Reason), nil))
}
