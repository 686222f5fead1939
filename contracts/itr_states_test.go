//go:build pact

package contracts

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/jakarobotics/website/contracts/states"
)

// pactPhoto is the photo of the work-order system's pact (bff/internal/upstream/itr): a WebP by
// its signature, in printable ASCII (see the pact test for why).
var pactPhoto = []byte("RIFFpactWEBPVP8 a small photo of joint 3 showing alarm 1104")

// itrStates are the provider states of the work-order system's pact. Each empties the system
// through /__admin/reset and puts in what the state names through /__admin/attachments and
// /__admin/orders; the customer register is reference data.
var itrStates = map[string]func(baseURL string) error{
	states.ITRRegister: func(string) error { return nil },
	states.ITREmpty:    resetITR,
	states.ITRPhoto: func(base string) error {
		if err := resetITR(base); err != nil {
			return err
		}
		return putPactPhoto(base)
	},
	states.ITROrder: func(base string) error {
		if err := resetITR(base); err != nil {
			return err
		}
		if err := putPactPhoto(base); err != nil {
			return err
		}
		return postITR(base, "/__admin/orders", map[string]any{
			"id": 5001, "serviceNumber": "SR20261121-0001", "idempotencyKey": "pact-order-stored", "status": "in_service",
			"owner": 1001, "type": "repair", "reportedAt": "2026-11-21T08:00:00Z",
			"robot":    map[string]any{"serialNo": "JAKA-ZU7-2403-001234", "cabinetSerialNo": "JAKA-CAB3-2403-005678", "firstUse": false},
			"fault":    map[string]any{"date": "2026-11-20", "description": "Joint 3 stops with alarm 1104 above 50 % speed.", "media": []string{"att_pact_photo_0001"}},
			"software": map[string]any{"controller": "V2.1.7", "servo": "V3.2.0.14"},
			"customer": map[string]any{"company": "Schmidt Automotive GmbH", "address": "Industriestraße 12, 70565 Stuttgart"},
			"contact":  map[string]any{"name": "Anna Weber", "phone": "+49 151 2345678", "email": "anna@example.de"},
		})
	},
}

func itrStateNames() []string {
	var out []string
	for s := range itrStates {
		out = append(out, s)
	}
	return out
}

func setUpITRState(baseURL, state string) error {
	set, ok := itrStates[state]
	if !ok {
		return fmt.Errorf("unknown work-order system state %q", state)
	}
	return set(baseURL)
}

func resetITR(baseURL string) error {
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

func putPactPhoto(baseURL string) error {
	return postITR(baseURL, "/__admin/attachments", map[string]any{
		"id": "att_pact_photo_0001", "owner": 1001, "name": "alarm.webp", "uploadedAt": "2026-11-21T08:00:00Z",
		"contentBase64": base64.StdEncoding.EncodeToString(pactPhoto),
	})
}

func postITR(baseURL, path string, body any) error {
	raw, err := json.Marshal(body)
	if err != nil {
		return err
	}
	resp, err := http.Post(baseURL+path, "application/json", strings.NewReader(string(raw)))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		b, _ := io.ReadAll(resp.Body)
		return fmt.Errorf("%s: %d %s", path, resp.StatusCode, b)
	}
	return nil
}
