package account

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// StateFile is the name of the service's state file inside Options.DataDir.
const StateFile = "account.json"

// maxOutbox bounds the messages kept in the outbox; the oldest go first.
const maxOutbox = 500

// user is one account. PasswordHash holds a bcrypt hash (see hashPassword), never the password.
type user struct {
	ID           int64  `json:"id"`
	Kind         string `json:"kind"` // phone, email, overseas, wechat or oauth: how the account was created
	Name         string `json:"name"`
	Phone        string `json:"phone,omitempty"` // normalized login phone (see normalizePhone)
	Email        string `json:"email,omitempty"` // normalized login e-mail (lower case)
	PasswordHash string `json:"passwordHash,omitempty"`
	Company      string `json:"company,omitempty"`
	Country      string `json:"country,omitempty"`
	Industry     string `json:"industry,omitempty"`
	// ContactPhone is the unverified phone of an enterprise registration: shown in the profile,
	// never a login name.
	ContactPhone string    `json:"contactPhone,omitempty"`
	RegisteredAt time.Time `json:"registeredAt"`
}

// session is a live login. Sessions are stored under the SHA-256 of their token, so that the
// state file holds no usable token.
type session struct {
	UserID    int64     `json:"userId"`
	CreatedAt time.Time `json:"createdAt"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// code is a verification code sent to one address for one purpose.
type code struct {
	Code      string    `json:"code"`
	ExpiresAt time.Time `json:"expiresAt"`
	// WrongAttempts counts the wrong codes tried; at maxWrongAttempts the code is burnt.
	WrongAttempts int `json:"wrongAttempts"`
}

// message is one SMS or e-mail the service sent, as the gateway delivered it.
type message struct {
	Channel string    `json:"channel"` // sms or email
	To      string    `json:"to"`
	Purpose string    `json:"purpose"`
	Code    string    `json:"code"`
	Text    string    `json:"text"`
	SentAt  time.Time `json:"sentAt"`
}

// state is everything the service keeps between runs.
type state struct {
	NextUserID int64               `json:"nextUserId"`
	Users      map[int64]*user     `json:"users"`
	Sessions   map[string]*session `json:"sessions"` // by hex SHA-256 of the token
	Codes      map[string]*code    `json:"codes"`    // by codeKey
	Outbox     []message           `json:"outbox"`
	// Links maps an outside identity ("wechat:openid", "google:subject") to its user.
	Links map[string]int64 `json:"links"`
}

func newState() *state {
	return &state{
		NextUserID: 1001,
		Users:      map[int64]*user{},
		Sessions:   map[string]*session{},
		Codes:      map[string]*code{},
		Links:      map[string]int64{},
	}
}

// loadState reads the state file at path; a missing file is a new, empty state (ok false).
func loadState(path string) (st *state, ok bool, err error) {
	raw, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return newState(), false, nil
	}
	if err != nil {
		return nil, false, err
	}
	st = newState()
	if err := json.Unmarshal(raw, st); err != nil {
		return nil, false, fmt.Errorf("%s: %w", path, err)
	}
	// Maps that were empty when saved come back nil.
	if st.Users == nil {
		st.Users = map[int64]*user{}
	}
	if st.Sessions == nil {
		st.Sessions = map[string]*session{}
	}
	if st.Codes == nil {
		st.Codes = map[string]*code{}
	}
	if st.Links == nil {
		st.Links = map[string]int64{}
	}
	return st, true, nil
}

// save writes st to path atomically: a temporary file in the same directory, synced, then
// renamed over the old file, so that a crash leaves either the old or the new state, never a
// torn one.
func (st *state) save(path string) error {
	raw, err := json.MarshalIndent(st, "", " ")
	if err != nil {
		return err
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // no-op once renamed
	if _, err := tmp.Write(raw); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// userByPhone and userByEmail find an account by its normalized login name.
func (st *state) userByPhone(phone string) *user {
	for _, u := range st.Users {
		if u.Phone != "" && u.Phone == phone {
			return u
		}
	}
	return nil
}

func (st *state) userByEmail(email string) *user {
	for _, u := range st.Users {
		if u.Email != "" && u.Email == email {
			return u
		}
	}
	return nil
}

// userByAddress finds an account by a normalized phone or e-mail of channel sms or email.
func (st *state) userByAddress(channel, address string) *user {
	if channel == channelSMS {
		return st.userByPhone(address)
	}
	return st.userByEmail(address)
}

// removeUser deletes u with its sessions, codes and outside identities.
func (st *state) removeUser(u *user) {
	delete(st.Users, u.ID)
	st.revokeSessions(u.ID)
	for k, id := range st.Links {
		if id == u.ID {
			delete(st.Links, k)
		}
	}
	for k := range st.Codes {
		if (u.Phone != "" && strings.HasPrefix(k, channelSMS+"|"+u.Phone+"|")) ||
			(u.Email != "" && strings.HasPrefix(k, channelEmail+"|"+u.Email+"|")) {
			delete(st.Codes, k)
		}
	}
}

// revokeSessions ends every session of a user and says how many there were.
func (st *state) revokeSessions(userID int64) int {
	n := 0
	for k, s := range st.Sessions {
		if s.UserID == userID {
			delete(st.Sessions, k)
			n++
		}
	}
	return n
}

// purge drops expired sessions and codes, so that the state file does not grow without end.
func (st *state) purge(now time.Time) {
	for k, s := range st.Sessions {
		if !now.Before(s.ExpiresAt) {
			delete(st.Sessions, k)
		}
	}
	for k, c := range st.Codes {
		if !now.Before(c.ExpiresAt) {
			delete(st.Codes, k)
		}
	}
}

// Addresses: the service's own rules, stricter than the site's form patterns.

var (
	phoneSeparators = strings.NewReplacer(" ", "", ".", "", "-", "", "(", "", ")", "")
	chinaMobile     = regexp.MustCompile(`^1[3-9][0-9]{9}$`)
	international   = regexp.MustCompile(`^\+[1-9][0-9]{6,16}$`)
	emailPattern    = regexp.MustCompile(`^[^\s@]{1,64}@[^\s@]+\.[A-Za-z]{2,}$`)
)

// normalizePhone returns the canonical form of a phone number: a mainland mobile as its 11
// digits (with or without +86 / 0086), any other number as + and its digits. ok is false for a
// number that is neither, e.g. a national number of another country without its calling code.
func normalizePhone(raw string) (string, bool) {
	p := phoneSeparators.Replace(strings.TrimSpace(raw))
	if strings.HasPrefix(p, "00") {
		p = "+" + p[2:]
	}
	if rest, ok := strings.CutPrefix(p, "+86"); ok {
		p = rest
	}
	switch {
	case chinaMobile.MatchString(p):
		return p, true
	case international.MatchString(p):
		return p, true
	}
	return "", false
}

// normalizeEmail returns the canonical form of an e-mail address (trimmed, lower case).
func normalizeEmail(raw string) (string, bool) {
	e := strings.ToLower(strings.TrimSpace(raw))
	if len(e) > 254 || !emailPattern.MatchString(e) {
		return "", false
	}
	return e, true
}
