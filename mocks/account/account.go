// Package account is a stand-in for the identity service with its SMS and mail gateways: users
// by phone and by e-mail, bcrypt-hashed passwords, six-digit verification codes, session tokens,
// WeChat QR login and a simulated third-party (OAuth-style) login. Its state is a JSON file in
// Options.DataDir, so local accounts survive a restart; without a DataDir it lives in memory.
//
// API (JSON bodies without envelope; failures are {"error": reason} with a 4xx status):
//
//	POST   /idp/v1/codes                 {channel: sms|email, to, purpose} send a code → 201 {expiresInSeconds}
//	                                     404 not_registered, 409 already_registered, 400 invalid_phone|invalid_email
//	POST   /idp/v1/sessions              {phone|email, password|code} log in → 201 Session
//	                                     401 bad_credentials, 404 not_registered, 422 code_*
//	GET    /idp/v1/session               Authorization: Bearer <token> → 200 {user, expiresAt}; 401 invalid_token
//	DELETE /idp/v1/session               Bearer: log out → 204 (also for a session that already ended)
//	POST   /idp/v1/users                 {kind: phone|email|overseas, …, code, password} register → 201 Session
//	                                     409 already_registered, 422 code_*, 400 invalid_*
//	POST   /idp/v1/password-resets       {phone|email, code, password} → 200 {userId, sessionsEnded}
//	POST   /idp/v1/accounts/lookup       {phone|email} → 200 {exists}
//	GET    /idp/v1/users/{id}            Bearer, own account only → 200 User; 404 not_found
//	POST   /idp/v1/users/me/deletion     Bearer, {account, code}: deregister → 204; 403 not_owner, 422 code_*
//	POST   /idp/v1/wechat/scenes         new QR login scene → 201 Scene
//	GET    /idp/v1/wechat/scenes/{id}    poll → 200 Scene (with session once confirmed, delivered once); 404
//	POST   /idp/v1/oauth/authorizations  {provider, redirectUri} → 201 {state, authorizeUrl, expiresInSeconds}
//	GET    /oauth/{provider}/authorize   the fake provider's consent page (HTML)
//	POST   /oauth/{provider}/authorize   the consent form → 303 to redirectUri?code&state (or error=access_denied)
//	POST   /idp/v1/oauth/sessions        {provider, code, state} → 201 Session; 400 invalid_grant
//
// Codes have 6 digits, live 5 minutes, work once and only for their purpose (register, login,
// reset_password, deregister), and are burnt by the 5th wrong try: 422 code_missing (none
// requested), code_incorrect (with attemptsLeft), code_expired, code_exhausted. Asking again
// replaces the previous code. Rate limits are the BFF's job, not this service's.
//
// Admin endpoints for tests and developers (see admin.go): the SMS/mail outbox, the simulated
// phone of WeChat login, the fake provider's consent, seeding users, codes and sessions with known
// values, and moving the service's clock.
//
// A new state is seeded with two demo accounts: phone 13800138000 and e-mail demo@jaka.example,
// both with password Jaka@2024.
package account

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/jakarobotics/website/mocks/mockkit"
)

// The service's lifetimes and limits.
const (
	CodeTTL          = 5 * time.Minute
	SessionTTL       = 7 * 24 * time.Hour
	SceneTTL         = 5 * time.Minute
	AuthorizationTTL = 10 * time.Minute
	maxWrongAttempts = 5
)

const (
	channelSMS   = "sms"
	channelEmail = "email"
)

// purposes a code can be sent for.
var purposes = map[string]bool{"register": true, "login": true, "reset_password": true, "deregister": true}

// Options configure the service. The zero value is an in-memory service on the real clock.
type Options struct {
	// DataDir is where the state file lives; empty keeps state in memory only.
	DataDir string
	// Now is the clock; nil means time.Now. The admin clock endpoint moves it further.
	Now func() time.Time
	// BcryptCost is the cost of password hashes; 0 means defaultBcryptCost. Tests lower it.
	BcryptCost int
}

// Service is the identity service. It is safe for concurrent use.
type Service struct {
	opts Options
	path string // state file; empty in memory

	mu sync.Mutex
	st *state
	// offset is added to the clock by the admin clock endpoint.
	offset time.Duration
	// Short-lived handshakes, kept in memory only: they die with a restart as they would when a
	// real system's cache is flushed.
	scenes map[string]*scene
	auths  map[string]*authorization // by state
	grants map[string]*grant         // OAuth codes, by code
	// dummyHash is compared against when a login names no account, so that the answer takes as
	// long as for a wrong password and does not reveal which accounts exist: it has the cost of
	// the service's own hashes, and is made on the first such login.
	dummyHash func() string
}

// New returns the service, loading its state file when opts.DataDir is set.
func New(opts Options) (*Service, error) {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.BcryptCost == 0 {
		opts.BcryptCost = defaultBcryptCost
	}
	s := &Service{
		opts:   opts,
		scenes: map[string]*scene{},
		auths:  map[string]*authorization{},
		grants: map[string]*grant{},
	}
	s.dummyHash = sync.OnceValue(func() string {
		hash, _ := s.hashPassword("no such account")
		return hash
	})
	loaded := false
	if opts.DataDir != "" {
		s.path = filepath.Join(opts.DataDir, StateFile)
		st, ok, err := loadState(s.path)
		if err != nil {
			return nil, fmt.Errorf("account mock: %w", err)
		}
		s.st, loaded = st, ok
	} else {
		s.st = newState()
	}
	if !loaded {
		if err := s.seed(); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// Handler returns the service's HTTP API with its admin endpoints.
func (s *Service) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /idp/v1/codes", s.sendCode)
	mux.HandleFunc("POST /idp/v1/sessions", s.login)
	mux.HandleFunc("GET /idp/v1/session", s.currentSession)
	mux.HandleFunc("DELETE /idp/v1/session", s.logout)
	mux.HandleFunc("POST /idp/v1/users", s.register)
	mux.HandleFunc("POST /idp/v1/password-resets", s.resetPassword)
	mux.HandleFunc("POST /idp/v1/accounts/lookup", s.lookup)
	mux.HandleFunc("GET /idp/v1/users/{id}", s.profile)
	mux.HandleFunc("POST /idp/v1/users/me/deletion", s.deregister)
	mux.HandleFunc("POST /idp/v1/wechat/scenes", s.createScene)
	mux.HandleFunc("GET /idp/v1/wechat/scenes/{id}", s.pollScene)
	mux.HandleFunc("POST /idp/v1/oauth/authorizations", s.startAuthorization)
	mux.HandleFunc("GET /oauth/{provider}/authorize", s.consentPage)
	mux.HandleFunc("POST /oauth/{provider}/authorize", s.consent)
	mux.HandleFunc("POST /idp/v1/oauth/sessions", s.oauthLogin)
	s.registerAdmin(mux)
	return mux
}

// now is the service's clock, including the admin offset. Call with s.mu held; clock() is the
// same without the lock.
func (s *Service) now() time.Time { return s.opts.Now().Add(s.offset) }

// clock reads the clock without holding the lock.
func (s *Service) clock() time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.now()
}

// persist writes the state after a change. Call with s.mu held. A failed write is reported to
// the caller as a 500, as a real system's failing database would be.
func (s *Service) persist() error {
	if s.path == "" {
		return nil
	}
	s.st.purge(s.now())
	return s.st.save(s.path)
}

// seed creates the demo accounts of a new state.
func (s *Service) seed() error {
	hash, err := s.hashPassword("Jaka@2024")
	if err != nil {
		return err
	}
	now := s.opts.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, u := range []*user{
		{Kind: "phone", Name: "演示用户", Phone: "13800138000"},
		{Kind: "email", Name: "Demo User", Email: "demo@jaka.example", Company: "JAKA Demo GmbH", Country: "DE", Industry: "automotive"},
	} {
		u.ID = s.st.NextUserID
		s.st.NextUserID++
		u.PasswordHash = hash
		u.RegisteredAt = now
		s.st.Users[u.ID] = u
	}
	return s.persist()
}

// Passwords are hashed with bcrypt over the base64 of their SHA-256, so that passwords longer
// than bcrypt's 72 bytes (64 CJK characters are 192 bytes) are not silently truncated.

func (s *Service) hashPassword(pw string) (string, error) {
	hash, err := bcrypt.GenerateFromPassword(prehash(pw), s.opts.BcryptCost)
	return string(hash), err
}

func passwordMatches(hash, pw string) bool {
	return bcrypt.CompareHashAndPassword([]byte(hash), prehash(pw)) == nil
}

func prehash(pw string) []byte {
	sum := sha256.Sum256([]byte(pw))
	return []byte(base64.StdEncoding.EncodeToString(sum[:]))
}

// Tokens and random ids.

// newToken returns a random session token (256 bits, base64url).
func newToken() string { return randomString(32) }

// randomString returns n random bytes in base64url without padding.
func randomString(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// newCode returns six random digits.
func newCode() string {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		panic(err)
	}
	return fmt.Sprintf("%06d", n.Int64())
}

// tokenKey is how a session is stored: the hex SHA-256 of its token.
func tokenKey(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// bearer returns the token of the Authorization header.
func bearer(r *http.Request) string {
	token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok {
		return ""
	}
	return strings.TrimSpace(token)
}

// HTTP helpers.

// maxBody bounds request bodies.
const maxBody = 64 << 10

// decode reads a JSON body into v, refusing unknown fields; it answers 400 itself on failure.
func decode(w http.ResponseWriter, r *http.Request, v any) bool {
	dec := json.NewDecoder(io.LimitReader(r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		fail(w, http.StatusBadRequest, "invalid_request", "body: "+err.Error())
		return false
	}
	return true
}

// fail answers {"error": reason} (and a detail for developers when given).
func fail(w http.ResponseWriter, status int, reason string, detail ...string) {
	body := map[string]any{"error": reason}
	if len(detail) > 0 {
		body["detail"] = detail[0]
	}
	mockkit.WriteJSON(w, status, body)
}

// failCode answers a code check failure, with the tries left after a wrong code.
func failCode(w http.ResponseWriter, err error) {
	var ce *codeError
	if errors.As(err, &ce) {
		body := map[string]any{"error": ce.reason}
		if ce.reason == "code_incorrect" {
			body["attemptsLeft"] = ce.attemptsLeft
		}
		mockkit.WriteJSON(w, http.StatusUnprocessableEntity, body)
		return
	}
	fail(w, http.StatusInternalServerError, "internal", err.Error())
}

// failStore answers a failed state write.
func failStore(w http.ResponseWriter, err error) {
	fail(w, http.StatusInternalServerError, "storage_failed", err.Error())
}
