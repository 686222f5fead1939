//go:build pact

package vm_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/pact-foundation/pact-go/v2/consumer"
	"github.com/pact-foundation/pact-go/v2/matchers"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/pacttest"
	"github.com/jakarobotics/website/bff/internal/upstream/vm"
	"github.com/jakarobotics/website/contracts/states"
)

// Provider is the simulator pool's name in the pacts.
const Provider = states.VMProvider

// The provider states: each names an owner's situation in the pool, which the provider's state
// handler creates (contracts/provider_test.go). Trial ids are part of the state because the BFF
// addresses a trial by the id the pool gave it.
const (
	StateCatalogue      = states.VMCatalogue
	StateNoTrial        = states.VMNoTrial
	StateRunning        = states.VMRunning
	StateProvisioning   = states.VMProvisioning
	StateSwitching      = states.VMSwitching
	StateReleased       = states.VMReleased
	StateEmailNoTrial   = states.VMEmailNoTrial
	StateEmailRunning   = states.VMEmailRunning
	rfc3339             = `^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$`
	accessCode          = `^JK-[2-9A-HJKMNP-Z]{6}$`
	exampleRequestedAt  = "2026-05-04T08:00:00Z"
	exampleReadyAt      = "2026-05-04T08:00:30Z"
	exampleExpiresAt    = "2026-05-04T12:00:30Z"
	exampleSwitchReady  = "2026-05-04T09:03:30Z"
	exampleConsoleURL   = "http://127.0.0.1:9104/console/JK-7Q2M9X"
	exampleAccessCode   = "JK-7Q2M9X"
	exampleTrialSeconds = 4 * 3600
)

// coverage finds the methods of vm.Client that no interaction calls.
var coverage = pacttest.NewCoverage[vm.Client]()

func clientFor(cfg consumer.MockServerConfig) *vm.HTTPClient {
	return vm.New(coverage.Upstream("vm", cfg))
}

func stamp(example string) matchers.Matcher { return matchers.Regex(example, rfc3339) }

// trialBody is the pool's trial in state, with the fields the BFF reads pinned: machine details
// are present exactly when the machine runs or is switching, and null otherwise.
func trialBody(id int, model, cabinet, state string) map[string]any {
	body := map[string]any{
		"id":            matchers.Like(id),
		"model":         model,
		"cabinet":       cabinet,
		"state":         state,
		"requestedAt":   stamp(exampleRequestedAt),
		"lifetimeHours": matchers.Integer(4),
		"secondsLeft":   matchers.Integer(exampleTrialSeconds),
		"expiresAt":     nil,
		"accessCode":    nil,
		"consoleUrl":    nil,
		"password":      nil,
	}
	switch state {
	case vm.StateRunning, vm.StateSwitching:
		body["expiresAt"] = stamp(exampleExpiresAt)
		body["accessCode"] = matchers.Regex(exampleAccessCode, accessCode)
		body["consoleUrl"] = matchers.Regex(exampleConsoleURL, `^https?://.+/console/JK-[2-9A-HJKMNP-Z]{6}$`)
		body["password"] = matchers.Like("JAKA@trial2024")
	case vm.StateReleased:
		body["expiresAt"] = stamp(exampleExpiresAt)
		body["secondsLeft"] = 0
	}
	return body
}

// refusal is the pool's answer to a request it turns down.
func refusal(code string) map[string]any {
	return map[string]any{"error": code, "message": matchers.Like("why")}
}

// interaction is one BFF→pool call with the pool's answer and what the client must make of it.
type interaction struct {
	state, description string
	method, path       string
	query              map[string]string
	body               any
	status             int
	answer             any
	check              func(c *vm.HTTPClient) error
}

// wantErr checks that a call failed with want.
func wantErr(err, want error) error {
	if !errors.Is(err, want) {
		return fmt.Errorf("want %v, got %v", want, err)
	}
	return nil
}

func apply(phone, email, model, cabinet string) map[string]any {
	owner := map[string]any{}
	if phone != "" {
		owner["phone"] = phone
	} else {
		owner["email"] = email
	}
	return map[string]any{"owner": owner, "model": model, "cabinet": cabinet}
}

var ctx = context.Background()

var interactions = []interaction{
	{
		state: StateCatalogue, description: "a request for the catalogue",
		method: "GET", path: "/catalogue", status: 200,
		answer: map[string]any{"models": matchers.EachLike(map[string]any{
			"name": matchers.Like("JAKA Zu 7"), "series": matchers.Like("Zu"), "payloadKg": matchers.Like(7),
			"reachMm": matchers.Integer(819), "cabinets": matchers.EachLike("CAB 3.0", 1),
		}, 1)},
		check: func(c *vm.HTTPClient) error {
			models, err := c.Catalogue(ctx)
			if err == nil && len(models) == 0 {
				err = errors.New("no models")
			}
			return err
		},
	},
	// Applications.
	{
		state: StateNoTrial, description: "an application by a phone owner",
		method: "POST", path: "/trials", body: apply("13800000001", "", "JAKA Zu 7", "CAB 3.0"),
		status: 201, answer: trialBody(1, "JAKA Zu 7", "CAB 3.0", vm.StateProvisioning),
		check: func(c *vm.HTTPClient) error {
			t, err := c.Apply(ctx, vm.Owner{Phone: "13800000001"}, vm.Choice{Model: "JAKA Zu 7", Cabinet: "CAB 3.0"})
			if err == nil && (t.State != vm.StateProvisioning || t.AccessCode != nil || t.ExpiresAt != nil) {
				err = fmt.Errorf("want a trial being created without machine details, got %+v", t)
			}
			return err
		},
	},
	{
		state: StateEmailNoTrial, description: "an application by an e-mail owner",
		method: "POST", path: "/trials", body: apply("", "trial.user@example.com", "JAKA MiniCobo", "CAB Mini"),
		status: 201, answer: trialBody(1, "JAKA MiniCobo", "CAB Mini", vm.StateProvisioning),
		check: func(c *vm.HTTPClient) error {
			_, err := c.Apply(ctx, vm.Owner{Email: "trial.user@example.com"}, vm.Choice{Model: "JAKA MiniCobo", Cabinet: "CAB Mini"})
			return err
		},
	},
	{
		state: StateRunning, description: "an application by an owner whose trial runs",
		method: "POST", path: "/trials", body: apply("13800000002", "", "JAKA Zu 7", "CAB 3.0"),
		status: 409, answer: refusal("owner_has_trial"),
		check: func(c *vm.HTTPClient) error {
			_, err := c.Apply(ctx, vm.Owner{Phone: "13800000002"}, vm.Choice{Model: "JAKA Zu 7", Cabinet: "CAB 3.0"})
			return wantErr(err, vm.ErrHasTrial)
		},
	},
	{
		state: StateNoTrial, description: "an application for a model the pool does not simulate",
		method: "POST", path: "/trials", body: apply("13800000001", "", "JAKA Zu 99", "CAB 3.0"),
		status: 422, answer: refusal("unknown_model"),
		check: func(c *vm.HTTPClient) error {
			_, err := c.Apply(ctx, vm.Owner{Phone: "13800000001"}, vm.Choice{Model: "JAKA Zu 99", Cabinet: "CAB 3.0"})
			return wantErr(err, vm.ErrUnknownModel)
		},
	},
	{
		state: StateNoTrial, description: "an application for a cabinet version the pool does not simulate",
		method: "POST", path: "/trials", body: apply("13800000001", "", "JAKA Zu 7", "CAB 9.9"),
		status: 422, answer: refusal("unknown_cabinet"),
		check: func(c *vm.HTTPClient) error {
			_, err := c.Apply(ctx, vm.Owner{Phone: "13800000001"}, vm.Choice{Model: "JAKA Zu 7", Cabinet: "CAB 9.9"})
			return wantErr(err, vm.ErrUnknownCabinet)
		},
	},
	{
		state: StateNoTrial, description: "an application for a model on a cabinet it does not run on",
		method: "POST", path: "/trials", body: apply("13800000001", "", "JAKA C5", "CAB 2.1"),
		status: 422, answer: refusal("unsupported_combination"),
		check: func(c *vm.HTTPClient) error {
			_, err := c.Apply(ctx, vm.Owner{Phone: "13800000001"}, vm.Choice{Model: "JAKA C5", Cabinet: "CAB 2.1"})
			return wantErr(err, vm.ErrUnsupported)
		},
	},
	// The owner's current trial.
	{
		state: StateRunning, description: "a look-up of a phone owner's running trial",
		method: "GET", path: "/trials/current", query: map[string]string{"phone": "13800000002"},
		status: 200, answer: trialBody(42, "JAKA Zu 7", "CAB 3.0", vm.StateRunning),
		check: func(c *vm.HTTPClient) error {
			t, err := c.Current(ctx, vm.Owner{Phone: "13800000002"})
			if err == nil && (t == nil || t.ID != 42 || t.AccessCode == nil || t.ConsoleURL == nil || t.Password == nil) {
				err = fmt.Errorf("want running trial 42 with machine details, got %+v", t)
			}
			return err
		},
	},
	{
		state: StateEmailRunning, description: "a look-up of an e-mail owner's running trial",
		method: "GET", path: "/trials/current", query: map[string]string{"email": "trial.user@example.com"},
		status: 200, answer: trialBody(46, "JAKA MiniCobo", "CAB Mini", vm.StateRunning),
		check: func(c *vm.HTTPClient) error {
			t, err := c.Current(ctx, vm.Owner{Email: "trial.user@example.com"})
			if err == nil && (t == nil || t.ID != 46) {
				err = fmt.Errorf("want trial 46, got %+v", t)
			}
			return err
		},
	},
	{
		state: StateProvisioning, description: "a look-up of a trial being created",
		method: "GET", path: "/trials/current", query: map[string]string{"phone": "13800000003"},
		status: 200, answer: trialBody(43, "JAKA Zu 5", "CAB 2.1", vm.StateProvisioning),
		check: func(c *vm.HTTPClient) error {
			t, err := c.Current(ctx, vm.Owner{Phone: "13800000003"})
			if err == nil && (t == nil || t.State != vm.StateProvisioning) {
				err = fmt.Errorf("want a trial being created, got %+v", t)
			}
			return err
		},
	},
	{
		state: StateReleased, description: "a look-up of an ended trial",
		method: "GET", path: "/trials/current", query: map[string]string{"phone": "13800000005"},
		status: 200, answer: trialBody(45, "JAKA Pro 5", "CAB 3.0", vm.StateReleased),
		check: func(c *vm.HTTPClient) error {
			t, err := c.Current(ctx, vm.Owner{Phone: "13800000005"})
			if err == nil && (t == nil || t.State != vm.StateReleased || t.SecondsLeft != 0) {
				err = fmt.Errorf("want an ended trial, got %+v", t)
			}
			return err
		},
	},
	{
		state: StateNoTrial, description: "a look-up of an owner who never had a trial",
		method: "GET", path: "/trials/current", query: map[string]string{"phone": "13800000001"},
		status: 404, answer: refusal("no_trial"),
		check: func(c *vm.HTTPClient) error {
			t, err := c.Current(ctx, vm.Owner{Phone: "13800000001"})
			if err == nil && t != nil {
				err = fmt.Errorf("want no trial, got %+v", t)
			}
			return err
		},
	},
	// Switching model or cabinet version.
	{
		state: StateRunning, description: "a switch of a running trial to another model",
		method: "POST", path: "/trials/42/switch", body: map[string]any{"model": "JAKA Pro 12", "cabinet": "CAB 3.0"},
		status: 202, answer: func() map[string]any {
			b := trialBody(42, "JAKA Pro 12", "CAB 3.0", vm.StateSwitching)
			b["switchReadyAt"] = stamp(exampleSwitchReady)
			return b
		}(),
		check: func(c *vm.HTTPClient) error {
			t, err := c.Switch(ctx, 42, vm.Choice{Model: "JAKA Pro 12", Cabinet: "CAB 3.0"})
			if err == nil && (t.State != vm.StateSwitching || t.Model != "JAKA Pro 12" || t.ExpiresAt == nil) {
				err = fmt.Errorf("want trial 42 switching with its timer, got %+v", t)
			}
			return err
		},
	},
	{
		state: StateRunning, description: "a switch to the model and cabinet the trial already runs",
		method: "POST", path: "/trials/42/switch", body: map[string]any{"model": "JAKA Zu 7", "cabinet": "CAB 3.0"},
		status: 422, answer: refusal("no_change"),
		check: func(c *vm.HTTPClient) error {
			_, err := c.Switch(ctx, 42, vm.Choice{Model: "JAKA Zu 7", Cabinet: "CAB 3.0"})
			return wantErr(err, vm.ErrNoChange)
		},
	},
	{
		state: StateProvisioning, description: "a switch of a trial being created",
		method: "POST", path: "/trials/43/switch", body: map[string]any{"model": "JAKA Zu 7", "cabinet": "CAB 2.1"},
		status: 409, answer: refusal("still_provisioning"),
		check: func(c *vm.HTTPClient) error {
			_, err := c.Switch(ctx, 43, vm.Choice{Model: "JAKA Zu 7", Cabinet: "CAB 2.1"})
			return wantErr(err, vm.ErrProvisioning)
		},
	},
	{
		state: StateSwitching, description: "a switch of a trial that is switching",
		method: "POST", path: "/trials/44/switch", body: map[string]any{"model": "JAKA Zu 18", "cabinet": "CAB 3.0"},
		status: 409, answer: refusal("switching"),
		check: func(c *vm.HTTPClient) error {
			_, err := c.Switch(ctx, 44, vm.Choice{Model: "JAKA Zu 18", Cabinet: "CAB 3.0"})
			return wantErr(err, vm.ErrSwitching)
		},
	},
	{
		state: StateReleased, description: "a switch of an ended trial",
		method: "POST", path: "/trials/45/switch", body: map[string]any{"model": "JAKA Pro 16", "cabinet": "CAB 3.0"},
		status: 409, answer: refusal("released"),
		check: func(c *vm.HTTPClient) error {
			_, err := c.Switch(ctx, 45, vm.Choice{Model: "JAKA Pro 16", Cabinet: "CAB 3.0"})
			return wantErr(err, vm.ErrReleased)
		},
	},
	{
		state: StateRunning, description: "a switch to a model the pool does not simulate",
		method: "POST", path: "/trials/42/switch", body: map[string]any{"model": "JAKA Zu 99", "cabinet": "CAB 3.0"},
		status: 422, answer: refusal("unknown_model"),
		check: func(c *vm.HTTPClient) error {
			_, err := c.Switch(ctx, 42, vm.Choice{Model: "JAKA Zu 99", Cabinet: "CAB 3.0"})
			return wantErr(err, vm.ErrUnknownModel)
		},
	},
	{
		state: StateNoTrial, description: "a switch of a trial that does not exist",
		method: "POST", path: "/trials/999/switch", body: map[string]any{"model": "JAKA Zu 7", "cabinet": "CAB 3.0"},
		status: 404, answer: refusal("not_found"),
		check: func(c *vm.HTTPClient) error {
			_, err := c.Switch(ctx, 999, vm.Choice{Model: "JAKA Zu 7", Cabinet: "CAB 3.0"})
			return wantErr(err, vm.ErrNoTrial)
		},
	},
	// Synchronising data.
	{
		state: StateRunning, description: "a data synchronisation of a running trial",
		method: "POST", path: "/trials/42/restore", status: 200,
		answer: map[string]any{"trialId": matchers.Integer(42), "restoredAt": stamp(exampleReadyAt)},
		check: func(c *vm.HTTPClient) error {
			at, err := c.Restore(ctx, 42)
			if err == nil && at.IsZero() {
				err = errors.New("want the time of the synchronisation")
			}
			return err
		},
	},
	{
		state: StateProvisioning, description: "a data synchronisation of a trial being created",
		method: "POST", path: "/trials/43/restore", status: 409, answer: refusal("still_provisioning"),
		check: func(c *vm.HTTPClient) error {
			_, err := c.Restore(ctx, 43)
			return wantErr(err, vm.ErrProvisioning)
		},
	},
	{
		state: StateSwitching, description: "a data synchronisation of a trial that is switching",
		method: "POST", path: "/trials/44/restore", status: 409, answer: refusal("switching"),
		check: func(c *vm.HTTPClient) error {
			_, err := c.Restore(ctx, 44)
			return wantErr(err, vm.ErrSwitching)
		},
	},
	{
		state: StateReleased, description: "a data synchronisation of an ended trial",
		method: "POST", path: "/trials/45/restore", status: 409, answer: refusal("released"),
		check: func(c *vm.HTTPClient) error {
			_, err := c.Restore(ctx, 45)
			return wantErr(err, vm.ErrReleased)
		},
	},
}

func TestVirtualMachinePoolPact(t *testing.T) {
	pact := pacttest.NewPact(t, Provider)
	for _, it := range interactions {
		t.Run(it.description, func(t *testing.T) {
			err := pact.AddInteraction().
				Given(it.state).
				UponReceiving(it.description).
				WithRequest(consumer.Method(it.method), vm.APIPrefix+it.path, func(b *consumer.V4RequestBuilder) {
					b.Header("Accept", matchers.S("application/json"))
					for k, v := range it.query {
						b.Query(k, matchers.S(v))
					}
					if it.body != nil {
						b.Header("Content-Type", matchers.S("application/json"))
						b.JSONBody(it.body)
					}
				}).
				WillRespondWith(it.status, func(b *consumer.V4ResponseBuilder) {
					b.Header("Content-Type", matchers.Regex("application/json; charset=utf-8", `application/json.*`))
					b.JSONBody(it.answer)
				}).
				ExecuteTest(t, func(cfg consumer.MockServerConfig) error {
					return it.check(clientFor(cfg))
				})
			require.NoError(t, err)
		})
	}
	coverage.Require(t)
}
