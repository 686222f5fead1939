package account

import "github.com/jakarobotics/website/bff/internal/apierr"

// The failures of the identity service, as the site's error keys. Their statuses and texts are
// in the site's catalogue (messages/); the English texts of spec section 8 are kept there word
// for word (exclamation marks included), since the legacy site shows them so.
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
	QROtherBrowser     apierr.Key = "account.qr_other_browser"    // 403: a WeChat scene polled by a browser that did not create it
)
