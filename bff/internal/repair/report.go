// Package repair holds the rules of repair reports and work orders, apart from HTTP: what a
// report of each variant must and must not hold, which attachments a user may name, how a
// report becomes the outbox's submission and is delivered to the work-order system from there,
// and how work orders are shown to their owner.
package repair

import (
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/messages"
	"github.com/jakarobotics/website/bff/internal/outbox"
	"github.com/jakarobotics/website/bff/internal/plaintext"
	"github.com/jakarobotics/website/bff/internal/upstream/itr"
)

// Texts are the message keys of the report's field errors in the server's catalogue; each field
// error's message is the key's text in the request's language.
type Texts struct {
	// Required is the key of the message of a required field left out or blank.
	Required func(field string) string
	// NotInConsultation and NotInRepair name a field of the other variant.
	NotInConsultation, NotInRepair string
	// FutureDate is a fault dated after today.
	FutureDate string
	// NotYours is an attachment the user did not upload or has removed.
	NotYours string
}

// CheckReport normalizes a report and checks the rules of its variant (x-required-by-variant of
// the contract): the fields each variant requires are there and not blank, the fields of the
// other variant are absent, the fault date is not after today (now). Each field error's message
// is in lang. Attachments named twice are kept once.
func CheckReport(rep *itr.Report, now time.Time, lang messages.Lang, t Texts) []apierr.FieldError {
	for _, f := range []*string{&rep.RobotCode, &rep.CabinetCode, &rep.IssueDate, &rep.ControllerVersion, &rep.ServoVersion,
		&rep.SCBVersion, &rep.AppVersion, &rep.SDKVersion, &rep.CompanyName, &rep.CompanyAddress, &rep.ReporterName,
		&rep.Phone, &rep.Email, &rep.IssueInformation} {
		*f = plaintext.Line(*f)
	}
	rep.FaultDescription, rep.ProblemDescription = plaintext.Text(rep.FaultDescription), plaintext.Text(rep.ProblemDescription)
	rep.FaultAttachments = UniqueStrings(rep.FaultAttachments)
	rep.SoftwareVersionAttachments = UniqueStrings(rep.SoftwareVersionAttachments)

	var errs []apierr.FieldError
	required := func(field, value string) {
		if value == "" {
			errs = append(errs, apierr.FieldError{Field: field, Message: messages.Text(t.Required(field), lang)})
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
			absent(f.name, f.present, t.NotInConsultation)
		}
		required("issueInformation", rep.IssueInformation)
		required("problemDescription", rep.ProblemDescription)
	} else {
		required("robotCode", rep.RobotCode)
		required("cabinetCode", rep.CabinetCode)
		required("issueDate", rep.IssueDate)
		// The latest day anywhere on Earth: a user far east of the BFF may be a day ahead.
		if rep.IssueDate != "" && rep.IssueDate > now.UTC().Add(14*time.Hour).Format(time.DateOnly) {
			errs = append(errs, apierr.FieldError{Field: "issueDate", Message: messages.Text(t.FutureDate, lang)})
		}
		required("faultDescription", rep.FaultDescription)
		if rep.FirstUse == nil {
			required("firstUse", "")
		}
		required("companyName", rep.CompanyName)
		required("companyAddress", rep.CompanyAddress)
		absent("issueInformation", rep.IssueInformation != "", t.NotInRepair)
		absent("problemDescription", rep.ProblemDescription != "", t.NotInRepair)
	}
	required("reporterName", rep.ReporterName)
	required("phone", rep.Phone)
	required("email", rep.Email)
	return errs
}

// UniqueStrings keeps the first of each string, in order.
func UniqueStrings(list []string) []string {
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

// CheckOwned checks that every attachment the report names is among owned, the user's own
// uploads that are still there; each other one is a field error (faultAttachments/1) under
// itr.AttachmentNotYours.
func CheckOwned(rep itr.Report, owned []itr.Attachment, lang messages.Lang, t Texts) error {
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
				errs = append(errs, apierr.FieldError{Field: list.field + "/" + strconv.Itoa(i), Message: messages.Text(t.NotYours, lang)})
			}
		}
	}
	if len(errs) > 0 {
		return &apierr.Error{Key: itr.AttachmentNotYours, Fields: errs}
	}
	return nil
}

// CheckedOnDelivery reports whether err, met while asking the work-order system about a report's
// attachments, is a failure of the system rather than an answer: the report then goes on, and
// the system checks the attachments when the report is delivered.
func CheckedOnDelivery(err error) bool {
	switch apierr.From(err).Key {
	case apierr.UpstreamUnavailable, apierr.UpstreamTimeout, apierr.UpstreamBadGateway:
		return true
	}
	return false
}

// NewSubmission makes a checked report of user into the outbox's submission, dated now. Its
// identity (Hash) is the report and its user, not when it came: a double click a second later is
// the same report. A browser's idempotency key becomes the submission's key, prefixed with the
// user's id so that one user's key never meets another's; without one the key is left for the
// caller to mint from the hash.
func NewSubmission(rep itr.Report, user int64, browserKey string, now time.Time) (outbox.Submission, error) {
	rep.Owner = user
	content, err := json.Marshal(rep)
	if err != nil {
		return outbox.Submission{}, err
	}
	hash := outbox.Hash(KindWorkOrder, content)
	rep.ReportTime = ReportTime(now)
	payload, err := json.Marshal(rep)
	if err != nil {
		return outbox.Submission{}, err
	}
	sub := outbox.Submission{Kind: KindWorkOrder, Hash: hash, Payload: payload}
	if browserKey != "" {
		sub.Key = "wo-" + strconv.FormatInt(user, 10) + "-" + browserKey
	}
	return sub, nil
}

// ReportTime is the time a report taken at now is dated with: UTC, to the second.
func ReportTime(now time.Time) time.Time { return now.UTC().Truncate(time.Second) }

// Receipt is the data of addWorkOrder (WorkOrderReceipt).
type Receipt struct {
	ID            *int64     `json:"id"`
	ServiceNumber *string    `json:"serviceNumber"`
	ReportTime    time.Time  `json:"reportTime"`
	Status        itr.Status `json:"status"`
	Queued        bool       `json:"queued"`
	Duplicate     bool       `json:"duplicate"`
}

// ReceiptOf is what the user is told of a report taken at reportTime that the outbox answered
// with r: the work order the system created (for this submission or an earlier identical one),
// or a report queued for delivery, online report until then.
func ReceiptOf(r outbox.Receipt, reportTime time.Time) Receipt {
	out := Receipt{ReportTime: reportTime, Status: itr.OnlineReport, Queued: r.Queued, Duplicate: r.Duplicate}
	if r.Ref != "" {
		var first itr.Receipt
		if err := json.Unmarshal([]byte(r.Ref), &first); err == nil && first.ID > 0 {
			out.ID, out.ServiceNumber = &first.ID, &first.ServiceNumber
			out.ReportTime, out.Status = first.ReportTime, first.Status
		}
	}
	return out
}

// RejectionKey is the error key of a report the outbox's delivery refused for reason (the
// delivery's error, which starts with its key: apierr.Error's text).
func RejectionKey(reason string) apierr.Key {
	if strings.HasPrefix(reason, string(itr.AttachmentNotYours)) {
		return itr.AttachmentNotYours
	}
	return itr.Rejected
}
