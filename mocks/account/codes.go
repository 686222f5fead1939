package account

import (
	"crypto/subtle"
	"fmt"
	"net/http"
	"time"

	"github.com/jakarobotics/website/mocks/mockkit"
)

// codeError is a failed code check; reason is the API's error value.
type codeError struct {
	reason       string
	attemptsLeft int
}

func (e *codeError) Error() string { return e.reason }

var (
	errCodeMissing   = &codeError{reason: "code_missing"}
	errCodeExpired   = &codeError{reason: "code_expired"}
	errCodeExhausted = &codeError{reason: "code_exhausted"}
)

// codeKey identifies the code of one address and purpose.
func codeKey(channel, address, purpose string) string {
	return channel + "|" + address + "|" + purpose
}

// address normalizes the address of a channel; ok is false when it is not one the service
// accepts, and reason names why.
func address(channel, raw string) (addr, reason string, ok bool) {
	if channel == channelSMS {
		addr, ok = normalizePhone(raw)
		return addr, "invalid_phone", ok
	}
	addr, ok = normalizeEmail(raw)
	return addr, "invalid_email", ok
}

type codeRequest struct {
	Channel string `json:"channel"`
	To      string `json:"to"`
	Purpose string `json:"purpose"`
}

// sendCode creates a code for an address and purpose and delivers it to the outbox. A new
// request replaces the previous code of the same address and purpose.
func (s *Service) sendCode(w http.ResponseWriter, r *http.Request) {
	var in codeRequest
	if !decode(w, r, &in) {
		return
	}
	if in.Channel != channelSMS && in.Channel != channelEmail {
		fail(w, http.StatusBadRequest, "invalid_request", "channel must be sms or email")
		return
	}
	if !purposes[in.Purpose] {
		fail(w, http.StatusBadRequest, "invalid_request", "purpose must be register, login, reset_password or deregister")
		return
	}
	to, reason, ok := address(in.Channel, in.To)
	if !ok {
		fail(w, http.StatusBadRequest, reason)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	exists := s.st.userByAddress(in.Channel, to) != nil
	switch {
	case in.Purpose == "register" && exists:
		fail(w, http.StatusConflict, "already_registered")
		return
	case in.Purpose != "register" && !exists:
		fail(w, http.StatusNotFound, "not_registered")
		return
	}
	s.issueCode(in.Channel, to, in.Purpose, newCode())
	if err := s.persist(); err != nil {
		failStore(w, err)
		return
	}
	mockkit.WriteJSON(w, http.StatusCreated, map[string]any{"expiresInSeconds": int(CodeTTL / time.Second)})
}

// issueCode stores code for the address and purpose and delivers it. Call with s.mu held.
func (s *Service) issueCode(channel, to, purpose, value string) {
	now := s.now()
	s.st.Codes[codeKey(channel, to, purpose)] = &code{Code: value, ExpiresAt: now.Add(CodeTTL)}
	s.st.Outbox = append(s.st.Outbox, message{
		Channel: channel, To: to, Purpose: purpose, Code: value, SentAt: now,
		Text: fmt.Sprintf("【JAKA】Your verification code is %s (%s). It expires in %d minutes. Do not share it.",
			value, purpose, int(CodeTTL/time.Minute)),
	})
	if extra := len(s.st.Outbox) - maxOutbox; extra > 0 {
		s.st.Outbox = append([]message(nil), s.st.Outbox[extra:]...)
	}
}

// checkCode consumes the code of an address and purpose if given matches it. A wrong code
// counts against the code; the maxWrongAttempts-th wrong one burns it. Call with s.mu held, and
// persist afterwards whatever the outcome: attempts are state too.
func (s *Service) checkCode(channel, to, purpose, given string) error {
	key := codeKey(channel, to, purpose)
	c := s.st.Codes[key]
	switch {
	case c == nil:
		return errCodeMissing
	case !s.now().Before(c.ExpiresAt):
		delete(s.st.Codes, key)
		return errCodeExpired
	case c.WrongAttempts >= maxWrongAttempts:
		return errCodeExhausted
	}
	if subtle.ConstantTimeCompare([]byte(given), []byte(c.Code)) != 1 {
		c.WrongAttempts++
		if c.WrongAttempts >= maxWrongAttempts {
			return errCodeExhausted
		}
		return &codeError{reason: "code_incorrect", attemptsLeft: maxWrongAttempts - c.WrongAttempts}
	}
	delete(s.st.Codes, key)
	return nil
}
