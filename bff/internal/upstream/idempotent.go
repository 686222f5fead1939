package upstream

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
)

// IdempotencyHeader carries the key of a write to a legacy system, which stores each key once.
const IdempotencyHeader = "Idempotency-Key"

// WriteOutcome is what a legacy system did with an idempotent write.
type WriteOutcome int

const (
	// Stored: the write is new (200, 201).
	Stored WriteOutcome = iota
	// Duplicate: the system already held a write under the key (409); the answer describes
	// that first write.
	Duplicate
	// Refused: the system refused the write on business grounds (422); the answer says why, and
	// repeating the write cannot change it.
	Refused
)

// WriteAnswer is a legacy system's answer to an idempotent write.
type WriteAnswer struct {
	Outcome WriteOutcome
	Status  int
	// Body is the answer's JSON, for the system's client to read in the system's own terms.
	Body []byte
}

// PostIdempotent posts body as JSON to path under the idempotency key, asking for JSON back.
// The system stores each key once, so the write may be repeated safely, and is by the outbox:
// a transport failure or a 5xx is an upstream.* error, to be retried; 200, 201, 409 and 422 are
// answers (WriteAnswer); any other status is upstream.bad_gateway, retried too, since a write
// the system could not read is the BFF's mistake and never a reason to drop it.
func (c *Client) PostIdempotent(ctx context.Context, path, key string, body any) (WriteAnswer, error) {
	payload, err := json.Marshal(body)
	if err != nil {
		return WriteAnswer{}, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.URL(path, nil), bytes.NewReader(payload))
	if err != nil {
		return WriteAnswer{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	req.Header.Set(IdempotencyHeader, key)
	resp, err := c.Do(req)
	if err != nil {
		return WriteAnswer{}, err
	}
	ans := WriteAnswer{Status: resp.Status, Body: resp.Body}
	switch resp.Status {
	case http.StatusCreated, http.StatusOK:
		ans.Outcome = Stored
	case http.StatusConflict:
		ans.Outcome = Duplicate
	case http.StatusUnprocessableEntity:
		ans.Outcome = Refused
	default:
		var e struct {
			Message string `json:"message"`
		}
		_ = json.Unmarshal(resp.Body, &e)
		return WriteAnswer{}, c.BadAnswer("POST %s: status %d: %s", path, resp.Status, e.Message)
	}
	return ans, nil
}
