package vm_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/mocks/vm"
)

// trial is the pool's answer, as a test reads it.
type trial struct {
	ID            int64             `json:"id"`
	Owner         map[string]string `json:"owner"`
	Model         string            `json:"model"`
	Cabinet       string            `json:"cabinet"`
	State         string            `json:"state"`
	RequestedAt   string            `json:"requestedAt"`
	ReadyAt       *string           `json:"readyAt"`
	ExpiresAt     *string           `json:"expiresAt"`
	SwitchReadyAt *string           `json:"switchReadyAt"`
	LifetimeHours int               `json:"lifetimeHours"`
	SecondsLeft   int64             `json:"secondsLeft"`
	AccessCode    *string           `json:"accessCode"`
	ConsoleURL    *string           `json:"consoleUrl"`
	Password      *string           `json:"password"`
	RestoredAt    *string           `json:"restoredAt"`
	Error         string            `json:"error"` // set on refusals
	Trial         *trial            `json:"trial"` // the trial in the way, on owner_has_trial
}

type poolServer struct{ *httptest.Server }

func newPool(t *testing.T, cfg vm.Config) poolServer {
	t.Helper()
	s := httptest.NewServer(vm.NewHandler(cfg))
	t.Cleanup(s.Close)
	return poolServer{s}
}

// do sends a request and decodes a JSON answer into a trial (or a refusal).
func (p poolServer) do(t *testing.T, method, path, body string) (int, trial) {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, p.URL+path, rd)
	require.NoError(t, err)
	resp, err := p.Client().Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	var out trial
	if len(raw) > 0 && strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		require.NoError(t, json.Unmarshal(raw, &out), "%s", raw)
	}
	return resp.StatusCode, out
}

func (p poolServer) advance(t *testing.T, by string) {
	t.Helper()
	status, _ := p.do(t, "POST", "/__admin/clock/advance?by="+by, "")
	require.Equal(t, http.StatusOK, status)
}

const applyZu7 = `{"owner":{"phone":"13800000001"},"model":"JAKA Zu 7","cabinet":"CAB 3.0"}`

// The whole life of a trial on the pool's clock: created, running, switched without touching
// the timer, a no-change switch refused, synchronised, expired, and applied for again.
func TestTrialLifecycle(t *testing.T) {
	p := newPool(t, vm.Config{})

	status, tr := p.do(t, "POST", "/pool/v1/trials", applyZu7)
	require.Equal(t, http.StatusCreated, status)
	assert.Equal(t, vm.StateProvisioning, tr.State)
	assert.Equal(t, 4, tr.LifetimeHours, "trials last the configured 4 hours")
	assert.EqualValues(t, 4*3600, tr.SecondsLeft, "the timer has not started")
	assert.Nil(t, tr.AccessCode, "no machine yet")
	assert.Nil(t, tr.ConsoleURL)
	assert.Nil(t, tr.Password)
	assert.Nil(t, tr.ExpiresAt)
	id := tr.ID

	p.advance(t, "29s")
	_, tr = p.do(t, "GET", "/pool/v1/trials/current?phone=13800000001", "")
	assert.Equal(t, vm.StateProvisioning, tr.State, "creation takes 30 s")

	p.advance(t, "2s")
	_, tr = p.do(t, "GET", "/pool/v1/trials/current?phone=13800000001", "")
	require.Equal(t, vm.StateRunning, tr.State)
	require.NotNil(t, tr.AccessCode)
	assert.Regexp(t, `^JK-[2-9A-HJKMNP-Z]{6}$`, *tr.AccessCode)
	assert.Equal(t, p.URL+"/console/"+*tr.AccessCode, *tr.ConsoleURL)
	assert.Equal(t, "JAKA@trial2024", *tr.Password)
	require.NotNil(t, tr.ExpiresAt)
	expires := *tr.ExpiresAt
	code := *tr.AccessCode

	resp, err := p.Client().Get(*tr.ConsoleURL)
	require.NoError(t, err)
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Contains(t, string(page), "JAKA Zu 7 on CAB 3.0")

	p.advance(t, "1h")
	_, before := p.do(t, "GET", "/pool/v1/trials/current?phone=13800000001", "")
	status, tr = p.do(t, "POST", "/pool/v1/trials/"+itoa(id)+"/switch", `{"model":"JAKA Pro 12","cabinet":"CAB 2.1 Pro"}`)
	require.Equal(t, http.StatusAccepted, status)
	assert.Equal(t, vm.StateSwitching, tr.State)
	assert.Equal(t, "JAKA Pro 12", tr.Model)
	assert.Equal(t, expires, *tr.ExpiresAt, "switching does not reset the timer")
	assert.InDelta(t, before.SecondsLeft, tr.SecondsLeft, 2)
	assert.Equal(t, code, *tr.AccessCode, "the machine keeps its access code")
	assert.NotNil(t, tr.SwitchReadyAt)

	status, tr = p.do(t, "POST", "/pool/v1/trials/"+itoa(id)+"/switch", `{"model":"JAKA Zu 5","cabinet":"CAB 3.0"}`)
	assert.Equal(t, http.StatusConflict, status)
	assert.Equal(t, "switching", tr.Error, "a machine being rebuilt takes no command")
	status, tr = p.do(t, "POST", "/pool/v1/trials/"+itoa(id)+"/restore", "")
	assert.Equal(t, http.StatusConflict, status)
	assert.Equal(t, "switching", tr.Error)

	p.advance(t, "3m")
	_, tr = p.do(t, "GET", "/pool/v1/trials/"+itoa(id), "")
	assert.Equal(t, vm.StateRunning, tr.State, "a switch takes 3 minutes")
	assert.Equal(t, "CAB 2.1 Pro", tr.Cabinet)

	status, tr = p.do(t, "POST", "/pool/v1/trials/"+itoa(id)+"/switch", `{"model":"JAKA Pro 12","cabinet":"CAB 2.1 Pro"}`)
	assert.Equal(t, http.StatusUnprocessableEntity, status)
	assert.Equal(t, "no_change", tr.Error)

	var restored struct {
		TrialID    int64  `json:"trialId"`
		RestoredAt string `json:"restoredAt"`
	}
	resp, err = p.Client().Post(p.URL+"/pool/v1/trials/"+itoa(id)+"/restore", "application/json", nil)
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&restored))
	resp.Body.Close()
	assert.Equal(t, id, restored.TrialID)
	_, err = time.Parse(time.RFC3339, restored.RestoredAt)
	assert.NoError(t, err)

	status, _ = p.do(t, "POST", "/pool/v1/trials", applyZu7)
	assert.Equal(t, http.StatusConflict, status, "one trial per owner while it runs")

	p.advance(t, "3h")
	_, tr = p.do(t, "GET", "/pool/v1/trials/current?phone=13800000001", "")
	assert.Equal(t, vm.StateReleased, tr.State, "4 hours after it became ready the trial ends")
	assert.Zero(t, tr.SecondsLeft)
	assert.Nil(t, tr.AccessCode)
	assert.Nil(t, tr.Password)
	resp, err = p.Client().Get(p.URL + "/console/" + code)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusNotFound, resp.StatusCode, "the console of a released machine is gone")
	status, tr = p.do(t, "POST", "/pool/v1/trials/"+itoa(id)+"/switch", `{"model":"JAKA Zu 5","cabinet":"CAB 3.0"}`)
	assert.Equal(t, http.StatusConflict, status)
	assert.Equal(t, "released", tr.Error)

	status, tr = p.do(t, "POST", "/pool/v1/trials", applyZu7)
	require.Equal(t, http.StatusCreated, status, "after the end the owner may apply again")
	assert.NotEqual(t, id, tr.ID)
	assert.Equal(t, vm.StateProvisioning, tr.State)
}

// With short delays the machine moves on in real time too.
func TestTrialMovesOnInRealTime(t *testing.T) {
	p := newPool(t, vm.Config{CreateDelay: 1 * time.Second, SwitchDelay: 1 * time.Second})
	status, tr := p.do(t, "POST", "/pool/v1/trials", `{"owner":{"email":"Trial.User@example.com"},"model":"JAKA MiniCobo","cabinet":"CAB Mini"}`)
	require.Equal(t, http.StatusCreated, status)
	assert.Equal(t, vm.StateProvisioning, tr.State)
	require.Eventually(t, func() bool {
		_, tr = p.do(t, "GET", "/pool/v1/trials/current?email=trial.user@example.com", "")
		return tr.State == vm.StateRunning
	}, 5*time.Second, 100*time.Millisecond, "e-mail owners are matched case-insensitively")
}

// Twenty applications at once for one owner create exactly one trial; the others are told
// which trial is in the way.
func TestOneTrialPerOwnerUnderConcurrency(t *testing.T) {
	p := newPool(t, vm.Config{})
	const n = 20
	var wg sync.WaitGroup
	statuses := make([]int, n)
	answers := make([]trial, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses[i], answers[i] = p.do(t, "POST", "/pool/v1/trials", applyZu7)
		}()
	}
	wg.Wait()
	var created []trial
	for i := range n {
		switch statuses[i] {
		case http.StatusCreated:
			created = append(created, answers[i])
		case http.StatusConflict:
			assert.Equal(t, "owner_has_trial", answers[i].Error)
			require.NotNil(t, answers[i].Trial)
		default:
			t.Fatalf("unexpected status %d", statuses[i])
		}
	}
	require.Len(t, created, 1)
	for i := range n {
		if statuses[i] == http.StatusConflict {
			assert.Equal(t, created[0].ID, answers[i].Trial.ID)
		}
	}
	var all struct{ Trials []trial }
	resp, err := p.Client().Get(p.URL + "/__admin/trials")
	require.NoError(t, err)
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&all))
	resp.Body.Close()
	assert.Len(t, all.Trials, 1)
}

func TestRefusals(t *testing.T) {
	p := newPool(t, vm.Config{})
	_, running := p.do(t, "POST", "/__admin/trials", `{"id":42,"phone":"13800000002","model":"JAKA Zu 7","cabinet":"CAB 3.0","state":"running"}`)
	require.Equal(t, vm.StateRunning, running.State)

	for _, group := range []struct {
		status int
		cases  []struct{ name, method, path, body, code string }
	}{
		{http.StatusBadRequest, []struct{ name, method, path, body, code string }{
			{"no owner", "POST", "/pool/v1/trials", `{"owner":{},"model":"JAKA Zu 7","cabinet":"CAB 3.0"}`, "bad_request"},
			{"two owners", "POST", "/pool/v1/trials", `{"owner":{"phone":"1","email":"a@b.c"},"model":"JAKA Zu 7","cabinet":"CAB 3.0"}`, "bad_request"},
			{"unknown field", "POST", "/pool/v1/trials", `{"owner":{"phone":"1"},"model":"JAKA Zu 7","cabinet":"CAB 3.0","x":1}`, "bad_request"},
			{"not JSON", "POST", "/pool/v1/trials", `{`, "bad_request"},
			{"current without owner", "GET", "/pool/v1/trials/current", "", "bad_request"},
			{"clock backwards", "POST", "/__admin/clock/advance?by=-1h", "", "bad_request"},
			{"seed in no state", "POST", "/__admin/trials", `{"phone":"1","model":"JAKA Zu 7","cabinet":"CAB 3.0","state":"odd"}`, "bad_request"},
		}},
		{http.StatusNotFound, []struct{ name, method, path, body, code string }{
			{"no trial ever", "GET", "/pool/v1/trials/current?phone=13900000000", "", "no_trial"},
			{"unknown trial", "POST", "/pool/v1/trials/999/switch", `{"model":"JAKA Zu 5","cabinet":"CAB 3.0"}`, "not_found"},
			{"bad id", "POST", "/pool/v1/trials/abc/restore", "", "not_found"},
			{"unknown path", "GET", "/pool/v1/machines", "", "not_found"},
		}},
		{http.StatusUnprocessableEntity, []struct{ name, method, path, body, code string }{
			{"unknown model", "POST", "/pool/v1/trials", `{"owner":{"phone":"1"},"model":"JAKA Zu 99","cabinet":"CAB 3.0"}`, "unknown_model"},
			{"unknown cabinet", "POST", "/pool/v1/trials", `{"owner":{"phone":"1"},"model":"JAKA Zu 7","cabinet":"CAB 9"}`, "unknown_cabinet"},
			{"cabinet of another series", "POST", "/pool/v1/trials", `{"owner":{"phone":"1"},"model":"JAKA MiniCobo","cabinet":"CAB 3.0"}`, "unsupported_combination"},
			{"switch to nothing new", "POST", "/pool/v1/trials/42/switch", `{"model":"JAKA Zu 7","cabinet":"CAB 3.0"}`, "no_change"},
			{"switch to an unknown model", "POST", "/pool/v1/trials/42/switch", `{"model":"Zu 7","cabinet":"CAB 3.0"}`, "unknown_model"},
		}},
	} {
		for _, tc := range group.cases {
			t.Run(tc.name, func(t *testing.T) {
				status, got := p.do(t, tc.method, tc.path, tc.body)
				assert.Equal(t, group.status, status)
				assert.Equal(t, tc.code, got.Error)
			})
		}
	}
	_, after := p.do(t, "GET", "/pool/v1/trials/42", "")
	assert.Equal(t, running.Model, after.Model, "refused requests change nothing")
	var all struct{ Trials []trial }
	resp, err := p.Client().Get(p.URL + "/__admin/trials")
	require.NoError(t, err)
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&all))
	resp.Body.Close()
	assert.Len(t, all.Trials, 1, "refused applications create nothing")
}

// The admin set-up puts trials in each state, for provider states and browser tests.
func TestAdminSeedsEveryState(t *testing.T) {
	p := newPool(t, vm.Config{})
	for i, state := range []string{vm.StateProvisioning, vm.StateRunning, vm.StateSwitching, vm.StateReleased} {
		status, tr := p.do(t, "POST", "/__admin/trials",
			`{"id":`+itoa(int64(40+i))+`,"phone":"1380000000`+itoa(int64(i))+`","model":"JAKA Zu 12","cabinet":"CAB 2.1","state":"`+state+`"}`)
		require.Equal(t, http.StatusCreated, status)
		assert.Equal(t, int64(40+i), tr.ID)
		assert.Equal(t, state, tr.State)
	}
	status, tr := p.do(t, "POST", "/pool/v1/trials", `{"owner":{"phone":"13900000009"},"model":"JAKA C5","cabinet":"CAB Mini"}`)
	require.Equal(t, http.StatusCreated, status)
	assert.Equal(t, int64(44), tr.ID, "new trials take ids after the seeded ones")

	status, _ = p.do(t, "DELETE", "/__admin/trials", "")
	assert.Equal(t, http.StatusNoContent, status)
	status, _ = p.do(t, "GET", "/pool/v1/trials/current?phone=13900000009", "")
	assert.Equal(t, http.StatusNotFound, status)
}

func TestCatalogueListsTheRobotsAndTheirCabinets(t *testing.T) {
	p := newPool(t, vm.Config{})
	resp, err := p.Client().Get(p.URL + "/pool/v1/catalogue")
	require.NoError(t, err)
	defer resp.Body.Close()
	var cat struct {
		Models []struct {
			Name     string
			Cabinets []string
		}
		Cabinets []struct{ Name string }
	}
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&cat))
	var names []string
	for _, m := range cat.Models {
		names = append(names, m.Name)
		assert.NotEmpty(t, m.Cabinets, m.Name)
	}
	assert.Equal(t, []string{"JAKA Zu 3", "JAKA Zu 5", "JAKA Zu 7", "JAKA Zu 12", "JAKA Zu 18", "JAKA Pro 5",
		"JAKA Pro 12", "JAKA Pro 16", "JAKA C5", "JAKA C12", "JAKA MiniCobo"}, names)
	assert.Len(t, cat.Cabinets, 4)
}

func TestConfigFromEnv(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

	cfg, err := vm.ConfigFromEnv(env(nil))
	require.NoError(t, err)
	assert.Equal(t, vm.DefaultConfig, cfg)
	assert.Equal(t, 4, cfg.TrialHours, "the specified trial length")

	cfg, err = vm.ConfigFromEnv(env(map[string]string{
		vm.EnvTrialHours: "2", vm.EnvCreateDelay: "2s", vm.EnvSwitchDelay: "5s", vm.EnvTrialPassword: "secret",
	}))
	require.NoError(t, err)
	assert.Equal(t, vm.Config{TrialHours: 2, CreateDelay: 2 * time.Second, SwitchDelay: 5 * time.Second, TrialPassword: "secret"}, cfg)

	_, err = vm.ConfigFromEnv(env(map[string]string{vm.EnvTrialHours: "0", vm.EnvCreateDelay: "soon", vm.EnvSwitchDelay: "-1s"}))
	require.Error(t, err)
	for _, name := range []string{vm.EnvTrialHours, vm.EnvCreateDelay, vm.EnvSwitchDelay} {
		assert.Contains(t, err.Error(), name)
	}
}

func itoa(i int64) string { return strconv.FormatInt(i, 10) }
