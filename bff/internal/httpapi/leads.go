package httpapi

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/messages"
	"github.com/jakarobotics/website/bff/internal/oapi"
	"github.com/jakarobotics/website/bff/internal/outbox"
	"github.com/jakarobotics/website/bff/internal/upstream/content"
	"github.com/jakarobotics/website/bff/internal/upstream/crm"
)

// The kinds of writes the outbox keeps for the CRM.
const (
	KindChineseLead  = "crm.chinese_lead"
	KindOverseasLead = "crm.overseas_lead"
	KindFormRecord   = "crm.form_record"
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

// leadClock is the clock of minted idempotency keys; tests replace it.
var leadClock = time.Now

// LeadDelivery is the outbox's DeliverFunc for the CRM writes: it sends a stored item with its
// idempotency key and tells a refusal (never retried) from a failure (retried).
func LeadDelivery(c crm.Client) outbox.DeliverFunc {
	return func(ctx context.Context, it outbox.Item) (outbox.Delivery, error) {
		var (
			receipt crm.Receipt
			err     error
		)
		switch it.Kind {
		case KindChineseLead:
			var l crm.ChineseLead
			if err := json.Unmarshal(it.Payload, &l); err != nil {
				return outbox.Delivery{}, outbox.Permanent(fmt.Errorf("unreadable %s: %w", it.Kind, err))
			}
			receipt, err = c.AddChineseLead(ctx, it.Key, l)
		case KindOverseasLead:
			var l crm.OverseasLead
			if err := json.Unmarshal(it.Payload, &l); err != nil {
				return outbox.Delivery{}, outbox.Permanent(fmt.Errorf("unreadable %s: %w", it.Kind, err))
			}
			receipt, err = c.AddOverseasLead(ctx, it.Key, l)
		case KindFormRecord:
			var rec crm.FormRecord
			if err := json.Unmarshal(it.Payload, &rec); err != nil {
				return outbox.Delivery{}, outbox.Permanent(fmt.Errorf("unreadable %s: %w", it.Kind, err))
			}
			receipt, err = c.AddFormRecord(ctx, it.Key, rec)
		default:
			// Written by another version of the BFF: kept and retried, never dropped.
			return outbox.Delivery{}, fmt.Errorf("outbox item of unknown kind %q", it.Kind)
		}
		if err != nil {
			if apierr.From(err).Key == crm.Rejected {
				return outbox.Delivery{}, outbox.Permanent(err)
			}
			return outbox.Delivery{}, err
		}
		return outbox.Delivery{Ref: receipt.ID, Duplicate: receipt.Duplicate}, nil
	}
}

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
	l.UserName, l.PhoneNumber, l.Email = line(l.UserName), line(l.PhoneNumber), line(l.Email)
	l.City, l.CompanyName, l.ClueName, l.SourcePage = line(l.City), line(l.CompanyName), line(l.ClueName), line(l.SourcePage)
	l.SpecificRequirements = text(l.SpecificRequirements)
	tags := make([]string, 0, len(l.Tags))
	for _, t := range l.Tags {
		if t = line(t); t != "" {
			tags = append(tags, t)
		}
	}
	l.Tags = tags
	if err := notBlank(map[string]string{
		"userName": l.UserName, "phoneNumber": l.PhoneNumber, "email": l.Email, "city": l.City,
		"companyName": l.CompanyName, "specificRequirements": l.SpecificRequirements, "sourcePage": l.SourcePage,
	}); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	s.submit(w, r, KindChineseLead, l, LeadSubmitted)
}

// addOverseasSaleClue takes an enquiry of the other sites.
func (s *Server) addOverseasSaleClue(w http.ResponseWriter, r *http.Request) {
	var l crm.OverseasLead
	if err := decodeJSON(r, &l); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	l.UserName, l.Phone, l.Email = line(l.UserName), line(l.Phone), line(l.Email)
	l.CompanyName, l.CompanyType, l.Country, l.SourcePage = line(l.CompanyName), line(l.CompanyType), line(l.Country), line(l.SourcePage)
	l.Comment = text(l.Comment)
	for i := range l.Industry {
		l.Industry[i] = line(l.Industry[i])
	}
	fields := map[string]string{
		"userName": l.UserName, "phone": l.Phone, "email": l.Email, "companyName": l.CompanyName,
		"companyType": l.CompanyType, "comment": l.Comment, "sourcePage": l.SourcePage,
	}
	if len(l.Industry) > 0 {
		fields["industry/0"] = l.Industry[0]
	}
	if err := notBlank(fields); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	s.submit(w, r, KindOverseasLead, l, LeadSubmitted)
}

// customFormRecord takes a filled-in CMS form after checking its values against the form's
// definition.
func (s *Server) customFormRecord(w http.ResponseWriter, r *http.Request) {
	var rec crm.FormRecord
	if err := decodeJSON(r, &rec); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	rec.SourcePage = line(rec.SourcePage)
	def, err := s.formDefinition(r, rec.FormID)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	values, fieldErrs := def.check(rec.Values)
	if rec.SourcePage == "" {
		fieldErrs = append(fieldErrs, apierr.FieldError{Field: "sourcePage", Message: "is required"})
	}
	if len(fieldErrs) > 0 {
		writeError(w, r, s.Log, apierr.Invalid(fieldErrs...))
		return
	}
	rec.Values = values
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
	s.submit(w, r, KindFormRecord, rec, FormSubmitted)
}

// submit files a write in the outbox and answers with its receipt. The idempotency key is the
// browser's Idempotency-Key, or one the BFF mints from the write itself (see mintKeys).
func (s *Server) submit(w http.ResponseWriter, r *http.Request, kind string, payload any, okText string) {
	if s.Outbox == nil {
		writeError(w, r, s.Log, apierr.New(apierr.UpstreamUnavailable, errors.New("no outbox configured")))
		return
	}
	body, err := json.Marshal(payload)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	sum := sha256.Sum256(append([]byte(kind+"\n"), body...))
	hash := hex.EncodeToString(sum[:])
	sub := outbox.Submission{Key: r.Header.Get(IdempotencyHeader), Kind: kind, Hash: hash, Payload: body}
	if sub.Key == "" {
		sub.Key, sub.Earlier = mintKeys(hash, leadClock())
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
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set(IdempotencyHeader, receipt.Key)
	var data any
	if kind == KindFormRecord {
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

// mintKeys returns the key of a write sent without an Idempotency-Key, and the key the same write
// had in the previous minute. The key is a hash of the normalized write and the minute it
// arrived in: a double click, a retry by a flaky network or a resubmitted form within a minute
// or two is the same key and so one lead, while the same enquiry sent again later is a new one.
// Looking up the previous minute's key as well means that a double click across a minute
// boundary is still one lead. The visitor's address is left out on purpose: a retry often
// comes from another address (mobile networks), and two visitors never send the same enquiry,
// name, phone and e-mail alike.
func mintKeys(hash string, now time.Time) (key string, earlier []string) {
	minute := now.Unix() / 60
	mint := func(m int64) string {
		sum := sha256.Sum256([]byte(hash + "\n" + strconv.FormatInt(m, 10)))
		return "bff-" + hex.EncodeToString(sum[:16])
	}
	return mint(minute), []string{mint(minute - 1)}
}

// line normalizes a one-line text: control characters (line breaks too) become spaces, white
// space at the ends goes. Text is never parsed as HTML: "<b>" stays the three characters "<b>",
// travels as a JSON string (escaped as \u003c…), and is stored by the CRM as text.
func line(s string) string {
	return strings.TrimSpace(strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return ' '
		}
		return r
	}, s))
}

// text normalizes a multi-line text: CRLF and CR become LF, other control characters but tab
// go, white space at the ends goes.
func text(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	return strings.TrimSpace(strings.Map(func(r rune) rune {
		if r != '\n' && r != '\t' && unicode.IsControl(r) {
			return -1
		}
		return r
	}, s))
}

// notBlank reports the fields that are empty once normalized (the contract's minLength lets "  "
// through).
func notBlank(fields map[string]string) error {
	var errs []apierr.FieldError
	for name, v := range fields {
		if v == "" {
			errs = append(errs, apierr.FieldError{Field: name, Message: "is required"})
		}
	}
	if len(errs) == 0 {
		return nil
	}
	sortFieldErrors(errs)
	return apierr.Invalid(errs...)
}

// sortFieldErrors orders errors by field, so that answers do not depend on map order.
func sortFieldErrors(errs []apierr.FieldError) {
	slices.SortFunc(errs, func(a, b apierr.FieldError) int { return strings.Compare(a.Field, b.Field) })
}

// formDef is the part of a CMS form definition (customForm) that its values are checked against.
type formDef struct {
	ID     int64       `json:"id"`
	Fields []formField `json:"fields"`
}

type formField struct {
	Name      string `json:"name"`
	Type      string `json:"type"`
	Required  bool   `json:"required"`
	MaxLength *int   `json:"maxLength"`
	Options   []struct {
		Value string `json:"value"`
	} `json:"options"`
}

// formRoute is the content operation whose cached answer holds a form's definition.
const formRoute = oapi.BasePath + "/api/customForm/{id}"

// formDefinition reads the definition of form id in the request's language through the content
// cache, under the same key as the customForm operation: the definition the visitor's page has
// just loaded is usually there, and it stays usable for a day while the CMS is down.
func (s *Server) formDefinition(r *http.Request, id int64) (formDef, error) {
	lang := requestLang(r)
	idText := strconv.FormatInt(id, 10)
	key := s.keys.contentKey("/api/customForm/"+idText, lang)
	entry, _, err := s.Cache.Load(r.Context(), key, formRoute, structurePolicy, s.Timeout, func(ctx context.Context) ([]byte, error) {
		data, err := s.Content.Get(ctx, content.Request{Resource: "/forms/" + idText, Locale: string(lang)})
		if err != nil {
			return nil, err
		}
		return wrapRaw(lang, data), nil
	})
	if err != nil {
		if apierr.From(err).Key == apierr.NotFound {
			return formDef{}, apierr.Invalid(apierr.FieldError{Field: "formId", Message: "no such form"})
		}
		return formDef{}, err
	}
	var env struct {
		Data formDef `json:"data"`
	}
	if err := json.Unmarshal(entry.Body, &env); err != nil {
		return formDef{}, apierr.New(apierr.UpstreamBadGateway, fmt.Errorf("form %d: %w", id, err))
	}
	return env.Data, nil
}

var (
	emailRE = regexp.MustCompile(`^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$`)
	phoneRE = regexp.MustCompile(`^\+?(?:[0-9]{1,3}[ .-]?)?[0-9](?:[ .-]?[0-9]){4,14}$`)
)

// defaultMaxLength is a form value's bound when its field names none (as the contract says).
const defaultMaxLength = 2000

// check normalizes values and checks them against the form: every name is a field, required
// fields have a value, values fit their field's length, choices are among the options, e-mail
// addresses and phone numbers have the patterns of spec section 5.
func (f formDef) check(values map[string]string) (map[string]string, []apierr.FieldError) {
	var errs []apierr.FieldError
	fail := func(name, msg string) {
		errs = append(errs, apierr.FieldError{Field: "values/" + name, Message: msg})
	}
	byName := map[string]formField{}
	for _, fl := range f.Fields {
		byName[fl.Name] = fl
	}
	out := map[string]string{}
	for name, v := range values {
		fl, ok := byName[name]
		if !ok {
			fail(name, "is not a field of this form")
			continue
		}
		if fl.Type == "textarea" {
			v = text(v)
		} else {
			v = line(v)
		}
		if v == "" {
			continue // an empty optional value is left out; a required one is reported below
		}
		limit := defaultMaxLength
		if fl.MaxLength != nil && *fl.MaxLength > 0 {
			limit = *fl.MaxLength
		}
		if n := utf8.RuneCountInString(v); n > limit {
			fail(name, fmt.Sprintf("is longer than %d characters", limit))
			continue
		}
		switch fl.Type {
		case "email":
			if !emailRE.MatchString(v) {
				fail(name, "is not an e-mail address")
				continue
			}
		case "phone":
			if !phoneRE.MatchString(v) {
				fail(name, "is not a phone number")
				continue
			}
		case "select", "radio":
			if !fl.hasOption(v) {
				fail(name, "is not one of the choices")
				continue
			}
		case "checkbox":
			bad := false
			for _, part := range strings.Split(v, ",") {
				if !fl.hasOption(strings.TrimSpace(part)) {
					bad = true
				}
			}
			if bad {
				fail(name, "is not among the choices")
				continue
			}
		}
		out[name] = v
	}
	for _, fl := range f.Fields {
		if _, ok := out[fl.Name]; fl.Required && !ok && !hasError(errs, "values/"+fl.Name) {
			fail(fl.Name, "is required")
		}
	}
	sortFieldErrors(errs)
	return out, errs
}

func (fl formField) hasOption(v string) bool {
	for _, o := range fl.Options {
		if o.Value == v {
			return true
		}
	}
	return false
}

func hasError(errs []apierr.FieldError, field string) bool {
	for _, e := range errs {
		if e.Field == field {
			return true
		}
	}
	return false
}
