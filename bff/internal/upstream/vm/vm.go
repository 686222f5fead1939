// Package vm is the BFF's client of the pool of cloud robot simulators behind the virtual robot
// trial: a visitor's account borrows one simulated robot for a few hours.
package vm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/jakarobotics/website/bff/internal/upstream"
)

// APIPrefix is where the pool serves its API.
const APIPrefix = "/pool/v1"

// The states of a trial machine in the pool.
const (
	StateProvisioning = "provisioning" // being created; not usable yet
	StateRunning      = "running"      // usable
	StateSwitching    = "switching"    // being rebuilt with another model or cabinet version
	StateReleased     = "released"     // ended; the owner may apply again
)

// The pool's refusals, as errors the handlers can test with errors.Is.
var (
	ErrHasTrial       = errors.New("vm: the owner has a trial that has not ended")
	ErrNoTrial        = errors.New("vm: no such trial")
	ErrProvisioning   = errors.New("vm: the machine is still being created")
	ErrSwitching      = errors.New("vm: the machine is being rebuilt")
	ErrReleased       = errors.New("vm: the trial has ended")
	ErrNoChange       = errors.New("vm: the trial already runs this model and cabinet version")
	ErrUnknownModel   = errors.New("vm: the pool does not simulate this robot model")
	ErrUnknownCabinet = errors.New("vm: the pool does not simulate this cabinet version")
	ErrUnsupported    = errors.New("vm: this model does not run on this cabinet version")
)

// refusals maps the pool's error codes to the errors above.
var refusals = map[string]error{
	"owner_has_trial":         ErrHasTrial,
	"no_trial":                ErrNoTrial,
	"not_found":               ErrNoTrial,
	"still_provisioning":      ErrProvisioning,
	"switching":               ErrSwitching,
	"released":                ErrReleased,
	"no_change":               ErrNoChange,
	"unknown_model":           ErrUnknownModel,
	"unknown_cabinet":         ErrUnknownCabinet,
	"unsupported_combination": ErrUnsupported,
}

// Owner is the account a trial belongs to: exactly one of a mobile number and an e-mail address.
type Owner struct {
	Phone string `json:"phone,omitempty"`
	Email string `json:"email,omitempty"`
}

// Choice is a robot model on a control cabinet version.
type Choice struct {
	Model   string `json:"model"`
	Cabinet string `json:"cabinet"`
}

// Trial is one machine lent to one owner. Machine details are nil while the machine is being
// created and after it was released.
type Trial struct {
	ID          int64      `json:"id"`
	Model       string     `json:"model"`
	Cabinet     string     `json:"cabinet"`
	State       string     `json:"state"`
	RequestedAt time.Time  `json:"requestedAt"`
	ExpiresAt   *time.Time `json:"expiresAt"`
	// LifetimeHours is the trial's length, the pool's single setting of it.
	LifetimeHours int     `json:"lifetimeHours"`
	SecondsLeft   int64   `json:"secondsLeft"`
	AccessCode    *string `json:"accessCode"`
	ConsoleURL    *string `json:"consoleUrl"`
	Password      *string `json:"password"`
}

// valid reports whether the pool's answer is a trial the site can show.
func (t Trial) valid() bool {
	switch t.State {
	case StateProvisioning, StateRunning, StateSwitching, StateReleased:
	default:
		return false
	}
	return t.ID > 0 && t.Model != "" && t.Cabinet != "" && !t.RequestedAt.IsZero() &&
		t.LifetimeHours >= 1 && t.LifetimeHours <= 24 && t.SecondsLeft >= 0
}

// Model is a robot model the pool simulates, with the cabinet versions it runs with.
type Model struct {
	Name      string   `json:"name"`
	Series    string   `json:"series"`
	PayloadKg float64  `json:"payloadKg"`
	ReachMm   int      `json:"reachMm"`
	Cabinets  []string `json:"cabinets"`
}

// Client calls the simulator pool. Refusals come back as the Err values of this package;
// transport failures as *apierr.Error (upstream.timeout, upstream.unavailable, …).
type Client interface {
	// Catalogue lists the robot models the pool simulates.
	Catalogue(ctx context.Context) ([]Model, error)
	// Apply lends owner a new machine (state provisioning); ErrHasTrial when the owner's trial
	// has not ended, ErrUnknownModel, ErrUnknownCabinet or ErrUnsupported for a bad choice.
	Apply(ctx context.Context, owner Owner, choice Choice) (Trial, error)
	// Current returns the owner's latest trial, ended or not; nil when the owner never had one.
	Current(ctx context.Context, owner Owner) (*Trial, error)
	// Switch rebuilds trial id with choice, keeping its timer (state switching): ErrNoChange
	// for the model and cabinet it already runs, ErrProvisioning, ErrSwitching or ErrReleased
	// when the machine cannot take it now, ErrNoTrial for an unknown id.
	Switch(ctx context.Context, id int64, choice Choice) (Trial, error)
	// Restore synchronises trial id's data and returns when; the same refusals as Switch.
	Restore(ctx context.Context, id int64) (time.Time, error)
}

// HTTPClient is the Client over the pool's HTTP API.
type HTTPClient struct {
	upstream.Client
}

// New returns a client of the pool at base.
func New(base upstream.Client) *HTTPClient { return &HTTPClient{Client: base} }

// call sends one request with an optional JSON body and returns the answer; refusals (the
// pool's 4xx answers with an error code it documents) come back as this package's errors.
func (c *HTTPClient) call(ctx context.Context, method, path string, query url.Values, body any) (*upstream.Response, error) {
	var rd io.Reader
	if body != nil {
		raw, err := json.Marshal(body)
		if err != nil {
			return nil, err
		}
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.URL(APIPrefix+path, query), rd)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.Status >= 400 {
		var refusal struct {
			Error string `json:"error"`
		}
		if json.Unmarshal(resp.Body, &refusal) == nil {
			if err, ok := refusals[refusal.Error]; ok {
				return nil, err
			}
		}
		return nil, c.BadAnswer("%s %s: status %d: %.200s", method, path, resp.Status, resp.Body)
	}
	return resp, nil
}

// trial decodes a trial answered with status want.
func (c *HTTPClient) trial(resp *upstream.Response, want int, what string) (Trial, error) {
	var t Trial
	if resp.Status != want {
		return t, c.BadAnswer("%s: status %d, want %d", what, resp.Status, want)
	}
	if err := json.Unmarshal(resp.Body, &t); err != nil || !t.valid() {
		return Trial{}, c.BadAnswer("%s: not a trial: %.200s", what, resp.Body)
	}
	return t, nil
}

// Catalogue lists the robot models the pool simulates.
func (c *HTTPClient) Catalogue(ctx context.Context) ([]Model, error) {
	resp, err := c.call(ctx, http.MethodGet, "/catalogue", nil, nil)
	if err != nil {
		return nil, err
	}
	var cat struct {
		Models []Model `json:"models"`
	}
	if resp.Status != http.StatusOK || json.Unmarshal(resp.Body, &cat) != nil || len(cat.Models) == 0 {
		return nil, c.BadAnswer("catalogue: status %d: %.200s", resp.Status, resp.Body)
	}
	return cat.Models, nil
}

// Apply lends owner a new machine.
func (c *HTTPClient) Apply(ctx context.Context, owner Owner, choice Choice) (Trial, error) {
	body := struct {
		Owner Owner `json:"owner"`
		Choice
	}{owner, choice}
	resp, err := c.call(ctx, http.MethodPost, "/trials", nil, body)
	if err != nil {
		return Trial{}, err
	}
	return c.trial(resp, http.StatusCreated, "apply")
}

// Current returns the owner's latest trial, or nil when there is none.
func (c *HTTPClient) Current(ctx context.Context, owner Owner) (*Trial, error) {
	q := url.Values{}
	if owner.Phone != "" {
		q.Set("phone", owner.Phone)
	} else {
		q.Set("email", owner.Email)
	}
	resp, err := c.call(ctx, http.MethodGet, "/trials/current", q, nil)
	if errors.Is(err, ErrNoTrial) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	t, err := c.trial(resp, http.StatusOK, "current trial")
	if err != nil {
		return nil, err
	}
	return &t, nil
}

// Switch rebuilds trial id with choice.
func (c *HTTPClient) Switch(ctx context.Context, id int64, choice Choice) (Trial, error) {
	resp, err := c.call(ctx, http.MethodPost, "/trials/"+strconv.FormatInt(id, 10)+"/switch", nil, choice)
	if err != nil {
		return Trial{}, err
	}
	return c.trial(resp, http.StatusAccepted, "switch")
}

// Restore synchronises trial id's data.
func (c *HTTPClient) Restore(ctx context.Context, id int64) (time.Time, error) {
	resp, err := c.call(ctx, http.MethodPost, "/trials/"+strconv.FormatInt(id, 10)+"/restore", nil, nil)
	if err != nil {
		return time.Time{}, err
	}
	var out struct {
		RestoredAt time.Time `json:"restoredAt"`
	}
	if resp.Status != http.StatusOK || json.Unmarshal(resp.Body, &out) != nil || out.RestoredAt.IsZero() {
		return time.Time{}, c.BadAnswer("restore: status %d: %.200s", resp.Status, resp.Body)
	}
	return out.RestoredAt, nil
}
