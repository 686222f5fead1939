package accounts_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/accounts"
	"github.com/jakarobotics/website/bff/internal/upstream/account"
)

func TestARegistrationFormNamesItsAccount(t *testing.T) {
	f := accounts.Form{
		Phone: "13800138000", Email: "anna@example.com", Code: "123456", Password: "Secret-1", ConfirmPassword: "Secret-1",
		UserName: "  Anna Weber ", CompanyName: " ACME GmbH ", Country: "DE", Industry: " Automotive ",
		PhoneNumber: " 30 1234 ", PhoneCode: "+49",
	}

	reg, ch, address, err := f.Registration(account.RegisterPhone)
	require.NoError(t, err)
	assert.Equal(t, account.SMS, ch)
	assert.Equal(t, "13800138000", address, "a phone registration is known by its phone")
	assert.Equal(t, "Anna Weber", reg.UserName)
	assert.Equal(t, "ACME GmbH", reg.CompanyName)
	assert.Empty(t, reg.Country+reg.Industry+reg.ContactPhone, "only enterprises send those")

	reg, ch, address, err = f.Registration(account.RegisterEmail)
	require.NoError(t, err)
	assert.Equal(t, account.Email, ch)
	assert.Equal(t, "anna@example.com", address)
	assert.Equal(t, account.Registration{Kind: account.RegisterEmail, Phone: f.Phone, Email: f.Email, Code: "123456",
		Password: "Secret-1", UserName: "Anna Weber", CompanyName: "ACME GmbH"}, reg)

	reg, ch, address, err = f.Registration(account.RegisterOverseas)
	require.NoError(t, err)
	assert.Equal(t, account.Email, ch)
	assert.Equal(t, "anna@example.com", address)
	assert.Equal(t, "DE", reg.Country)
	assert.Equal(t, "Automotive", reg.Industry)
	assert.Equal(t, "+49 30 1234", reg.ContactPhone)
	f.PhoneCode = "86"
	reg, _, _, _ = f.Registration(account.RegisterOverseas)
	assert.Equal(t, "+86 30 1234", reg.ContactPhone, "the country code with or without its plus")

	f.ConfirmPassword = "Secret-2"
	_, _, _, err = f.Registration(account.RegisterPhone)
	assert.ErrorIs(t, err, accounts.ErrPasswordMismatch)
}

func TestAPasswordResetFormNamesItsAccount(t *testing.T) {
	f := accounts.Form{Phone: "13800138000", Email: "anna@example.com", Code: "1", Password: "p", ConfirmPassword: "p"}
	reset, address, err := f.PasswordReset(account.SMS)
	require.NoError(t, err)
	assert.Equal(t, "13800138000", address)
	assert.Equal(t, account.PasswordReset{Phone: f.Phone, Email: f.Email, Code: "1", Password: "p"}, reset)
	_, address, _ = f.PasswordReset(account.Email)
	assert.Equal(t, "anna@example.com", address)

	f.ConfirmPassword = "q"
	_, _, err = f.PasswordReset(account.Email)
	assert.ErrorIs(t, err, accounts.ErrPasswordMismatch)
}

func TestTheNamesASessionAndAProfileShow(t *testing.T) {
	both := account.Profile{User: account.User{Phone: "13800138000", Email: "anna@example.com"}}
	assert.Equal(t, "13800138000", accounts.LoginName(account.SMS, both))
	assert.Equal(t, "anna@example.com", accounts.LoginName(account.Email, both))

	assert.Equal(t, "anna@example.com", accounts.SessionAccount(both, "anna@example.com"), "the login name used")
	assert.Equal(t, "13800138000", accounts.SessionAccount(both, ""), "a WeChat login: the phone first")
	assert.Equal(t, "anna@example.com", accounts.SessionAccount(account.Profile{User: account.User{Email: "anna@example.com"}}, ""))

	assert.Equal(t, "13800138000", accounts.ShownPhone(account.Profile{User: account.User{Phone: "13800138000"}, ContactPhone: "+49 30 1"}))
	assert.Equal(t, "+49 30 1", accounts.ShownPhone(account.Profile{ContactPhone: "+49 30 1"}), "an enterprise's contact phone")
}
