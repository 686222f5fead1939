package publish

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/jakarobotics/website/bff/internal/apierr"
)

// Event is one notification of the CMS's webhook, its body:
//
//	{"id": "evt-20261129-0001", "changes": [{"kind": "product", "id": "101"}]}
//
// ID names the event: a delivery retried by the CMS carries the same id, and an id already taken
// is refused (see Seen). Changes are the items it changed, at least one.
type Event struct {
	ID      string   `json:"id"`
	Changes []Change `json:"changes"`
}

// MaxBodyBytes bounds the body of one event: a thousand changes fit in a third of it.
const MaxBodyBytes = 64 << 10

// MaxChanges bounds the changes of one event; the CMS sends a larger publish as several events,
// or as one change of a whole kind (an empty id).
const MaxChanges = 1000

// eventID is what an event's id may look like: a bounded token, safe in a log line.
var eventID = regexp.MustCompile(`^[A-Za-z0-9._:-]{1,128}$`)

// ParseEvent reads an event's body strictly: one JSON object with exactly the fields of Event,
// an id, and between 1 and MaxChanges changes each of a known kind. Anything else is a
// request.invalid error naming the field at fault.
func ParseEvent(body []byte) (Event, error) {
	var e Event
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&e); err != nil {
		return Event{}, invalid("body", jsonProblem(err))
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return Event{}, invalid("body", "holds more than one JSON value")
	}
	if !eventID.MatchString(e.ID) {
		return Event{}, invalid("id", "must be 1 to 128 of A-Z a-z 0-9 . _ : -")
	}
	if err := CheckChanges(e.Changes); err != nil {
		return Event{}, err
	}
	return e, nil
}

// CheckChanges reports what is wrong with a list of changes (none, too many, one unknown or
// malformed) as a request.invalid error, or nil.
func CheckChanges(changes []Change) error {
	if len(changes) == 0 || len(changes) > MaxChanges {
		return invalid("changes", fmt.Sprintf("must hold 1 to %d changes", MaxChanges))
	}
	for i, c := range changes {
		if err := c.Check(); err != nil {
			return invalid(fmt.Sprintf("changes[%d]", i), err.Error())
		}
	}
	return nil
}

func invalid(field, message string) error {
	return apierr.Invalid(apierr.FieldError{Field: field, Message: message})
}

// jsonProblem says what the decoder found wrong, without quoting the body.
func jsonProblem(err error) string {
	var typeErr *json.UnmarshalTypeError
	switch {
	case errors.As(err, &typeErr) && typeErr.Field != "":
		return fmt.Sprintf("%s must be a %s", typeErr.Field, typeErr.Type)
	case errors.As(err, &typeErr):
		return "must be a JSON object"
	case errors.Is(err, io.EOF):
		return "is empty"
	}
	if field, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return "has an unknown field " + field
	}
	return "is not valid JSON"
}
