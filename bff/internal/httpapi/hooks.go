package httpapi

import (
	"context"
	"io"
	"net/http"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/messages"
	"github.com/jakarobotics/website/bff/internal/publish"
)

// HooksPrefix starts the paths that other systems call to notify the site, outside the /prod-api
// contract (which is the browser's).
const HooksPrefix = "/hooks/"

// CMSWebhookPath is where the CMS notifies the site of the changes it publishes (package
// publish; README, "Publishing").
const CMSWebhookPath = HooksPrefix + "cms"

// Webhook takes the deliveries of the CMS's webhook (publish.Receiver).
type Webhook interface {
	Receive(ctx context.Context, signature string, body io.Reader) (dropped int, err error)
}

// webhookAccepted is the data of a taken delivery: how many cached answers and pages this replica
// dropped (the other replicas drop theirs as the broadcast reaches them).
type webhookAccepted struct {
	Dropped int `json:"dropped"`
}

// cmsWebhook answers a delivery of the CMS's webhook in the envelope of the BFF's own endpoints:
// 202 with {"dropped": n} when it was taken; 401 webhook.unauthorized (signature missing, forged
// or stale), 409 webhook.replayed (taken before), 400 request.invalid (malformed), 413
// request.too_large (over 64 KiB) when it was not, and then nothing was applied. Only POST is
// served (405 with Allow otherwise); no answer is kept by any cache.
func (s *Server) cmsWebhook(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		writeError(w, r, s.Log, apierr.New(apierr.MethodNotAllowed, nil))
		return
	}
	dropped, err := s.CMSWebhook.Receive(r.Context(), r.Header.Get(publish.SignatureHeader), r.Body)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	writeEnvelope(w, http.StatusAccepted, envelope{
		Success: true,
		Code:    http.StatusAccepted,
		Msg:     messages.Text(messages.OK, requestLang(r)),
		Data:    webhookAccepted{Dropped: dropped},
	})
}
