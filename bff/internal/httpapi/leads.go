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
	"github.com/jakarobotics/website/bff/internal/ratelimit"
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

// The bot defences a lead carries (leads.Guard): the solved puzzle of getLeadChallenge, and the
// value of the form's hidden trap field, which a person never fills in. Headers, not body
// fields, so that the bodies stay what the CRM takes and no form builds them itself.
const (
	LeadProofHeader = "X-Lead-Proof"
	LeadTrapHeader  = "X-Lead-Trap"
)

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
	s.submit(w, r, leads.KindChineseLead, l, leads.ContactOfEmail(l.Email), LeadSubmitted)
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
	s.submit(w, r, leads.KindOverseasLead, l, leads.ContactOfEmail(l.Email), LeadSubmitted)
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
	s.submit(w, r, leads.KindFormRecord, rec, leads.RecordContact(rec, form), FormSubmitted)
}

// getLeadChallenge hands out a puzzle whose solution a lead must carry (leads.Puzzles). Each is
// new and works once: never cached.
func (s *Server) getLeadChallenge(w http.ResponseWriter, r *http.Request) {
	c, err := s.leadGuard.Puzzles().New()
	if err != nil {
		writeError(w, r, s.Log, apierr.New(apierr.Internal, err))
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeData(w, r, c)
}

// admitLead asks the lead guard whether a lead of the contact (leads.ContactOf…) filed under
// sub may go to the outbox; a refusal is answered here (429 with Retry-After, or 400) and
// returns nil.
func (s *Server) admitLead(w http.ResponseWriter, r *http.Request, sub outbox.Submission, contact string, needsProof bool) *leads.Pass {
	pass, wait, err := s.leadGuard.Admit(leads.Attempt{
		Client:     s.guard.clientKey(r),
		Contact:    contact,
		Trap:       r.Header.Get(LeadTrapHeader),
		Proof:      r.Header.Get(LeadProofHeader),
		NeedsProof: needsProof,
		Key:        sub.Key,
		Earlier:    sub.Earlier,
	})
	if err != nil {
		if wait > 0 {
			w.Header().Set("Retry-After", ratelimit.RetryAfter(wait))
		}
		writeError(w, r, s.Log, err)
		return nil
	}
	return pass
}

// submit files a write in the outbox and answers with its receipt. The idempotency key is the
// browser's Idempotency-Key, or one the BFF mints from the write itself and the time
// (leads.NewSubmission). The lead guard admits it first: a person's lead carries a solved
// puzzle and an empty trap field, and contact (leads.ContactOf…) names whose lead it is for
// the limits.
func (s *Server) submit(w http.ResponseWriter, r *http.Request, kind string, payload any, contact, okText string) {
	if s.Outbox == nil {
		writeError(w, r, s.Log, apierr.New(apierr.UpstreamUnavailable, errors.New("no outbox configured")))
		return
	}
	sub, err := leads.NewSubmission(kind, payload, r.Header.Get(IdempotencyHeader), s.now())
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	pass := s.admitLead(w, r, sub, contact, true)
	if pass == nil {
		return
	}
	// The visitor waits for the CRM at most half the operation's time-out: a slow CRM gets the
	// write from the outbox's worker, which allows it the whole time-out.
	ctx, cancel := context.WithTimeout(r.Context(), s.Timeout/2)
	defer cancel()
	receipt, err := s.Outbox.Submit(ctx, sub)
	pass.Settle(receipt, err)
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
