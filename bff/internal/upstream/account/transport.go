package account

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"time"
)

// How the client talks to the identity service: requests, answers and their wire forms.

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
