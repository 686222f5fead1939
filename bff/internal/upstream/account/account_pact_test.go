//go:build pact

package account_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/pact-foundation/pact-go/v2/consumer"
	"github.com/pact-foundation/pact-go/v2/matchers"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/pacttest"
	"github.com/jakarobotics/website/bff/internal/upstream/account"
	"github.com/jakarobotics/website/contracts/states"
)

// Provider is the identity service's name in the pacts.
const Provider = states.AccountProvider

// The provider states: each names a situation of the identity service, which the provider's
// state handler creates through the mock's admin endpoints (contracts/account_states_test.go).
// Every state starts from the demo accounts: 13800138000 (user 1001) and demo@jaka.example (user
// 1002), both with password Jaka@2024. Codes, tokens, scene ids and OAuth codes are named in the
// state because the BFF sends them back as it received them.
const (
	StateDemo           = states.AccountDemo
	StateLoggedIn       = states.AccountLoggedIn
	StateLoginCode      = states.AccountLoginCode
	StatePhoneRegister  = states.AccountPhoneRegister
	StateEmailRegister  = states.AccountEmailRegister
	StateResetCode      = states.AccountResetCode
	StateDeregisterCode = states.AccountDeregisterCode
	StateWxConfirmed    = states.AccountWxConfirmed
	StateGoogleGrant    = states.AccountGoogleGrant

	token   = "pact-token-13800138000"
	rfc3339 = `^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$`
)

// coverage finds the methods of account.Service that no interaction calls.
var coverage = pacttest.NewCoverage[account.Service]()

func clientFor(cfg consumer.MockServerConfig) *account.HTTPClient {
	return account.New(coverage.Upstream("account", cfg))
}

func stamp() matchers.Matcher { return matchers.Regex("2026-05-04T08:00:00Z", rfc3339) }

// user is a user as the service shows it, with the fields the BFF reads pinned.
func user(id int, kind string, fields map[string]any) map[string]any {
	u := map[string]any{
		"id":           matchers.Integer(id),
		"kind":         kind,
		"name":         matchers.Like("演示用户"),
		"registeredAt": stamp(),
	}
	for k, v := range fields {
		u[k] = v
	}
	return u
}

var demoPhoneUser = user(1001, "phone", map[string]any{"phone": "13800138000"})

// session is a new session of u.
func session(u map[string]any) map[string]any {
	return map[string]any{
		"token":     matchers.Like("c2Vzc2lvbi10b2tlbi1vZi0zMi1yYW5kb20tYnl0ZXM"),
		"expiresAt": stamp(),
		"user":      u,
	}
}

func refusal(reason string) map[string]any { return map[string]any{"error": reason} }

// interaction is one BFF→identity-service call with the service's answer and what the client
// must make of it.
type interaction struct {
	state, description string
	method, path       string
	bearer             string
	body               any
	status             int
	answer             any
	check              func(c *account.HTTPClient) error
}

var ctx = context.Background()

// wantKey checks that a call failed with key.
func wantKey(err error, key apierr.Key) error {
	if err == nil || apierr.From(err).Key != key {
		return fmt.Errorf("want %s, got %v", key, err)
	}
	return nil
}

func sessionOK(s account.Session, err error) error {
	if err != nil {
		return err
	}
	if s.Token == "" || s.User.ID < 1 {
		return errors.New("a session without token or user")
	}
	return nil
}

var interactions = []interaction{
	{
		state: StateLoggedIn, description: "a check of a live token",
		method: "GET", path: "/session", bearer: token,
		status: 200, answer: map[string]any{"user": demoPhoneUser, "expiresAt": stamp()},
		check: func(c *account.HTTPClient) error {
			u, err := c.ValidateToken(ctx, token)
			if err == nil && (u.ID != 1001 || u.Phone != "13800138000") {
				err = fmt.Errorf("unexpected user %+v", u)
			}
			return err
		},
	},
	{
		state: StateDemo, description: "a check of an unknown token",
		method: "GET", path: "/session", bearer: "pact-token-unknown",
		status: 401, answer: refusal("invalid_token"),
		check: func(c *account.HTTPClient) error {
			_, err := c.ValidateToken(ctx, "pact-token-unknown")
			return wantKey(err, account.TokenExpired)
		},
	},
	{
		state: StateDemo, description: "a register code sent by SMS to a phone without an account",
		method: "POST", path: "/codes", body: map[string]any{"channel": "sms", "to": "13900139000", "purpose": "register"},
		status: 201, answer: map[string]any{"expiresInSeconds": matchers.Integer(300)},
		check: func(c *account.HTTPClient) error {
			return c.SendCode(ctx, account.SMS, "13900139000", account.PurposeRegister)
		},
	},
	{
		state: StateDemo, description: "a register code for an e-mail address that has an account",
		method: "POST", path: "/codes", body: map[string]any{"channel": "email", "to": "demo@jaka.example", "purpose": "register"},
		status: 409, answer: refusal("already_registered"),
		check: func(c *account.HTTPClient) error {
			return wantKey(c.SendCode(ctx, account.Email, "demo@jaka.example", account.PurposeRegister), account.EmailRegistered)
		},
	},
	{
		state: StateDemo, description: "a login code for a phone without an account",
		method: "POST", path: "/codes", body: map[string]any{"channel": "sms", "to": "13900139000", "purpose": "login"},
		status: 404, answer: refusal("not_registered"),
		check: func(c *account.HTTPClient) error {
			return wantKey(c.SendCode(ctx, account.SMS, "13900139000", account.PurposeLogin), account.NotRegistered)
		},
	},
	{
		state: StateDemo, description: "a code for a phone number the service does not take",
		method: "POST", path: "/codes", body: map[string]any{"channel": "sms", "to": "12345", "purpose": "register"},
		status: 400, answer: refusal("invalid_phone"),
		check: func(c *account.HTTPClient) error {
			return wantKey(c.SendCode(ctx, account.SMS, "12345", account.PurposeRegister), account.InvalidAccount)
		},
	},
	{
		state: StateDemo, description: "a password login",
		method: "POST", path: "/sessions", body: map[string]any{"phone": "13800138000", "password": "Jaka@2024"},
		status: 201, answer: session(demoPhoneUser),
		check: func(c *account.HTTPClient) error {
			return sessionOK(c.Login(ctx, account.Credentials{Phone: "13800138000", Password: "Jaka@2024"}))
		},
	},
	{
		state: StateDemo, description: "a login with a wrong password",
		method: "POST", path: "/sessions", body: map[string]any{"phone": "13800138000", "password": "wrong-password"},
		status: 401, answer: refusal("bad_credentials"),
		check: func(c *account.HTTPClient) error {
			_, err := c.Login(ctx, account.Credentials{Phone: "13800138000", Password: "wrong-password"})
			return wantKey(err, account.BadCredentials)
		},
	},
	{
		state: StateLoginCode, description: "a code login",
		method: "POST", path: "/sessions", body: map[string]any{"phone": "13800138000", "code": "123456"},
		status: 201, answer: session(demoPhoneUser),
		check: func(c *account.HTTPClient) error {
			return sessionOK(c.Login(ctx, account.Credentials{Phone: "13800138000", Code: "123456"}))
		},
	},
	{
		state: StateLoginCode, description: "a code login with a wrong code",
		method: "POST", path: "/sessions", body: map[string]any{"phone": "13800138000", "code": "654321"},
		status: 422, answer: map[string]any{"error": "code_incorrect", "attemptsLeft": matchers.Integer(4)},
		check: func(c *account.HTTPClient) error {
			_, err := c.Login(ctx, account.Credentials{Phone: "13800138000", Code: "654321"})
			return wantKey(err, account.CodeIncorrect)
		},
	},
	{
		state: StateDemo, description: "a code login without a code requested",
		method: "POST", path: "/sessions", body: map[string]any{"email": "demo@jaka.example", "code": "123456"},
		status: 422, answer: refusal("code_missing"),
		check: func(c *account.HTTPClient) error {
			_, err := c.Login(ctx, account.Credentials{Email: "demo@jaka.example", Code: "123456"})
			return wantKey(err, account.CodeRequired)
		},
	},
	{
		state: StatePhoneRegister, description: "a phone registration",
		method: "POST", path: "/users", body: map[string]any{"kind": "phone", "phone": "13900139000", "code": "123456", "password": "secret-1"},
		status: 201, answer: session(user(1003, "phone", map[string]any{"phone": "13900139000"})),
		check: func(c *account.HTTPClient) error {
			return sessionOK(c.Register(ctx, account.Registration{Kind: account.RegisterPhone, Phone: "13900139000", Code: "123456", Password: "secret-1"}))
		},
	},
	{
		state: StateEmailRegister, description: "an enterprise registration of the overseas sites",
		method: "POST", path: "/users", body: map[string]any{
			"kind": "overseas", "email": "erika@muster.example", "code": "123456", "password": "secret-1", "name": "Erika Muster",
			"company": "Muster GmbH", "country": "DE", "industry": "automotive", "contactPhone": "+49 1512345678",
		},
		status: 201, answer: session(user(1003, "overseas", map[string]any{
			"email": "erika@muster.example", "company": "Muster GmbH", "country": "DE", "industry": "automotive", "contactPhone": "+49 1512345678",
		})),
		check: func(c *account.HTTPClient) error {
			s, err := c.Register(ctx, account.Registration{
				Kind: account.RegisterOverseas, Email: "erika@muster.example", Code: "123456", Password: "secret-1", UserName: "Erika Muster",
				CompanyName: "Muster GmbH", Country: "DE", Industry: "automotive", ContactPhone: "+49 1512345678",
			})
			if err == nil && (s.User.CompanyName != "Muster GmbH" || s.User.ContactPhone != "+49 1512345678") {
				err = fmt.Errorf("enterprise fields lost: %+v", s.User)
			}
			return err
		},
	},
	{
		state: StateDemo, description: "a registration of a phone that has an account",
		method: "POST", path: "/users", body: map[string]any{"kind": "phone", "phone": "13800138000", "code": "123456", "password": "secret-1"},
		status: 409, answer: refusal("already_registered"),
		check: func(c *account.HTTPClient) error {
			_, err := c.Register(ctx, account.Registration{Kind: account.RegisterPhone, Phone: "13800138000", Code: "123456", Password: "secret-1"})
			return wantKey(err, account.PhoneRegistered)
		},
	},
	{
		state: StateResetCode, description: "a password reset",
		method: "POST", path: "/password-resets", body: map[string]any{"email": "demo@jaka.example", "code": "123456", "password": "new-secret"},
		status: 200, answer: map[string]any{"userId": matchers.Integer(1002), "sessionsEnded": matchers.Integer(0)},
		check: func(c *account.HTTPClient) error {
			id, err := c.ResetPassword(ctx, account.PasswordReset{Email: "demo@jaka.example", Code: "123456", Password: "new-secret"})
			if err == nil && id < 1 {
				err = fmt.Errorf("no user id")
			}
			return err
		},
	},
	{
		state: StateLoggedIn, description: "a logout",
		method: "DELETE", path: "/session", bearer: token,
		status: 204,
		check:  func(c *account.HTTPClient) error { return c.Logout(ctx, token) },
	},
	{
		state: StateDeregisterCode, description: "a deregistration",
		method: "POST", path: "/users/me/deletion", bearer: token, body: map[string]any{"account": "13800138000", "code": "123456"},
		status: 204,
		check:  func(c *account.HTTPClient) error { return c.Deregister(ctx, token, "13800138000", "123456") },
	},
	{
		state: StateLoggedIn, description: "a deregistration with another account's address",
		method: "POST", path: "/users/me/deletion", bearer: token, body: map[string]any{"account": "demo@jaka.example", "code": "123456"},
		status: 403, answer: refusal("not_owner"),
		check: func(c *account.HTTPClient) error {
			return wantKey(c.Deregister(ctx, token, "demo@jaka.example", "123456"), account.NotOwner)
		},
	},
	{
		state: StateDemo, description: "a lookup of a phone that has an account",
		method: "POST", path: "/accounts/lookup", body: map[string]any{"phone": "13800138000"},
		status: 200, answer: map[string]any{"exists": true},
		check: func(c *account.HTTPClient) error {
			exists, err := c.Exists(ctx, account.SMS, "13800138000")
			if err == nil && !exists {
				err = errors.New("want exists")
			}
			return err
		},
	},
	{
		state: StateDemo, description: "a lookup of an e-mail address without an account",
		method: "POST", path: "/accounts/lookup", body: map[string]any{"email": "nobody@example.com"},
		status: 200, answer: map[string]any{"exists": false},
		check: func(c *account.HTTPClient) error {
			exists, err := c.Exists(ctx, account.Email, "nobody@example.com")
			if err == nil && exists {
				err = errors.New("want not exists")
			}
			return err
		},
	},
	{
		state: StateLoggedIn, description: "the profile of the token's own account",
		method: "GET", path: "/users/1001", bearer: token,
		status: 200, answer: demoPhoneUser,
		check: func(c *account.HTTPClient) error {
			p, err := c.Profile(ctx, token, 1001)
			if err == nil && (p.ID != 1001 || p.CreatedAt.IsZero()) {
				err = fmt.Errorf("unexpected profile %+v", p)
			}
			return err
		},
	},
	{
		state: StateLoggedIn, description: "the profile of another account",
		method: "GET", path: "/users/1002", bearer: token,
		status: 404, answer: refusal("not_found"),
		check: func(c *account.HTTPClient) error {
			_, err := c.Profile(ctx, token, 1002)
			return wantKey(err, account.NotRegistered)
		},
	},
	{
		state: StateDemo, description: "a new WeChat QR scene",
		method: "POST", path: "/wechat/scenes",
		status: 201, answer: map[string]any{
			"sceneId":          matchers.Regex("pact-scene-0001", `^[A-Za-z0-9_-]{8,64}$`),
			"qrContent":        matchers.Like("https://open.weixin.qq.com/connect/confirm?uuid=pact-scene-0001"),
			"expiresInSeconds": matchers.Integer(300),
			"status":           "waiting",
		},
		check: func(c *account.HTTPClient) error {
			sc, err := c.NewWxScene(ctx)
			if err == nil && (sc.ID == "" || sc.Status != "waiting") {
				err = fmt.Errorf("unexpected scene %+v", sc)
			}
			return err
		},
	},
	{
		state: StateWxConfirmed, description: "a poll of a confirmed WeChat scene",
		method: "GET", path: "/wechat/scenes/pact-scene-0001",
		status: 200, answer: map[string]any{
			"sceneId":          "pact-scene-0001",
			"qrContent":        matchers.Like("https://open.weixin.qq.com/connect/confirm?uuid=pact-scene-0001"),
			"expiresInSeconds": matchers.Integer(280),
			"status":           "confirmed",
			"session":          session(demoPhoneUser),
		},
		check: func(c *account.HTTPClient) error {
			sc, err := c.WxScene(ctx, "pact-scene-0001")
			if err == nil && (sc.Status != "confirmed" || sc.Session == nil || sc.Session.Token == "") {
				err = fmt.Errorf("unexpected scene %+v", sc)
			}
			return err
		},
	},
	{
		state: StateDemo, description: "a poll of an unknown WeChat scene",
		method: "GET", path: "/wechat/scenes/no-such-scene",
		status: 404, answer: refusal("not_found"),
		check: func(c *account.HTTPClient) error {
			_, err := c.WxScene(ctx, "no-such-scene")
			return wantKey(err, account.QRExpired)
		},
	},
	{
		state: StateDemo, description: "the start of a google login",
		method: "POST", path: "/oauth/authorizations", body: map[string]any{"provider": "google", "redirectUri": "https://www.jaka.example/login/callback"},
		status: 201, answer: map[string]any{
			"state":            matchers.Like("pact-state-0001"),
			"authorizeUrl":     matchers.Regex("http://127.0.0.1:9105/oauth/google/authorize?state=pact-state-0001", `^https?://[^/]+/oauth/google/authorize\?state=.+$`),
			"expiresInSeconds": matchers.Integer(600),
		},
		check: func(c *account.HTTPClient) error {
			a, err := c.Authorize(ctx, "google", "https://www.jaka.example/login/callback")
			if err == nil && (a.State == "" || a.AuthorizeURL == "") {
				err = fmt.Errorf("unexpected authorization %+v", a)
			}
			return err
		},
	},
	{
		state: StateGoogleGrant, description: "a google login with the code the provider sent back",
		method: "POST", path: "/oauth/sessions", body: map[string]any{"provider": "google", "code": "pact-code-0001", "state": "pact-state-0001"},
		status: 201, answer: session(user(1003, "oauth", map[string]any{"email": "alex@example.com"})),
		check: func(c *account.HTTPClient) error {
			return sessionOK(c.ThirdPartyLogin(ctx, "google", "pact-code-0001", "pact-state-0001"))
		},
	},
	{
		state: StateDemo, description: "a google login with a forged code",
		method: "POST", path: "/oauth/sessions", body: map[string]any{"provider": "google", "code": "forged", "state": "forged"},
		status: 400, answer: refusal("invalid_grant"),
		check: func(c *account.HTTPClient) error {
			_, err := c.ThirdPartyLogin(ctx, "google", "forged", "forged")
			return wantKey(err, account.VerificationFailed)
		},
	},
}

func TestIdentityServicePact(t *testing.T) {
	pact := pacttest.NewPact(t, Provider)
	for _, it := range interactions {
		t.Run(it.description, func(t *testing.T) {
			err := pact.AddInteraction().
				Given(it.state).
				UponReceiving(it.description).
				WithRequest(consumer.Method(it.method), account.APIPrefix+it.path, func(b *consumer.V4RequestBuilder) {
					if it.bearer != "" {
						b.Header("Authorization", matchers.S("Bearer "+it.bearer))
					}
					if it.body != nil {
						b.Header("Content-Type", matchers.S("application/json"))
						b.JSONBody(it.body)
					}
				}).
				WillRespondWith(it.status, func(b *consumer.V4ResponseBuilder) {
					if it.answer != nil {
						b.Header("Content-Type", matchers.Regex("application/json; charset=utf-8", `application/json.*`))
						b.JSONBody(it.answer)
					}
				}).
				ExecuteTest(t, func(cfg consumer.MockServerConfig) error {
					return it.check(clientFor(cfg))
				})
			require.NoError(t, err)
		})
	}
	coverage.Require(t)
}
