package account

import (
	"net/http"

	"github.com/jakarobotics/website/bff/internal/apierr"
)

// The refusals several calls share, mapped to the site's error keys.

// addressFailure maps the service's refusal of an address to the site's key.
func addressFailure(reason string) (apierr.Key, bool) {
	switch reason {
	case "invalid_phone":
		return InvalidAccount, true
	case "invalid_email":
		return InvalidEmail, true
	}
	return "", false
}

// codeFailure maps a failed code check to the site's key: a missing code reads "request the
// SMS code first" for phones and "get the code first" for e-mail.
func codeFailure(reason string, ch Channel) (apierr.Key, bool) {
	switch reason {
	case "code_missing":
		if ch == SMS {
			return SMSCodeRequired, true
		}
		return CodeRequired, true
	case "code_incorrect":
		return CodeIncorrect, true
	case "code_expired":
		return CodeExpired, true
	case "code_exhausted":
		return CodeExhausted, true
	}
	return "", false
}

// registered is the "already registered" key of a channel.
func registered(ch Channel) apierr.Key {
	if ch == SMS {
		return PhoneRegistered
	}
	return EmailRegistered
}

// failure maps a 4xx answer shared by several calls (address refusals, code failures and
// expired tokens) to its error, or returns nil when the answer means nothing shared.
func failure(a answer, ch Channel) error {
	if key, ok := addressFailure(a.reason); ok && a.status == http.StatusBadRequest {
		return apierr.New(key, nil)
	}
	if key, ok := codeFailure(a.reason, ch); ok && a.status == http.StatusUnprocessableEntity {
		return apierr.New(key, nil)
	}
	if a.status == http.StatusUnauthorized && a.reason == "invalid_token" {
		return apierr.New(TokenExpired, nil)
	}
	return nil
}
