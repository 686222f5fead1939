// Package account is the BFF's client of the identity service: users, passwords, verification
// codes sent by SMS and mail, session tokens, WeChat QR login and third-party login.
package account

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/upstream"
)

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

// Client checks session tokens: all that operations needing a login use (httpapi's
// currentUser), and all that a test of such an operation has to fake.
type Client interface {
	// ValidateToken returns the user of a session token, or account.token_expired when the
	// token is unknown, expired or revoked.
	ValidateToken(ctx context.Context, token string) (User, error)
}

// Service is the identity service's whole API as the account operations use it. Every method
// returns *apierr.Error failures with the keys of keys.go, or the upstream keys when the service
// is unreachable or answers badly. HTTPClient and CachedClient implement it; a Client that does
// not is answered 501 by the account operations (see Unimplemented).
type Service interface {
	Client
	// SendCode sends a code for purpose to a phone (SMS) or e-mail address.
	SendCode(ctx context.Context, ch Channel, to string, purpose Purpose) error
	// Login starts a session by password or login code.
	Login(ctx context.Context, c Credentials) (Session, error)
	// Register creates an account and starts its session.
	Register(ctx context.Context, r Registration) (Session, error)
	// ResetPassword sets a new password and ends every session of the account; it returns the
	// account's user id.
	ResetPassword(ctx context.Context, r PasswordReset) (int64, error)
	// Logout ends a session; ending one that has already ended is not an error.
	Logout(ctx context.Context, token string) error
	// Deregister deletes the token's account, given a logOff code sent to account, its phone or
	// e-mail.
	Deregister(ctx context.Context, token, account, code string) error
	// Exists says whether an account has the phone or e-mail address.
	Exists(ctx context.Context, ch Channel, address string) (bool, error)
	// Profile returns the token's own account; any other id is account.not_registered.
	Profile(ctx context.Context, token string, id int64) (Profile, error)
	// NewWxScene starts a WeChat QR login; WxScene polls it.
	NewWxScene(ctx context.Context) (WxScene, error)
	WxScene(ctx context.Context, id string) (WxScene, error)
	// Authorize starts a third-party login that comes back to redirectURI.
	Authorize(ctx context.Context, provider, redirectURI string) (Authorization, error)
	// ThirdPartyLogin exchanges the code and state the provider sent back for a session.
	ThirdPartyLogin(ctx context.Context, provider, code, state string) (Session, error)
}

// APIPrefix is where the identity service serves its API.
const APIPrefix = "/idp/v1"

// HTTPClient is the Service over the identity service's HTTP API.
type HTTPClient struct {
	upstream.Client
}

// New returns a client of the identity service at base.
func New(base upstream.Client) *HTTPClient { return &HTTPClient{Client: base} }

var (
	_ Service = (*HTTPClient)(nil)
	_ Service = (*CachedClient)(nil)
	_ Service = Unimplemented{}
)

// answer is the identity service's reply: its status, its failure reason and the raw body.
type answer struct {
	status int
	reason string
	body   []byte
}

// call sends one request: body (when not nil) as JSON, token (when set) as a bearer token.
// Transport failures and 5xx come back as errors; 4xx answers carry their reason.
func (c *HTTPClient) call(ctx context.Context, method, path, token string, body any) (answer, error) {
	var rd io.Reader
	if body != nil {
		raw, err := json.Marshal(body)
		if err != nil {
			return answer{}, err
		}
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.URL(APIPrefix+path, nil), rd)
	if err != nil {
		return answer{}, err
	}
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := c.Do(req)
	if err != nil {
		return answer{}, err
	}
	a := answer{status: resp.Status, body: resp.Body}
	if resp.Status >= 400 {
		var failure struct {
			Error string `json:"error"`
		}
		_ = json.Unmarshal(resp.Body, &failure)
		a.reason = failure.Error
	}
	return a, nil
}

// decode reads a success answer into v.
func (c *HTTPClient) decode(a answer, what string, v any) error {
	if err := json.Unmarshal(a.body, v); err != nil {
		return c.BadAnswer("%s: body is not the expected JSON: %v", what, err)
	}
	return nil
}

// unexpected reports an answer the client has no meaning for; a 400 is the service refusing the
// visitor's input (upstream.Client.Unexpected).
func (c *HTTPClient) unexpected(a answer, what string) error {
	return c.Unexpected(a.status, "%s: status %d %q", what, a.status, a.reason)
}

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

// Wire forms of the service's answers.

type userJSON struct {
	ID           int64     `json:"id"`
	Kind         string    `json:"kind"`
	Name         string    `json:"name"`
	Phone        string    `json:"phone"`
	Email        string    `json:"email"`
	Company      string    `json:"company"`
	Country      string    `json:"country"`
	Industry     string    `json:"industry"`
	ContactPhone string    `json:"contactPhone"`
	RegisteredAt time.Time `json:"registeredAt"`
}

func (u userJSON) profile() Profile {
	return Profile{
		User:        User{ID: u.ID, UserName: u.Name, Phone: u.Phone, Email: u.Email},
		Kind:        u.Kind,
		CompanyName: u.Company, Country: u.Country, Industry: u.Industry, ContactPhone: u.ContactPhone,
		CreatedAt: u.RegisteredAt,
	}
}

type sessionJSON struct {
	Token     string    `json:"token"`
	ExpiresAt time.Time `json:"expiresAt"`
	User      userJSON  `json:"user"`
}

func (s sessionJSON) session() Session {
	return Session{Token: s.Token, ExpiresAt: s.ExpiresAt, User: s.User.profile()}
}

// session reads a 201 answer holding a new session.
func (c *HTTPClient) session(a answer, what string) (Session, error) {
	var s sessionJSON
	if err := c.decode(a, what, &s); err != nil {
		return Session{}, err
	}
	if s.Token == "" || s.User.ID < 1 {
		return Session{}, c.BadAnswer("%s: a session without token or user", what)
	}
	return s.session(), nil
}

// ValidateToken asks the service whose session token is.
func (c *HTTPClient) ValidateToken(ctx context.Context, token string) (User, error) {
	a, err := c.call(ctx, http.MethodGet, "/session", token, nil)
	if err != nil {
		if apierr.From(err).Key == apierr.InvalidRequest {
			// A token that cannot even be sent (control characters) is no session.
			return User{}, apierr.New(TokenExpired, err)
		}
		return User{}, err
	}
	switch a.status {
	case http.StatusOK:
		var out struct {
			User userJSON `json:"user"`
		}
		if err := c.decode(a, "validate token", &out); err != nil {
			return User{}, err
		}
		if out.User.ID < 1 {
			return User{}, c.BadAnswer("validate token: no user")
		}
		return out.User.profile().User, nil
	case http.StatusUnauthorized, http.StatusBadRequest:
		// A token the service finds malformed is no session either.
		return User{}, apierr.New(TokenExpired, nil)
	}
	return User{}, c.unexpected(a, "validate token")
}

// SendCode asks the service to send a code.
func (c *HTTPClient) SendCode(ctx context.Context, ch Channel, to string, purpose Purpose) error {
	p, ok := servicePurposes[purpose]
	if !ok {
		return apierr.Invalid(apierr.FieldError{Field: "purpose", Message: "is not a known purpose"})
	}
	a, err := c.call(ctx, http.MethodPost, "/codes", "", map[string]string{"channel": string(ch), "to": to, "purpose": p})
	if err != nil {
		return err
	}
	switch {
	case a.status == http.StatusCreated:
		return nil
	case a.status == http.StatusConflict:
		return apierr.New(registered(ch), nil)
	case a.status == http.StatusNotFound:
		return apierr.New(NotRegistered, nil)
	}
	if err := failure(a, ch); err != nil {
		return err
	}
	return c.unexpected(a, "send code")
}

// Login starts a session.
func (c *HTTPClient) Login(ctx context.Context, cr Credentials) (Session, error) {
	body := map[string]string{}
	if cr.Phone != "" {
		body["phone"] = cr.Phone
	} else {
		body["email"] = cr.Email
	}
	if cr.Password != "" {
		body["password"] = cr.Password
	} else {
		body["code"] = cr.Code
	}
	a, err := c.call(ctx, http.MethodPost, "/sessions", "", body)
	if err != nil {
		return Session{}, err
	}
	switch {
	case a.status == http.StatusCreated:
		return c.session(a, "login")
	case a.status == http.StatusUnauthorized && a.reason == "bad_credentials":
		return Session{}, apierr.New(BadCredentials, nil)
	case a.status == http.StatusNotFound:
		return Session{}, apierr.New(NotRegistered, nil)
	}
	if err := failure(a, cr.channel()); err != nil {
		return Session{}, err
	}
	return Session{}, c.unexpected(a, "login")
}

// Register creates an account.
func (c *HTTPClient) Register(ctx context.Context, r Registration) (Session, error) {
	body := map[string]string{"kind": r.Kind, "code": r.Code, "password": r.Password}
	for k, v := range map[string]string{
		"phone": r.Phone, "email": r.Email, "name": r.UserName, "company": r.CompanyName,
		"country": r.Country, "industry": r.Industry, "contactPhone": r.ContactPhone,
	} {
		if v != "" {
			body[k] = v
		}
	}
	ch := Email
	if r.Kind == RegisterPhone {
		ch = SMS
	}
	a, err := c.call(ctx, http.MethodPost, "/users", "", body)
	if err != nil {
		return Session{}, err
	}
	switch {
	case a.status == http.StatusCreated:
		return c.session(a, "register")
	case a.status == http.StatusConflict:
		return Session{}, apierr.New(registered(ch), nil)
	}
	if err := failure(a, ch); err != nil {
		return Session{}, err
	}
	if a.status == http.StatusBadRequest {
		// The service refused what the contract let through: tell the visitor registration
		// failed, and keep the reason for the log.
		return Session{}, apierr.New(RegistrationFailed, fmt.Errorf("identity service: %s", a.body))
	}
	return Session{}, c.unexpected(a, "register")
}

// ResetPassword sets a new password.
func (c *HTTPClient) ResetPassword(ctx context.Context, r PasswordReset) (int64, error) {
	body := map[string]string{"code": r.Code, "password": r.Password}
	ch := Email
	if r.Phone != "" {
		body["phone"], ch = r.Phone, SMS
	} else {
		body["email"] = r.Email
	}
	a, err := c.call(ctx, http.MethodPost, "/password-resets", "", body)
	if err != nil {
		return 0, err
	}
	switch a.status {
	case http.StatusOK:
		var out struct {
			UserID int64 `json:"userId"`
		}
		if err := c.decode(a, "reset password", &out); err != nil {
			return 0, err
		}
		return out.UserID, nil
	case http.StatusNotFound:
		return 0, apierr.New(NotRegistered, nil)
	}
	if err := failure(a, ch); err != nil {
		return 0, err
	}
	return 0, c.unexpected(a, "reset password")
}

// Logout ends a session.
func (c *HTTPClient) Logout(ctx context.Context, token string) error {
	a, err := c.call(ctx, http.MethodDelete, "/session", token, nil)
	if err != nil {
		return err
	}
	if a.status == http.StatusNoContent || a.status == http.StatusOK {
		return nil
	}
	if a.status == http.StatusUnauthorized {
		return nil // no session to end
	}
	return c.unexpected(a, "logout")
}

// Deregister deletes the token's account.
func (c *HTTPClient) Deregister(ctx context.Context, token, account, code string) error {
	ch := SMS
	if strings.Contains(account, "@") {
		ch = Email
	}
	a, err := c.call(ctx, http.MethodPost, "/users/me/deletion", token, map[string]string{"account": account, "code": code})
	if err != nil {
		return err
	}
	switch {
	case a.status == http.StatusNoContent || a.status == http.StatusOK:
		return nil
	case a.status == http.StatusForbidden && a.reason == "not_owner":
		return apierr.New(NotOwner, nil)
	}
	if err := failure(a, ch); err != nil {
		return err
	}
	return c.unexpected(a, "deregister")
}

// Exists asks whether an account has the address.
func (c *HTTPClient) Exists(ctx context.Context, ch Channel, address string) (bool, error) {
	field := "phone"
	if ch == Email {
		field = "email"
	}
	a, err := c.call(ctx, http.MethodPost, "/accounts/lookup", "", map[string]string{field: address})
	if err != nil {
		return false, err
	}
	if a.status == http.StatusOK {
		var out struct {
			Exists *bool `json:"exists"`
		}
		if err := c.decode(a, "lookup", &out); err != nil {
			return false, err
		}
		if out.Exists == nil {
			return false, c.BadAnswer("lookup: no exists field")
		}
		return *out.Exists, nil
	}
	if err := failure(a, ch); err != nil {
		return false, err
	}
	return false, c.unexpected(a, "lookup")
}

// Profile reads the token's own account.
func (c *HTTPClient) Profile(ctx context.Context, token string, id int64) (Profile, error) {
	a, err := c.call(ctx, http.MethodGet, "/users/"+strconv.FormatInt(id, 10), token, nil)
	if err != nil {
		return Profile{}, err
	}
	switch a.status {
	case http.StatusOK:
		var u userJSON
		if err := c.decode(a, "profile", &u); err != nil {
			return Profile{}, err
		}
		return u.profile(), nil
	case http.StatusNotFound:
		return Profile{}, apierr.New(NotRegistered, nil)
	case http.StatusUnauthorized:
		return Profile{}, apierr.New(TokenExpired, nil)
	}
	return Profile{}, c.unexpected(a, "profile")
}

type sceneJSON struct {
	SceneID          string       `json:"sceneId"`
	QRContent        string       `json:"qrContent"`
	ExpiresInSeconds int          `json:"expiresInSeconds"`
	Status           string       `json:"status"`
	Session          *sessionJSON `json:"session"`
}

func (c *HTTPClient) scene(a answer, what string) (WxScene, error) {
	var s sceneJSON
	if err := c.decode(a, what, &s); err != nil {
		return WxScene{}, err
	}
	switch s.Status {
	case "waiting", "scanned", "expired":
	case "confirmed":
		if s.Session == nil || s.Session.Token == "" {
			return WxScene{}, c.BadAnswer("%s: a confirmed scene without its session", what)
		}
	default:
		return WxScene{}, c.BadAnswer("%s: unknown status %q", what, s.Status)
	}
	out := WxScene{ID: s.SceneID, QRContent: s.QRContent, ExpiresIn: s.ExpiresInSeconds, Status: s.Status}
	if s.Session != nil {
		sess := s.Session.session()
		out.Session = &sess
	}
	return out, nil
}

// NewWxScene starts a WeChat QR login.
func (c *HTTPClient) NewWxScene(ctx context.Context) (WxScene, error) {
	a, err := c.call(ctx, http.MethodPost, "/wechat/scenes", "", nil)
	if err != nil {
		return WxScene{}, err
	}
	if a.status != http.StatusCreated {
		return WxScene{}, c.unexpected(a, "new scene")
	}
	return c.scene(a, "new scene")
}

// WxScene polls a WeChat QR login.
func (c *HTTPClient) WxScene(ctx context.Context, id string) (WxScene, error) {
	a, err := c.call(ctx, http.MethodGet, "/wechat/scenes/"+url.PathEscape(id), "", nil)
	if err != nil {
		return WxScene{}, err
	}
	switch a.status {
	case http.StatusOK:
		return c.scene(a, "poll scene")
	case http.StatusNotFound:
		return WxScene{}, apierr.New(QRExpired, nil)
	}
	return WxScene{}, c.unexpected(a, "poll scene")
}

// Authorize starts a third-party login.
func (c *HTTPClient) Authorize(ctx context.Context, provider, redirectURI string) (Authorization, error) {
	a, err := c.call(ctx, http.MethodPost, "/oauth/authorizations", "", map[string]string{"provider": provider, "redirectUri": redirectURI})
	if err != nil {
		return Authorization{}, err
	}
	switch {
	case a.status == http.StatusCreated:
		var out struct {
			State            string `json:"state"`
			AuthorizeURL     string `json:"authorizeUrl"`
			ExpiresInSeconds int    `json:"expiresInSeconds"`
		}
		if err := c.decode(a, "authorize", &out); err != nil {
			return Authorization{}, err
		}
		if out.State == "" || out.AuthorizeURL == "" {
			return Authorization{}, c.BadAnswer("authorize: no state or address")
		}
		return Authorization{AuthorizeURL: out.AuthorizeURL, State: out.State, ExpiresIn: out.ExpiresInSeconds}, nil
	case a.status == http.StatusBadRequest && a.reason == "unknown_provider":
		return Authorization{}, apierr.Invalid(apierr.FieldError{Field: "provider", Message: "is not offered by the identity service"})
	case a.status == http.StatusBadRequest && a.reason == "invalid_redirect_uri":
		return Authorization{}, apierr.Invalid(apierr.FieldError{Field: "redirectUri", Message: "was refused by the identity service"})
	}
	return Authorization{}, c.unexpected(a, "authorize")
}

// ThirdPartyLogin exchanges a provider's code for a session.
func (c *HTTPClient) ThirdPartyLogin(ctx context.Context, provider, code, state string) (Session, error) {
	a, err := c.call(ctx, http.MethodPost, "/oauth/sessions", "", map[string]string{"provider": provider, "code": code, "state": state})
	if err != nil {
		return Session{}, err
	}
	switch {
	case a.status == http.StatusCreated:
		return c.session(a, "third-party login")
	case a.status == http.StatusBadRequest && a.reason == "invalid_grant":
		return Session{}, apierr.New(VerificationFailed, nil)
	}
	return Session{}, c.unexpected(a, "third-party login")
}
