package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/jakarobotics/website/bff/internal/accounts"
	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/contentsvc"
	"github.com/jakarobotics/website/bff/internal/messages"
	"github.com/jakarobotics/website/bff/internal/upstream/account"
	"github.com/jakarobotics/website/bff/internal/upstream/crm"
)

// The failures and texts of the CRM area (spec section 8). lead.rejected (crm.Rejected) is the
// CRM's business refusal of a lead or form record: 'Submission failed!'.
const (
	// CertificateNotFound: no certificate matches the number or phone ('Sorry! No certificate
	// with this number was found').
	CertificateNotFound apierr.Key = "certificate.not_found"
	// CertificateImageFailed: the certificate picture cannot be had ('Failed to obtain the
	// certificate!').
	CertificateImageFailed apierr.Key = "certificate.image_failed"
	// IdempotencyConflict: an Idempotency-Key reused with a different body.
	IdempotencyConflict apierr.Key = "request.idempotency_conflict"
	// CityUnavailable is the warning text of a region the CRM serves no district in ('This city
	// is not yet available'); getDistrict answers it as msg of a success with a null district.
	CityUnavailable = "crm.city_unavailable"
	// LeadSubmitted is the msg of an accepted or queued enquiry ('Submitted successfully', with
	// the account manager's promise of spec section 8).
	LeadSubmitted = "lead.submitted"
	// FormSubmitted is the msg of an accepted or queued form record.
	FormSubmitted = "form.submitted"
)

// districtData is the data of getDistrict.
type districtData struct {
	Province string  `json:"province"`
	City     *string `json:"city"`
	District *string `json:"district"`
}

// getDistrict resolves the region picker's province (and city). A region the CRM serves no
// district in is a success with a null district and the 'This city is not yet available' text
// as msg: the web warns and files the enquiry under the province. Answers are reference data,
// the same for every visitor: they are cached like content, so that the enquiry dialog keeps
// resolving regions for a day while the CRM is down.
func (s *Server) getDistrict(w http.ResponseWriter, r *http.Request) {
	province := strings.TrimSpace(r.URL.Query().Get("province"))
	city := strings.TrimSpace(r.URL.Query().Get("city"))
	lang := requestLang(r)
	fetch := func(ctx context.Context) ([]byte, error) {
		d, err := s.CRM.District(ctx, province, city)
		msgKey := messages.OK
		var data districtData
		switch {
		case err == nil:
			data = districtData{Province: d.Province, City: &d.City, District: &d.District}
		case apierr.From(err).Key == apierr.NotFound:
			msgKey = CityUnavailable
			data = districtData{Province: province}
			if city != "" {
				data.City = &city
			}
		default:
			return nil, err
		}
		return json.Marshal(envelope{Success: true, Code: http.StatusOK, Msg: messages.Text(msgKey, lang), Data: data})
	}
	s.serveCached(w, r, contentsvc.Structure, fetch)
}

// getExamResultByCodeOrPhone lists certificates by number or by the holder's phone number, for a
// logged-in visitor, within the certificate lookup limits of the client address and the user. A
// value of exactly 11 characters is a phone number (the contract has checked its pattern); any
// other is a certificate number. Found by a phone number that is not the user's own, the
// holder's name is masked: whoever knows a phone number must not learn whose it is.
func (s *Server) getExamResultByCodeOrPhone(w http.ResponseWriter, r *http.Request) {
	u, err := s.currentUser(r)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	if !s.allowLookup(w, r, s.guard.LookupCertificates, u.ID) {
		return
	}
	value := strings.TrimSpace(r.URL.Query().Get("codeOrPhone"))
	q := crm.CertificateQuery{Number: value}
	if utf8.RuneCountInString(value) == 11 {
		q = crm.CertificateQuery{Phone: value}
	}
	certs, err := s.CRM.Certificates(r.Context(), q, string(requestLang(r)))
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	if len(certs) == 0 {
		writeError(w, r, s.Log, apierr.New(CertificateNotFound, nil))
		return
	}
	if q.Phone != "" && (u.Phone == "" || accounts.AccountKey(account.SMS, q.Phone) != accounts.AccountKey(account.SMS, u.Phone)) {
		for i := range certs {
			certs[i].HolderName = maskName(certs[i].HolderName)
		}
	}
	writeData(w, r, certs)
}

// generateImage draws a certificate as a PNG data URL, for a logged-in visitor. Pictures count
// towards the certificate lookup limits: a picture shows the holder's name too.
func (s *Server) generateImage(w http.ResponseWriter, r *http.Request) {
	u, err := s.currentUser(r)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	var in struct {
		CertificateNo string `json:"certificateNo"`
	}
	if err := decodeJSON(r, &in); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	if !s.allowLookup(w, r, s.guard.LookupCertificates, u.ID) {
		return
	}
	img, err := s.CRM.CertificateImage(r.Context(), in.CertificateNo, string(requestLang(r)))
	if err != nil {
		if apierr.From(err).Key == apierr.NotFound {
			err = apierr.New(CertificateImageFailed, errors.New("no certificate "+in.CertificateNo))
		}
		writeError(w, r, s.Log, err)
		return
	}
	writeData(w, r, img)
}
