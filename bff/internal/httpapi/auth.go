package httpapi

import (
	"net/http"
	"strings"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/messages"
	"github.com/jakarobotics/website/bff/internal/upstream/account"
)

// The failures of operations that need a logged-in visitor.
const (
	NotLoggedIn  apierr.Key = "account.not_logged_in"
	TokenExpired apierr.Key = "account.token_expired"
)

func init() {
	apierr.Register(NotLoggedIn, http.StatusUnauthorized)
	apierr.Register(TokenExpired, http.StatusUnauthorized)
	messages.Add(string(NotLoggedIn), map[messages.Lang]string{
		"zh": "请先登录", "zh_tw": "請先登入", "en": "Please log in first.", "ja": "先にログインしてください。",
		"ko": "먼저 로그인하세요.", "th": "กรุณาเข้าสู่ระบบก่อน", "es": "Inicie sesión primero.",
		"fr": "Veuillez d’abord vous connecter.", "de": "Bitte melden Sie sich zuerst an.", "ru": "Сначала войдите в систему.",
	})
	messages.Add(string(TokenExpired), map[messages.Lang]string{
		"zh": "登录已过期，请重新登录", "zh_tw": "登入已過期，請重新登入", "en": "Your login has expired. Please log in again.",
		"ja": "ログインの有効期限が切れました。もう一度ログインしてください。", "ko": "로그인이 만료되었습니다. 다시 로그인하세요.",
		"th": "การเข้าสู่ระบบหมดอายุแล้ว กรุณาเข้าสู่ระบบอีกครั้ง", "es": "Su sesión ha caducado. Vuelva a iniciar sesión.",
		"fr": "Votre session a expiré. Veuillez vous reconnecter.", "de": "Ihre Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.",
		"ru": "Срок действия входа истёк. Войдите снова.",
	})
}

// currentUser returns the visitor that the request's token header belongs to: 401
// account.not_logged_in without a token, 401 account.token_expired for a token the identity
// service does not accept. Operations that need a login call it first.
func (s *Server) currentUser(r *http.Request) (account.User, error) {
	token := strings.TrimSpace(r.Header.Get("token"))
	if token == "" {
		return account.User{}, apierr.New(NotLoggedIn, nil)
	}
	return s.Accounts.ValidateToken(r.Context(), token)
}
