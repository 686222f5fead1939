//go:build pact

package contracts

import (
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/jakarobotics/website/contracts/states"
)

// accountStates are the provider states of the identity service's pact
// (bff/internal/upstream/account). Each starts from a reset mock, which holds the demo accounts
// 13800138000 (user 1001) and demo@jaka.example (user 1002), and creates the rest of its
// situation through the mock's admin endpoints: sessions with a known token, codes with a known
// value, a WeChat scene with a known id, a provider's consent with a known code.
var accountStates = map[string][]adminCall{
	states.AccountDemo: nil,
	states.AccountLoggedIn: {
		{"/sessions", `{"account":"13800138000","token":"pact-token-13800138000"}`},
	},
	states.AccountLoginCode: {
		{"/codes", `{"channel":"sms","to":"13800138000","purpose":"login","code":"123456"}`},
	},
	states.AccountPhoneRegister: {
		{"/codes", `{"channel":"sms","to":"13900139000","purpose":"register","code":"123456"}`},
	},
	states.AccountEmailRegister: {
		{"/codes", `{"channel":"email","to":"erika@muster.example","purpose":"register","code":"123456"}`},
	},
	states.AccountResetCode: {
		{"/codes", `{"channel":"email","to":"demo@jaka.example","purpose":"reset_password","code":"123456"}`},
	},
	states.AccountDeregisterCode: {
		{"/sessions", `{"account":"13800138000","token":"pact-token-13800138000"}`},
		{"/codes", `{"channel":"sms","to":"13800138000","purpose":"deregister","code":"123456"}`},
	},
	states.AccountWxConfirmed: {
		{"/wx/scenes", `{"sceneId":"pact-scene-0001"}`},
		{"/wx/pact-scene-0001/scan", ``},
		{"/wx/pact-scene-0001/confirm", `{"account":"13800138000"}`},
	},
	states.AccountGoogleGrant: {
		{"/oauth/grants", `{"provider":"google","state":"pact-state-0001","code":"pact-code-0001","name":"Alex Example","email":"alex@example.com"}`},
	},
}

// adminCall is one POST to the mock's /__admin endpoints.
type adminCall struct{ path, body string }

func accountStateNames() []string {
	var out []string
	for s := range accountStates {
		out = append(out, s)
	}
	return out
}

// setUpAccountState resets the identity service and creates the state's situation.
func setUpAccountState(baseURL, state string) error {
	calls, ok := accountStates[state]
	if !ok {
		return fmt.Errorf("unknown identity-service state %q", state)
	}
	for _, c := range append([]adminCall{{"/reset", ""}}, calls...) {
		var body io.Reader
		if c.body != "" {
			body = strings.NewReader(c.body)
		}
		resp, err := http.Post(baseURL+"/__admin"+c.path, "application/json", body)
		if err != nil {
			return err
		}
		msg, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode >= 300 {
			return fmt.Errorf("state %q: POST %s: %d %s", state, c.path, resp.StatusCode, msg)
		}
	}
	return nil
}
