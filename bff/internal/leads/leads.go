// Package leads holds the rules of the site's sales leads: the enquiries of the Chinese and
// overseas sites and the records of the CMS's custom forms. It normalizes and checks them,
// makes them idempotent writes for the outbox, and delivers them from the outbox to the CRM.
// It knows nothing of HTTP: the server decodes a request, calls these rules and encodes what
// they answer.
package leads

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/outbox"
	"github.com/jakarobotics/website/bff/internal/plaintext"
	"github.com/jakarobotics/website/bff/internal/upstream/crm"
)

// The kinds of writes the outbox keeps for the CRM.
const (
	KindChineseLead  = "crm.chinese_lead"
	KindOverseasLead = "crm.overseas_lead"
	KindFormRecord   = "crm.form_record"
)

// NormalizeChinese normalizes an enquiry of the Chinese site in place (see plaintext; blank tags
// go) and reports the required fields that are empty once normalized: the contract's minLength
// lets "  " through.
func NormalizeChinese(l *crm.ChineseLead) error {
	line := plaintext.Line
	l.UserName, l.PhoneNumber, l.Email = line(l.UserName), line(l.PhoneNumber), line(l.Email)
	l.City, l.CompanyName, l.ClueName, l.SourcePage = line(l.City), line(l.CompanyName), line(l.ClueName), line(l.SourcePage)
	l.SpecificRequirements = plaintext.Text(l.SpecificRequirements)
	tags := make([]string, 0, len(l.Tags))
	for _, t := range l.Tags {
		if t = line(t); t != "" {
			tags = append(tags, t)
		}
	}
	l.Tags = tags
	return notBlank(map[string]string{
		"userName": l.UserName, "phoneNumber": l.PhoneNumber, "email": l.Email, "city": l.City,
		"companyName": l.CompanyName, "specificRequirements": l.SpecificRequirements, "sourcePage": l.SourcePage,
	})
}

// NormalizeOverseas normalizes an enquiry of the other sites in place and reports the required
// fields that are empty once normalized.
func NormalizeOverseas(l *crm.OverseasLead) error {
	line := plaintext.Line
	l.UserName, l.Phone, l.Email = line(l.UserName), line(l.Phone), line(l.Email)
	l.CompanyName, l.CompanyType, l.Country, l.SourcePage = line(l.CompanyName), line(l.CompanyType), line(l.Country), line(l.SourcePage)
	l.Comment = plaintext.Text(l.Comment)
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
	return notBlank(fields)
}

// notBlank reports the fields that are empty.
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

// NewSubmission makes the outbox's submission of a write of kind: payload as JSON, with the
// browser's idempotency key, or, when browserKey is empty, one minted from the write itself and
// the time now (see outbox.MintKeys).
func NewSubmission(kind string, payload any, browserKey string, now time.Time) (outbox.Submission, error) {
	body, err := json.Marshal(payload)
	if err != nil {
		return outbox.Submission{}, err
	}
	hash := outbox.Hash(kind, body)
	sub := outbox.Submission{Key: browserKey, Kind: kind, Hash: hash, Payload: body}
	if sub.Key == "" {
		sub.Key, sub.Earlier = outbox.MintKeys(hash, now)
	}
	return sub, nil
}

// Delivery is the outbox's DeliverFunc for the CRM writes: it sends a stored item with its
// idempotency key and tells a refusal (never retried) from a failure (retried).
func Delivery(c crm.Client) outbox.DeliverFunc {
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
