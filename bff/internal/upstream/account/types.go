package account

import "time"

// The identity service's records and requests, as the BFF uses them.

// User is the account a session token belongs to.
type User struct {
	ID       int64
	UserName string
	Phone    string // empty for an e-mail account
	Email    string // empty for a phone account without e-mail
}

// Profile is a user with everything the identity service knows about them.
type Profile struct {
	User
	// Kind says how the account was created: phone, email, overseas, wechat or oauth.
	Kind        string
	CompanyName string
	Country     string
	Industry    string
	// ContactPhone is the unverified phone of an enterprise registration (not a login name).
	ContactPhone string
	CreatedAt    time.Time
}

// Session is a new login.
type Session struct {
	Token     string
	ExpiresAt time.Time
	User      Profile
}

// Channel is how a verification code travels.
type Channel string

// The channels of verification codes.
const (
	SMS   Channel = "sms"
	Email Channel = "email"
)

// Purpose is what a verification code is for, in the site's names (VerificationPurpose of the
// contract). A code only works for its purpose.
type Purpose string

// The purposes of verification codes.
const (
	PurposeRegister      Purpose = "register"
	PurposeLogin         Purpose = "login"
	PurposeResetPassword Purpose = "resetPassword"
	PurposeLogOff        Purpose = "logOff"
)

// servicePurposes maps the site's purposes to the identity service's.
var servicePurposes = map[Purpose]string{
	PurposeRegister: "register", PurposeLogin: "login", PurposeResetPassword: "reset_password", PurposeLogOff: "deregister",
}

// Credentials log in an account named by Phone or Email (exactly one) with Password or Code
// (exactly one; a code of purpose login).
type Credentials struct {
	Phone, Email   string
	Password, Code string
}

// channel is the channel of the account named by the credentials.
func (c Credentials) channel() Channel {
	if c.Phone != "" {
		return SMS
	}
	return Email
}

// Registration kinds.
const (
	RegisterPhone    = "phone"
	RegisterEmail    = "email"
	RegisterOverseas = "overseas"
)

// Registration is a new account with a code of purpose register. Kind RegisterPhone needs
// Phone; RegisterEmail and RegisterOverseas need Email; RegisterOverseas also needs UserName,
// CompanyName, Country, Industry and ContactPhone.
type Registration struct {
	Kind                                                   string
	Phone, Email, Code, Password                           string
	UserName, CompanyName, Country, Industry, ContactPhone string
}

// PasswordReset sets a new password with a code of purpose resetPassword sent to Phone or Email.
type PasswordReset struct {
	Phone, Email, Code, Password string
}

// WxScene is a WeChat QR login.
type WxScene struct {
	ID        string
	QRContent string
	ExpiresIn int    // seconds
	Status    string // waiting, scanned, confirmed or expired
	Session   *Session
}

// Authorization is a started third-party login: where to send the browser, and the state that
// comes back with the code.
type Authorization struct {
	AuthorizeURL string
	State        string
	ExpiresIn    int // seconds
}
