package crm_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/upstream"
	"github.com/jakarobotics/website/bff/internal/upstream/crm"
)

// answering returns a client of a CRM that answers every call with status and body.
func answering(t *testing.T, status int, body string) *crm.HTTPClient {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = w.Write([]byte(body))
	}))
	t.Cleanup(srv.Close)
	base, _ := url.Parse(srv.URL)
	return crm.New(upstream.Client{System: "crm", BaseURL: base})
}

// Writes: what the outbox retries (upstream.*) and what it never retries (lead.rejected) must be
// told apart exactly.
func TestWriteAnswers(t *testing.T) {
	lead := crm.OverseasLead{UserName: "A", Email: "a@example.de", Country: "DE"}
	for _, tc := range []struct {
		name   string
		status int
		body   string
		want   crm.Receipt
		key    apierr.Key
	}{
		{"stored", 201, `{"clueId":"CL2026010100001"}`, crm.Receipt{ID: "CL2026010100001"}, ""},
		{"duplicate", 409, `{"error":"duplicate","clueId":"CL2026010100001"}`, crm.Receipt{ID: "CL2026010100001", Duplicate: true}, ""},
		{"refused", 422, `{"error":"rejected","reason":"blocked_email_domain","message":"no"}`, crm.Receipt{}, crm.Rejected},
		{"unavailable", 503, `{}`, crm.Receipt{}, apierr.UpstreamUnavailable},
		{"failing", 500, `{"error":"injected fault"}`, crm.Receipt{}, apierr.UpstreamBadGateway},
		{"malformed request (a BFF bug): retried, never dropped", 400, `{"error":"bad_request"}`, crm.Receipt{}, apierr.UpstreamBadGateway},
		{"stored without an id", 201, `{}`, crm.Receipt{}, apierr.UpstreamBadGateway},
		{"duplicate without the first id", 409, `{"error":"duplicate"}`, crm.Receipt{}, apierr.UpstreamBadGateway},
		{"not JSON", 201, `<html>`, crm.Receipt{}, apierr.UpstreamBadGateway},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := answering(t, tc.status, tc.body).AddOverseasLead(context.Background(), "key-12345678", lead)
			if tc.key == "" {
				require.NoError(t, err)
				assert.Equal(t, tc.want, got)
				return
			}
			assert.Equal(t, tc.key, apierr.From(err).Key)
		})
	}
}

func TestFormRecordIDsAreNumbers(t *testing.T) {
	r, err := answering(t, 201, `{"recordId":70042}`).AddFormRecord(context.Background(), "key-12345678", crm.FormRecord{FormID: 1})
	require.NoError(t, err)
	id, err := crm.RecordID(r)
	require.NoError(t, err)
	assert.EqualValues(t, 70042, id)
}

func TestReads(t *testing.T) {
	_, err := answering(t, 404, `{"error":"region_not_served"}`).District(context.Background(), "火星", "")
	assert.Equal(t, apierr.NotFound, apierr.From(err).Key)
	_, err = answering(t, 200, `{"province":"广东省"}`).District(context.Background(), "广东省", "")
	assert.Equal(t, apierr.UpstreamBadGateway, apierr.From(err).Key, "an answer without a district")
	_, err = answering(t, 200, `{"dataUrl":"data:image/gif;base64,R0lG"}`).CertificateImage(context.Background(), "JK-1", "en")
	assert.Equal(t, apierr.UpstreamBadGateway, apierr.From(err).Key, "only PNG data URLs are passed on")
	certs, err := answering(t, 200, `{"certificates":[]}`).Certificates(context.Background(), crm.CertificateQuery{Number: "JK-1"}, "en")
	require.NoError(t, err)
	assert.Empty(t, certs)
}
