package httpapi

import (
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/contentsvc"
	"github.com/jakarobotics/website/bff/internal/messages"
	"github.com/jakarobotics/website/bff/internal/upstream"
)

// envelope is the body of every /prod-api response.
type envelope struct {
	Success  bool                `json:"success"`
	Code     int                 `json:"code"`
	Msg      string              `json:"msg"`
	Data     any                 `json:"data"`
	ErrorKey apierr.Key          `json:"errorKey,omitempty"`
	Errors   []apierr.FieldError `json:"errors,omitempty"`
}

// requestLang is the wire language of r; a missing or unknown lang header means Chinese.
func requestLang(r *http.Request) messages.Lang {
	return messages.Parse(r.Header.Get("lang"))
}

// writeData answers success with data, encoded as JSON.
func writeData(w http.ResponseWriter, r *http.Request, data any) {
	writeEnvelope(w, http.StatusOK, envelope{
		Success: true,
		Code:    http.StatusOK,
		Msg:     messages.Text(messages.OK, requestLang(r)),
		Data:    data,
	})
}

// writeRaw answers success with raw JSON data.
func writeRaw(w http.ResponseWriter, r *http.Request, raw []byte) {
	body := contentsvc.Envelope(requestLang(r), raw)
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(body)
}

// writeError answers with the failure envelope of err. Internal errors and upstream failures are
// logged with their cause; the browser only sees the key and a localized text.
func writeError(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	if bodyTooSlow(r) {
		// Whatever the handler made of the cut-off body, the reason is its pace; the rest of it
		// is not waited for.
		err = apierr.New(RequestTooSlow, err)
		w.Header().Set("Connection", "close")
	}
	e := apierr.From(err)
	status := e.Status()
	if wait := upstream.RetryAfterSeconds(err); wait != "" {
		// The system's breaker is open: it is tried again after that, not before.
		w.Header().Set("Retry-After", wait)
	}
	switch {
	case status >= 500:
		log.ErrorContext(r.Context(), "request failed", "key", e.Key, "status", status, "path", r.URL.Path, "err", e.Err)
	case e.Err != nil:
		log.DebugContext(r.Context(), "request refused", "key", e.Key, "status", status, "path", r.URL.Path, "err", e.Err)
	}
	writeEnvelope(w, status, envelope{
		Success:  false,
		Code:     status,
		Msg:      messages.Text(string(e.Key), requestLang(r)),
		Data:     nil,
		ErrorKey: e.Key,
		Errors:   e.Fields,
	})
}

func writeEnvelope(w http.ResponseWriter, status int, env envelope) {
	body, err := json.Marshal(env)
	if err != nil {
		// Only a value that cannot be encoded gets here: a programming error, answered plainly.
		status = http.StatusInternalServerError
		body = []byte(`{"success":false,"code":500,"msg":"internal error","data":null,"errorKey":"internal"}`)
	}
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// decodeJSON reads a request body that the contract has already validated.
func decodeJSON(r *http.Request, v any) error {
	dec := json.NewDecoder(r.Body)
	if err := dec.Decode(v); err != nil {
		if errors.Is(err, io.EOF) {
			return apierr.Invalid(apierr.FieldError{Field: "body", Message: "a request body is required"})
		}
		return apierr.Invalid(apierr.FieldError{Field: "body", Message: "is not valid JSON"})
	}
	return nil
}
