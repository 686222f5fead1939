package httpapi

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/leads"
	"github.com/jakarobotics/website/bff/internal/messages"
	"github.com/jakarobotics/website/bff/internal/outbox"
	"github.com/jakarobotics/website/bff/internal/plaintext"
	"github.com/jakarobotics/website/bff/internal/repair"
	"github.com/jakarobotics/website/bff/internal/uploads"
	"github.com/jakarobotics/website/bff/internal/upstream/itr"
)

// workOrderBodyLimit bounds addWorkOrder's body: the report's texts add up to about 6,000
// characters and 12 upload ids.
const workOrderBodyLimit = 64 << 10

// repairTexts are the messages of the report's field errors (repair_messages.go).
var repairTexts = repair.Texts{
	Required:          requiredText,
	NotInConsultation: notInConsultation,
	NotInRepair:       notInRepair,
	FutureDate:        futureFaultDate,
	NotYours:          attachmentMissing,
}

// addWorkOrder takes a repair report or a technical consultation of the logged-in user. The
// report is checked against the rules of its variant, its attachments against the user's own
// uploads, and it is filed in the outbox: created at once when the work-order system answers,
// queued for delivery when it does not.
func (s *Server) addWorkOrder(w http.ResponseWriter, r *http.Request) {
	u, err := s.currentUser(r)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	var rep itr.Report
	if err := decodeJSON(r, &rep); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	lang := requestLang(r)
	now := s.now()
	if errs := repair.CheckReport(&rep, now, lang, repairTexts); len(errs) > 0 {
		writeError(w, r, s.Log, apierr.Invalid(errs...))
		return
	}
	rep.Owner = u.ID
	if err := s.checkAttachments(r.Context(), rep, lang); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	if s.Outbox == nil {
		writeError(w, r, s.Log, apierr.New(apierr.UpstreamUnavailable, errors.New("no outbox configured")))
		return
	}
	browserKey := r.Header.Get(IdempotencyHeader)
	sub, err := repair.NewSubmission(rep, u.ID, browserKey, now)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	if sub.Key == "" {
		sub.Key, sub.Earlier = outbox.MintKeys(sub.Hash, now)
		browserKey = sub.Key
	}
	// A report needs a login, which bots do not have without an account's codes: it carries
	// no proof of work, but the trap field and the limits (per account) apply as to leads.
	pass := s.admitLead(w, r, sub, leads.ContactOfAccount(u.ID), false)
	if pass == nil {
		return
	}
	// The user waits for the system at most half the operation's time-out: a slow system gets
	// the report from the outbox's worker.
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
		writeError(w, r, s.Log, apierr.New(repair.RejectionKey(receipt.Reason), errors.New(receipt.Reason)))
		return
	}
	w.Header().Set(IdempotencyHeader, browserKey)
	writeEnvelope(w, http.StatusOK, envelope{Success: true, Code: http.StatusOK, Msg: messages.Text(RepairSubmitted, lang),
		Data: repair.ReceiptOf(receipt, repair.ReportTime(now))})
}

// checkAttachments makes sure that every upload the report refers to is the user's own and
// still there. When the work-order system cannot be asked (down, slow), the report goes on:
// the system checks again when the report is delivered.
func (s *Server) checkAttachments(ctx context.Context, rep itr.Report, lang messages.Lang) error {
	ids := repair.UniqueStrings(rep.Attachments())
	if len(ids) == 0 {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, s.Timeout/4)
	defer cancel()
	owned, err := s.ITR.Attachments(ctx, rep.Owner, ids)
	if err != nil {
		if repair.CheckedOnDelivery(err) {
			s.Log.Warn("attachments of a report not checked; the work-order system checks them on delivery", "err", err)
			return nil
		}
		return err
	}
	return repair.CheckOwned(rep, owned, lang, repairTexts)
}

// processList lists one page of the user's work orders: all of them, the pending ones (online
// report or in service) or the completed ones, newest first.
func (s *Server) processList(w http.ResponseWriter, r *http.Request) {
	u, err := s.currentUser(r)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	var q struct {
		PageNum  int    `json:"pageNum"`
		PageSize int    `json:"pageSize"`
		Status   string `json:"status"`
	}
	if err := decodeJSON(r, &q); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	if q.Status == "" {
		q.Status = "all"
	}
	page, err := s.ITR.WorkOrders(r.Context(), itr.Query{Owner: u.ID, Tab: q.Status, Page: q.PageNum, PageSize: q.PageSize})
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	writeData(w, r, repair.ListOf(page))
}

// repairDetail answers one work order of the user, with its steps and its attachments' preview
// links. Another user's work order is answered exactly like one that does not exist: 404.
func (s *Server) repairDetail(w http.ResponseWriter, r *http.Request) {
	u, err := s.currentUser(r)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	id, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	if err != nil {
		writeError(w, r, s.Log, apierr.New(itr.OrderNotFound, err))
		return
	}
	wo, err := s.ITR.WorkOrder(r.Context(), u.ID, id)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	out := repair.DetailOf(wo, func(a itr.Attachment) uploads.File { return s.fileData(u.ID, a) })
	writeData(w, r, out)
}

// companyList suggests customer companies for the repair form's company name, with the address
// that picking one fills in: a few (companyListLimit), for a keyword long enough to mean
// something (companyKeywordLongEnough), within the lookup limits of the client address and the
// user — an autocomplete, not a way to list the customer register.
func (s *Server) companyList(w http.ResponseWriter, r *http.Request) {
	u, err := s.currentUser(r)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	var q struct {
		Keyword string `json:"keyword"`
	}
	if err := decodeJSON(r, &q); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	keyword := plaintext.Line(q.Keyword)
	if !companyKeywordLongEnough(keyword) {
		writeData(w, r, []itr.Company{})
		return
	}
	if !s.allowLookup(w, r, s.guard.LookupCompanies, u.ID) {
		return
	}
	list, err := s.ITR.Companies(r.Context(), keyword, companyListLimit)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	list = list[:min(len(list), companyListLimit)] // whatever the service system answers
	writeData(w, r, list)
}
