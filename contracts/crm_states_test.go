//go:build pact

package contracts

import (
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/jakarobotics/website/contracts/states"
)

// crmStates are the provider states of the CRM's pact (bff/internal/upstream/crm). The region
// table and the certificates are the mock's seed; clues and form records are created through the
// CRM's own API under the key the state names, after emptying it through /__admin/reset.
var crmStates = map[string]func(baseURL string) error{
	states.CRMReference: func(string) error { return nil },
	states.CRMEmpty:     resetCRM,
	states.CRMClueStored: func(base string) error {
		return storeInCRM(base, "/crm/v1/clues/domestic", "pact-clue-stored",
			`{"contact":{"name":"张先生","mobile":"13800138000","email":"zhang@example.cn"},"company":"深圳精工","topic":"cooperation","district":"福田区","requirement":"需要焊接工作站","tags":["官网询盘"],"channel":"website","sourcePage":"/productDetails/103"}`)
	},
	states.CRMRecordStored: func(base string) error {
		return storeInCRM(base, "/crm/v1/form-records", "pact-record-stored",
			`{"formId":1,"sourcePage":"/cooperationIntent","fields":{"companyName":"节卡合作伙伴","customerName":"王经理","requireCount":"5_to_20"}}`)
	},
}

func crmStateNames() []string {
	var out []string
	for s := range crmStates {
		out = append(out, s)
	}
	return out
}

func setUpCRMState(baseURL, state string) error {
	set, ok := crmStates[state]
	if !ok {
		return fmt.Errorf("unknown CRM state %q", state)
	}
	return set(baseURL)
}

func resetCRM(baseURL string) error {
	resp, err := http.Post(baseURL+"/__admin/reset", "application/json", nil)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNoContent {
		return fmt.Errorf("reset: status %d", resp.StatusCode)
	}
	return nil
}

// storeInCRM empties the CRM and stores one write under key.
func storeInCRM(baseURL, path, key, body string) error {
	if err := resetCRM(baseURL); err != nil {
		return err
	}
	req, _ := http.NewRequest(http.MethodPost, baseURL+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		b, _ := io.ReadAll(resp.Body)
		return fmt.Errorf("store %s: %d %s", key, resp.StatusCode, b)
	}
	return nil
}
