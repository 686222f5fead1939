package httpapi

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/messages"
	"github.com/jakarobotics/website/bff/internal/outbox"
	"github.com/jakarobotics/website/bff/internal/upstream/itr"
)

// KindWorkOrder is the outbox's kind of a repair report for the work-order system. Work orders
// share the outbox of leads: one file, one worker, one idempotency memory, told apart by kind
// (see OutboxDelivery).
const KindWorkOrder = "itr.work_order"

// workOrderBodyLimit bounds addWorkOrder's body: the report's texts add up to about 6,000
// characters and 12 upload ids.
const workOrderBodyLimit = 64 << 10

// OutboxDelivery is the outbox's DeliverFunc for every kind it keeps: work orders (kind itr.…)
// go to workOrders, everything else (the CRM's leads and form records) to leads.
func OutboxDelivery(leads, workOrders outbox.DeliverFunc) outbox.DeliverFunc {
	return func(ctx context.Context, it outbox.Item) (outbox.Delivery, error) {
		if strings.HasPrefix(it.Kind, "itr.") {
			return workOrders(ctx, it)
		}
		return leads(ctx, it)
	}
}

// WorkOrderDelivery delivers a stored repair report to the work-order system under its
// idempotency key. A refusal (an attachment that is not the user's, a report the system will
// not take) is never retried; any other failure is.
func WorkOrderDelivery(c itr.Client) outbox.DeliverFunc {
	return func(ctx context.Context, it outbox.Item) (outbox.Delivery, error) {
		if it.Kind != KindWorkOrder {
			// Written by another version of the BFF: kept and retried, never dropped.
			return outbox.Delivery{}, fmt.Errorf("outbox item of unknown kind %q", it.Kind)
		}
		var rep itr.Report
		if err := json.Unmarshal(it.Payload, &rep); err != nil {
			return outbox.Delivery{}, outbox.Permanent(fmt.Errorf("unreadable %s: %w", it.Kind, err))
		}
		receipt, err := c.CreateWorkOrder(ctx, it.Key, rep)
		if err != nil {
			if k := apierr.From(err).Key; k == itr.AttachmentNotYours || k == itr.Rejected {
				return outbox.Delivery{}, outbox.Permanent(err)
			}
			return outbox.Delivery{}, err
		}
		// The receipt is the delivery's ref, so that a repeated submission is answered with the
		// work order the first one created.
		ref, err := json.Marshal(receipt)
		if err != nil {
			return outbox.Delivery{}, err
		}
		return outbox.Delivery{Ref: string(ref), Duplicate: receipt.Duplicate}, nil
	}
}

// workOrderReceipt is the data of addWorkOrder (WorkOrderReceipt).
type workOrderReceipt struct {
	ID            *int64     `json:"id"`
	ServiceNumber *string    `json:"serviceNumber"`
	ReportTime    time.Time  `json:"reportTime"`
	Status        itr.Status `json:"status"`
	Queued        bool       `json:"queued"`
	Duplicate     bool       `json:"duplicate"`
}

// reportClock is the clock of report times and minted keys; tests replace it.
var reportClock = time.Now

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
	now := reportClock()
	if errs := checkReport(&rep, lang, now); len(errs) > 0 {
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

	// The submission's identity is the report and its user, not when it came: a double click
	// a second later is the same report.
	content, err := json.Marshal(rep)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	sum := sha256.Sum256(append([]byte(KindWorkOrder+"\n"), content...))
	hash := hex.EncodeToString(sum[:])
	rep.ReportTime = now.UTC().Truncate(time.Second)
	payload, err := json.Marshal(rep)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	browserKey := r.Header.Get(IdempotencyHeader)
	sub := outbox.Submission{Kind: KindWorkOrder, Hash: hash, Payload: payload}
	if browserKey != "" {
		// Keys are chosen by browsers: the user's id keeps one user's key from meeting
		// another's.
		sub.Key = "wo-" + strconv.FormatInt(u.ID, 10) + "-" + browserKey
	} else {
		sub.Key, sub.Earlier = mintKeys(hash, now)
		browserKey = sub.Key
	}
	// The user waits for the system at most half the operation's time-out: a slow system gets
	// the report from the outbox's worker.
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
		// The reason is the delivery's error, which starts with its key (apierr.Error's text).
		key := itr.Rejected
		if strings.HasPrefix(receipt.Reason, string(itr.AttachmentNotYours)) {
			key = itr.AttachmentNotYours
		}
		writeError(w, r, s.Log, apierr.New(key, errors.New(receipt.Reason)))
		return
	}
	out := workOrderReceipt{ReportTime: rep.ReportTime, Status: itr.OnlineReport, Queued: receipt.Queued, Duplicate: receipt.Duplicate}
	if receipt.Ref != "" {
		var first itr.Receipt
		if err := json.Unmarshal([]byte(receipt.Ref), &first); err == nil && first.ID > 0 {
			out.ID, out.ServiceNumber = &first.ID, &first.ServiceNumber
			out.ReportTime, out.Status = first.ReportTime, first.Status
		}
	}
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set(IdempotencyHeader, browserKey)
	writeEnvelope(w, http.StatusOK, envelope{Success: true, Code: http.StatusOK, Msg: messages.Text(RepairSubmitted, lang), Data: out})
}

// checkAttachments makes sure that every upload the report refers to is the user's own and
// still there. When the work-order system cannot be asked (down, slow), the report goes on:
// the system checks again when the report is delivered.
func (s *Server) checkAttachments(ctx context.Context, rep itr.Report, lang messages.Lang) error {
	ids := rep.Attachments()
	if len(ids) == 0 {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, s.Timeout/4)
	defer cancel()
	owned, err := s.ITR.Attachments(ctx, rep.Owner, uniqueStrings(ids))
	if err != nil {
		if isUpstreamFailure(err) {
			s.Log.Warn("attachments of a report not checked; the work-order system checks them on delivery", "err", err)
			return nil
		}
		return err
	}
	mine := map[string]bool{}
	for _, a := range owned {
		mine[a.ID] = true
	}
	var errs []apierr.FieldError
	for _, list := range []struct {
		field string
		ids   []string
	}{{"faultAttachments", rep.FaultAttachments}, {"softwareVersionAttachments", rep.SoftwareVersionAttachments}} {
		for i, id := range list.ids {
			if !mine[id] {
				errs = append(errs, apierr.FieldError{Field: list.field + "/" + strconv.Itoa(i), Message: messages.Text(attachmentMissing, lang)})
			}
		}
	}
	if len(errs) > 0 {
		return &apierr.Error{Key: itr.AttachmentNotYours, Fields: errs}
	}
	return nil
}

// checkReport normalizes a report and checks the rules of its variant (x-required-by-variant of
// the contract): the fields each variant requires are there and not blank, the fields of the
// other variant are absent, the fault date is not after today. Each field error's message is in
// the request's language. Attachments named twice are kept once.
func checkReport(rep *itr.Report, lang messages.Lang, now time.Time) []apierr.FieldError {
	for _, f := range []*string{&rep.RobotCode, &rep.CabinetCode, &rep.IssueDate, &rep.ControllerVersion, &rep.ServoVersion,
		&rep.SCBVersion, &rep.AppVersion, &rep.SDKVersion, &rep.CompanyName, &rep.CompanyAddress, &rep.ReporterName,
		&rep.Phone, &rep.Email, &rep.IssueInformation} {
		*f = line(*f)
	}
	rep.FaultDescription, rep.ProblemDescription = text(rep.FaultDescription), text(rep.ProblemDescription)
	rep.FaultAttachments = uniqueStrings(rep.FaultAttachments)
	rep.SoftwareVersionAttachments = uniqueStrings(rep.SoftwareVersionAttachments)

	var errs []apierr.FieldError
	required := func(field, value string) {
		if value == "" {
			errs = append(errs, apierr.FieldError{Field: field, Message: messages.Text(requiredText(field), lang)})
		}
	}
	absent := func(field string, present bool, why string) {
		if present {
			errs = append(errs, apierr.FieldError{Field: field, Message: messages.Text(why, lang)})
		}
	}
	if rep.Variant == "consultation" {
		for _, f := range []struct {
			name    string
			present bool
		}{
			{"robotCode", rep.RobotCode != ""}, {"cabinetCode", rep.CabinetCode != ""}, {"issueDate", rep.IssueDate != ""},
			{"faultDescription", rep.FaultDescription != ""}, {"firstUse", rep.FirstUse != nil},
			{"companyName", rep.CompanyName != ""}, {"companyAddress", rep.CompanyAddress != ""},
			{"softwareVersionAttachments", len(rep.SoftwareVersionAttachments) > 0},
			{"controllerVersion", rep.ControllerVersion != ""}, {"servoVersion", rep.ServoVersion != ""},
			{"scbVersion", rep.SCBVersion != ""}, {"appVersion", rep.AppVersion != ""}, {"sdkVersion", rep.SDKVersion != ""},
		} {
			absent(f.name, f.present, notInConsultation)
		}
		required("issueInformation", rep.IssueInformation)
		required("problemDescription", rep.ProblemDescription)
	} else {
		required("robotCode", rep.RobotCode)
		required("cabinetCode", rep.CabinetCode)
		required("issueDate", rep.IssueDate)
		// The latest day anywhere on Earth: a user far east of the BFF may be a day ahead.
		if rep.IssueDate != "" && rep.IssueDate > now.UTC().Add(14*time.Hour).Format(time.DateOnly) {
			errs = append(errs, apierr.FieldError{Field: "issueDate", Message: messages.Text(futureFaultDate, lang)})
		}
		required("faultDescription", rep.FaultDescription)
		if rep.FirstUse == nil {
			required("firstUse", "")
		}
		required("companyName", rep.CompanyName)
		required("companyAddress", rep.CompanyAddress)
		absent("issueInformation", rep.IssueInformation != "", notInRepair)
		absent("problemDescription", rep.ProblemDescription != "", notInRepair)
	}
	required("reporterName", rep.ReporterName)
	required("phone", rep.Phone)
	required("email", rep.Email)
	return errs
}

// uniqueStrings keeps the first of each string, in order.
func uniqueStrings(list []string) []string {
	if len(list) == 0 {
		return nil
	}
	seen := map[string]bool{}
	out := make([]string, 0, len(list))
	for _, s := range list {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// workOrderRow is a row of processList (WorkOrderSummary).
type workOrderRow struct {
	ID            int64      `json:"id"`
	ServiceNumber string     `json:"serviceNumber"`
	ReportTime    time.Time  `json:"reportTime"`
	Status        itr.Status `json:"status"`
	RobotCode     *string    `json:"robotCode"`
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
	rows := make([]workOrderRow, 0, len(page.Rows))
	for _, o := range page.Rows {
		rows = append(rows, workOrderRow{ID: o.ID, ServiceNumber: o.ServiceNumber, ReportTime: o.ReportTime, Status: o.Status, RobotCode: nullable(o.RobotCode)})
	}
	w.Header().Set("Cache-Control", "no-store")
	writeData(w, r, map[string]any{"total": page.Total, "rows": rows})
}

// nullable is nil for an empty string.
func nullable(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// workOrderStep is a step of a work order (WorkOrderStep).
type workOrderStep struct {
	Status itr.Status `json:"status"`
	Time   *time.Time `json:"time"`
}

// workOrderData is the data of repairDetail (WorkOrder).
type workOrderData struct {
	ID               int64           `json:"id"`
	ServiceNumber    string          `json:"serviceNumber"`
	Variant          string          `json:"variant"`
	ReportTime       time.Time       `json:"reportTime"`
	Status           itr.Status      `json:"status"`
	FaultTime        *string         `json:"faultTime"`
	RobotCode        *string         `json:"robotCode"`
	RobotBody        *string         `json:"robotBody"`
	CabinetCode      *string         `json:"cabinetCode"`
	FaultDescription string          `json:"faultDescription"`
	IssueInformation *string         `json:"issueInformation"`
	Attachments      []uploadedFile  `json:"attachments"`
	ContactName      string          `json:"contactName"`
	ContactPhone     string          `json:"contactPhone"`
	ContactEmail     string          `json:"contactEmail"`
	CustomerAddress  *string         `json:"customerAddress"`
	CompanyName      *string         `json:"companyName"`
	Steps            []workOrderStep `json:"steps"`
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
	out := workOrderData{
		ID: wo.ID, ServiceNumber: wo.ServiceNumber, Variant: wo.Variant, ReportTime: wo.ReportTime, Status: wo.Status,
		FaultTime: nullable(wo.FaultDate), RobotCode: nullable(wo.RobotCode), RobotBody: nullable(wo.RobotBody),
		CabinetCode: nullable(wo.CabinetCode), FaultDescription: wo.FaultDescription, IssueInformation: nullable(wo.IssueInformation),
		Attachments: []uploadedFile{}, ContactName: wo.ContactName, ContactPhone: wo.ContactPhone, ContactEmail: wo.ContactEmail,
		CustomerAddress: nullable(wo.CompanyAddress), CompanyName: nullable(wo.CompanyName),
	}
	for _, a := range wo.Attachments {
		out.Attachments = append(out.Attachments, s.fileData(u.ID, a))
	}
	for _, st := range wo.Steps {
		step := workOrderStep{Status: st.Status}
		if !st.Time.IsZero() {
			t := st.Time
			step.Time = &t
		}
		out.Steps = append(out.Steps, step)
	}
	w.Header().Set("Cache-Control", "no-store")
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
	keyword := line(q.Keyword)
	if !companyKeywordLongEnough(keyword) {
		w.Header().Set("Cache-Control", "no-store")
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
	w.Header().Set("Cache-Control", "no-store")
	writeData(w, r, list)
}

// isUpstreamFailure reports whether err is a failure of a legacy system rather than an answer.
func isUpstreamFailure(err error) bool {
	switch apierr.From(err).Key {
	case apierr.UpstreamUnavailable, apierr.UpstreamTimeout, apierr.UpstreamBadGateway:
		return true
	}
	return false
}
