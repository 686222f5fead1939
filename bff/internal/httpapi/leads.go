package httpapi

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/leads"
	"github.com/jakarobotics/website/bff/internal/messages"
	"github.com/jakarobotics/website/bff/internal/outbox"
	"github.com/jakarobotics/website/bff/internal/upstream/crm"
)

// Body limits of the write operations, above the longest body the contract's maxLength bounds
// allow (in UTF-8, with JSON escapes) and well below MaxJSONBodyBytes: an enquiry's strings add
// up to about 3,500 characters, a form record's to 40 values of 2,000.
const (
	leadBodyLimit = 64 << 10
	formBodyLimit = 320 << 10
)

// IdempotencyHeader is the browser's key of one submission.
const IdempotencyHeader = "Idempotency-Key"

// clueReceipt is the data of addSaleClue and addOverseasSaleClue.
type clueReceipt struct {
	ClueID    *string `json:"clueId"`
	Duplicate bool    `json:"duplicate"`
	Queued    bool    `json:"queued"`
}

// formRecordReceipt is the data of customFormRecord.
type formRecordReceipt struct {
	RecordID  *int64 `json:"recordId"`
	Duplicate bool   `json:"duplicate"`
	Queued    bool   `json:"queued"`
}

// addSaleClue takes an enquiry of the Chinese site.
func (s *Server) addSaleClue(w http.ResponseWriter, r *http.Request) {
	var l crm.ChineseLead
	if err := decodeJSON(r, &l); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	if err := leads.NormalizeChinese(&l); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	s.submit(w, r, leads.KindChineseLead, l, LeadSubmitted)
}

// addOverseasSaleClue takes an enquiry of the other sites.
func (s *Server) addOverseasSaleClue(w http.ResponseWriter, r *http.Request) {
	var l crm.OverseasLead
	if err := decodeJSON(r, &l); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	if err := leads.NormalizeOverseas(&l); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	s.submit(w, r, leads.KindOverseasLead, l, LeadSubmitted)
}

// customFormRecord takes a filled-in CMS form after checking its values against the form's
// definition.
func (s *Server) customFormRecord(w http.ResponseWriter, r *http.Request) {
	var rec crm.FormRecord
	if err := decodeJSON(r, &rec); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	// The definition the visitor's page has just loaded, through the content cache: usually
	// there, and usable for a day while the CMS is down.
	form, err := s.contents.FormDefinition(r.Context(), rec.FormID, requestLang(r))
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	if err := leads.CheckRecord(&rec, form); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	rec.AccountID = 0
	if strings.TrimSpace(r.Header.Get("token")) != "" {
		// The record names the account of a logged-in visitor. The token is optional here: one
		// that cannot be checked leaves the record anonymous rather than losing it.
		if u, err := s.currentUser(r); err == nil {
			rec.AccountID = u.ID
		} else {
			s.Log.Debug("form record without account: token not accepted", "err", err)
		}
	}
	s.submit(w, r, leads.KindFormRecord, rec, FormSubmitted)
}

// submit files a write in the outbox and answers with its receipt. The idempotency key is the
// browser's Idempotency-Key, or one the BFF mints from the write itself and the time
// (leads.NewSubmission).
func (s *Server) submit(w http.ResponseWriter, r *http.Request, kind string, payload any, okText string) {
	if s.Outbox == nil {
		writeError(w, r, s.Log, apierr.New(apierr.UpstreamUnavailable, errors.New("no outbox configured")))
		return
	}
	sub, err := leads.NewSubmission(kind, payload, r.Header.Get(IdempotencyHeader), s.now())
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	// The visitor waits for the CRM at most half the operation's time-out: a slow CRM gets the
	// write from the outbox's worker, which allows it the whole time-out.
	ctx, cancel := context.WithTimeout(r.Context(), s.Timeout/2)
	defer cancel()
	receipt, err := s.Outbox.Submit(ctx, sub)
	switch {
	case errors.Is(err, outbox.ErrConflict):
		writeError(w, r, s.Log, apierr.New(IdempotencyConflict, err))
		return
	case err != nil:
		writeError(w, r, s.Log, apierr.New(apierr.Internal, fmt.Errorf("outbox: %w", err)))
		return
	case receipt.Rejected:
		writeError(w, r, s.Log, apierr.New(crm.Rejected, errors.New(receipt.Reason)))
		return
	}
	w.Header().Set(IdempotencyHeader, receipt.Key)
	var data any
	if kind == leads.KindFormRecord {
		out := formRecordReceipt{Duplicate: receipt.Duplicate, Queued: receipt.Queued}
		if receipt.Ref != "" {
			if id, err := strconv.ParseInt(receipt.Ref, 10, 64); err == nil && id > 0 {
				out.RecordID = &id
			}
		}
		data = out
	} else {
		out := clueReceipt{Duplicate: receipt.Duplicate, Queued: receipt.Queued}
		if receipt.Ref != "" {
			ref := receipt.Ref
			out.ClueID = &ref
		}
		data = out
	}
	writeEnvelope(w, http.StatusOK, envelope{Success: true, Code: http.StatusOK, Msg: messages.Text(okText, requestLang(r)), Data: data})
}
