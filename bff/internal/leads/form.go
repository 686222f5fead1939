package leads

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/contentsvc"
	"github.com/jakarobotics/website/bff/internal/plaintext"
	"github.com/jakarobotics/website/bff/internal/upstream/crm"
)

var (
	emailRE = regexp.MustCompile(`^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$`)
	phoneRE = regexp.MustCompile(`^\+?(?:[0-9]{1,3}[ .-]?)?[0-9](?:[ .-]?[0-9]){4,14}$`)
)

// defaultMaxLength is a form value's bound when its field names none (as the contract says).
const defaultMaxLength = 2000

// CheckRecord normalizes a filled-in CMS form in place and checks it against the form's
// definition (see checkValues); a record without a source page is refused as well. The errors
// are one invalid-request error: the values' errors sorted by field, then the source page's.
func CheckRecord(rec *crm.FormRecord, form contentsvc.Form) error {
	rec.SourcePage = plaintext.Line(rec.SourcePage)
	values, errs := checkValues(form, rec.Values)
	if rec.SourcePage == "" {
		errs = append(errs, apierr.FieldError{Field: "sourcePage", Message: "is required"})
	}
	if len(errs) > 0 {
		return apierr.Invalid(errs...)
	}
	rec.Values = values
	return nil
}

// checkValues normalizes values and checks them against the form: every name is a field,
// required fields have a value, values fit their field's length, choices are among the options,
// e-mail addresses and phone numbers have the patterns of spec section 5. An empty optional
// value is left out.
func checkValues(f contentsvc.Form, values map[string]string) (map[string]string, []apierr.FieldError) {
	var errs []apierr.FieldError
	fail := func(name, msg string) {
		errs = append(errs, apierr.FieldError{Field: "values/" + name, Message: msg})
	}
	byName := map[string]contentsvc.FormField{}
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
			v = plaintext.Text(v)
		} else {
			v = plaintext.Line(v)
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
			if !hasOption(fl, v) {
				fail(name, "is not one of the choices")
				continue
			}
		case "checkbox":
			bad := false
			for _, part := range strings.Split(v, ",") {
				if !hasOption(fl, strings.TrimSpace(part)) {
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

func hasOption(fl contentsvc.FormField, v string) bool {
	return slices.ContainsFunc(fl.Options, func(o contentsvc.FormOption) bool { return o.Value == v })
}

func hasError(errs []apierr.FieldError, field string) bool {
	return slices.ContainsFunc(errs, func(e apierr.FieldError) bool { return e.Field == field })
}

// RecordContact is the limiter key of whoever sent a checked record: its first e-mail field
// with a value, else its first phone field (the cooperation intent asks for a phone only), in
// the form's order; empty when it has neither.
func RecordContact(rec crm.FormRecord, form contentsvc.Form) string {
	for _, kind := range []string{"email", "phone"} {
		for _, fl := range form.Fields {
			if v := rec.Values[fl.Name]; fl.Type == kind && v != "" {
				if kind == "email" {
					return ContactOfEmail(v)
				}
				return "phone:" + strings.Join(strings.FieldsFunc(v, func(r rune) bool { return r < '0' || r > '9' }), "")
			}
		}
	}
	return ""
}
