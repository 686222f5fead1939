package content

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// The CMS's change webhook, as a CMS with a publish button sends it: after every change an
// editor publishes (here through the admin API, admin.go), the CMS POSTs one event naming the
// changed items to each of the site's webhook URLs, signed with the secret it shares with the
// site, so that the site drops what it keeps of them at once instead of when its caches' time to
// live runs out.
//
//	POST <CMS_WEBHOOK_URL>
//	Content-Type: application/json
//	X-CMS-Signature: t=<unix seconds>,v1=<hex of HMAC-SHA256(secret, t + "." + body)>
//
//	{"id": "evt-20261129T101500Z-3f9c0a1b", "changes": [{"kind": "product", "id": "101"}]}
//
// A change names an item (its kind and its id in this CMS), never the answers that show it: the
// site knows which of its pages show a product. Each URL gets one attempt and up to two quick
// retries (after 0.2 s and 1 s), each signed anew with the same event id; 2xx is delivered, and so
// is 409 (the site took that event before: a retry whose first answer was lost). Another 4xx is
// not retried: the site refused the event and would refuse it again. Every outcome is logged.

// WebhookSignatureHeader carries the signature of a webhook event.
const WebhookSignatureHeader = "X-CMS-Signature"

// StandInWebhookSecret is the secret the stand-in signs its webhook with when none is given
// (CMS_WEBHOOK_SECRET unset): fixed, so that a BFF started for development (bff-dev) and this
// stand-in run apart (bin/legacy) agree without being told, and published here, so never one a
// production BFF may hold.
const StandInWebhookSecret = "cms-stand-in-webhook-secret-for-development-only-never-production"

// Webhook says where the CMS sends its change events.
type Webhook struct {
	// URLs are the site's webhook endpoints (CMS_WEBHOOK_URL, comma-separated); none sends
	// nothing.
	URLs []string
	// Secret signs the events (CMS_WEBHOOK_SECRET).
	Secret []byte
	// Log receives a line per delivery; nil: slog.Default.
	Log *slog.Logger
	// Client sends the events; nil: one with a 5 s time-out that follows no redirect.
	Client *http.Client
	// RetryDelays are the pauses before the retries; nil: 200 ms, then 1 s.
	RetryDelays []time.Duration
}

// WebhookFromEnv reads CMS_WEBHOOK_URL (comma-separated URLs) and CMS_WEBHOOK_SECRET (the
// stand-in's fixed secret when empty) through getenv.
func WebhookFromEnv(getenv func(string) string) (Webhook, error) {
	w := Webhook{Secret: []byte(strings.TrimSpace(getenv("CMS_WEBHOOK_SECRET")))}
	if len(w.Secret) == 0 {
		w.Secret = []byte(StandInWebhookSecret)
	}
	urls, err := ParseWebhookURLs(getenv("CMS_WEBHOOK_URL"))
	w.URLs = urls
	return w, err
}

// ParseWebhookURLs reads a comma-separated list of absolute http(s) URLs.
func ParseWebhookURLs(raw string) ([]string, error) {
	var out []string
	for _, part := range strings.Split(raw, ",") {
		if part = strings.TrimSpace(part); part == "" {
			continue
		}
		u, err := url.Parse(part)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, fmt.Errorf("CMS_WEBHOOK_URL %q: want absolute http(s) URLs, comma-separated", part)
		}
		out = append(out, part)
	}
	return out, nil
}

// change is one changed item of an event, as publish.Change reads it on the site.
type change struct {
	Kind string `json:"kind"`
	ID   string `json:"id"`
}

// event is the body of one delivery.
type event struct {
	ID      string   `json:"id"`
	Changes []change `json:"changes"`
}

// notifier sends the events of one CMS.
type notifier struct {
	hook   Webhook
	now    func() time.Time
	client *http.Client
	delays []time.Duration
}

func newNotifier(hook Webhook, now func() time.Time) *notifier {
	if hook.Log == nil {
		hook.Log = slog.Default()
	}
	client := hook.Client
	if client == nil {
		client = &http.Client{
			Timeout:       5 * time.Second,
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		}
	}
	delays := hook.RetryDelays
	if delays == nil {
		delays = []time.Duration{200 * time.Millisecond, time.Second}
	}
	return &notifier{hook: hook, now: now, client: client, delays: delays}
}

// newEventID names an event: its time and a random part, in the characters the site accepts.
func newEventID(now time.Time) string {
	var b [4]byte
	_, _ = rand.Read(b[:]) // never fails (crypto/rand)
	return "evt-" + now.UTC().Format("20060102T150405Z") + "-" + hex.EncodeToString(b[:])
}

// notify sends an event of changes to every URL in the background and returns its id ("" when
// there is no URL to send it to).
func (n *notifier) notify(changes ...change) string {
	if len(n.hook.URLs) == 0 {
		return ""
	}
	e := event{ID: newEventID(n.now()), Changes: changes}
	body, _ := json.Marshal(e) // strings only: never fails
	for _, u := range n.hook.URLs {
		go n.deliver(u, e, body)
	}
	return e.ID
}

// deliver sends one event to one URL, retrying as the package says.
func (n *notifier) deliver(target string, e event, body []byte) {
	where := target
	if u, err := url.Parse(target); err == nil {
		where = u.Redacted()
	}
	var status int
	var err error
	for attempt := 0; ; attempt++ {
		status, err = n.send(target, body)
		switch {
		case err == nil && (status/100 == 2 || status == http.StatusConflict):
			n.hook.Log.Info("CMS change event delivered", "url", where, "event", e.ID, "changes", len(e.Changes), "status", status, "attempt", attempt+1)
			return
		case err == nil && status/100 == 4 && status != http.StatusRequestTimeout && status != http.StatusTooManyRequests:
			n.hook.Log.Warn("CMS change event refused by the site: not retried", "url", where, "event", e.ID, "status", status)
			return
		}
		if attempt == len(n.delays) {
			break
		}
		time.Sleep(n.delays[attempt])
	}
	n.hook.Log.Warn("CMS change event not delivered: the site shows the change when its caches expire", "url", where, "event", e.ID, "status", status, "err", err)
}

// send makes one attempt, signed now, and returns the site's status.
func (n *notifier) send(target string, body []byte) (int, error) {
	req, err := http.NewRequestWithContext(context.Background(), http.MethodPost, target, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(WebhookSignatureHeader, signWebhook(n.hook.Secret, n.now(), body))
	resp, err := n.client.Do(req)
	if err != nil {
		return 0, err
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
	return resp.StatusCode, nil
}

// signWebhook is the value of WebhookSignatureHeader of body sent at t.
func signWebhook(secret []byte, t time.Time, body []byte) string {
	ts := strconv.FormatInt(t.Unix(), 10)
	h := hmac.New(sha256.New, secret)
	h.Write([]byte(ts + "."))
	h.Write(body)
	return "t=" + ts + ",v1=" + hex.EncodeToString(h.Sum(nil))
}
