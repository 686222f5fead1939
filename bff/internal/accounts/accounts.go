// Package accounts holds the rules of the site's account area, apart from HTTP: the abuse
// limits of the account operations and of the lookups of other people's records (which limit
// applies to which operation, and how failures are counted), the third-party logins a browser
// may finish, and the checks the BFF makes of the account forms before the identity service
// sees them. The identity service itself is upstream/account; the HTTP edge is httpapi.
package accounts

import (
	"errors"
	"strings"

	"github.com/jakarobotics/website/bff/internal/upstream/account"
)

// phoneSeparators are dropped from phone numbers that key the limits.
var phoneSeparators = strings.NewReplacer(" ", "", ".", "", "-", "", "(", "", ")", "")

// AccountKey is the limiter key of a phone number or e-mail address, normalized as the identity
// service does so that "138 0013 8000", "+86 13800138000" and "13800138000" share one limit.
func AccountKey(ch account.Channel, address string) string {
	if ch == account.Email {
		return "email:" + strings.ToLower(strings.TrimSpace(address))
	}
	p := phoneSeparators.Replace(strings.TrimSpace(address))
	if rest, ok := strings.CutPrefix(p, "00"); ok {
		p = "+" + rest
	}
	if rest, ok := strings.CutPrefix(p, "+86"); ok {
		p = rest
	}
	return "phone:" + p
}

// ChannelOf tells a phone number from an e-mail address (the contract's PhoneOrEmail).
func ChannelOf(phoneOrEmail string) account.Channel {
	if strings.Contains(phoneOrEmail, "@") {
		return account.Email
	}
	return account.SMS
}

// ErrPasswordMismatch refuses a form whose confirmPassword differs from its password.
var ErrPasswordMismatch = errors.New("confirmPassword must equal password")

// Form is what the registration and password-reset forms send (the contract has checked which
// fields each form has).
type Form struct {
	Phone           string
	Email           string
	Code            string
	Password        string
	ConfirmPassword string
	UserName        string
	CompanyName     string
	// Enterprise registration of the non-Chinese sites.
	Country     string
	Industry    string
	PhoneNumber string
	PhoneCode   string
}

// Registration is the account a registration form of kind (account.RegisterPhone,
// RegisterEmail or RegisterOverseas) asks for, with the channel and address that name it: a
// phone registration is known by its phone, the others by their e-mail address. Names are
// trimmed, and an enterprise's contact phone is its country code and number ("+49 30 1234").
func (f Form) Registration(kind string) (reg account.Registration, ch account.Channel, address string, err error) {
	if f.Password != f.ConfirmPassword {
		return account.Registration{}, "", "", ErrPasswordMismatch
	}
	reg = account.Registration{
		Kind: kind, Phone: f.Phone, Email: f.Email, Code: f.Code, Password: f.Password,
		UserName: strings.TrimSpace(f.UserName), CompanyName: strings.TrimSpace(f.CompanyName),
	}
	ch, address = account.Email, f.Email
	if kind == account.RegisterPhone {
		ch, address = account.SMS, f.Phone
	}
	if kind == account.RegisterOverseas {
		reg.Country, reg.Industry = f.Country, strings.TrimSpace(f.Industry)
		reg.ContactPhone = "+" + strings.TrimPrefix(f.PhoneCode, "+") + " " + strings.TrimSpace(f.PhoneNumber)
	}
	return reg, ch, address, nil
}

// PasswordReset is the reset a form sent on channel ch asks for, with the address it names.
func (f Form) PasswordReset(ch account.Channel) (reset account.PasswordReset, address string, err error) {
	if f.Password != f.ConfirmPassword {
		return account.PasswordReset{}, "", ErrPasswordMismatch
	}
	address = f.Email
	if ch == account.SMS {
		address = f.Phone
	}
	return account.PasswordReset{Phone: f.Phone, Email: f.Email, Code: f.Code, Password: f.Password}, address, nil
}

// LoginName is the account's login name on the channel a visitor logged in with.
func LoginName(ch account.Channel, u account.Profile) string {
	if ch == account.SMS {
		return u.Phone
	}
	return u.Email
}

// SessionAccount is the account name the web keeps for a session: the login name used, or for a
// login without one (WeChat) the account's phone, else its e-mail address.
func SessionAccount(u account.Profile, loginName string) string {
	if loginName != "" {
		return loginName
	}
	if u.Phone != "" {
		return u.Phone
	}
	return u.Email
}

// ShownPhone is the phone a profile shows: the login phone, else the unverified contact phone
// of an enterprise registration.
func ShownPhone(p account.Profile) string {
	if p.Phone != "" {
		return p.Phone
	}
	return p.ContactPhone
}
