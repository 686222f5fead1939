// Package crm is the BFF's client of the CRM: sales leads, form records, certificates of the
// academy and the Chinese region lookup. It speaks the CRM's own API (/crm/v1/…, see
// mocks/crm/API.md) and turns its answers into the BFF's types and errors.
package crm

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/upstream"
)

// Rejected is the key of a write that the CRM refused on business grounds (a required value
// missing, a disposable e-mail domain): the site shows 'Submission failed!'. Retrying the same
// write cannot succeed.
const Rejected apierr.Key = "lead.rejected"

// IdempotencyHeader carries the key of a write to the CRM, which stores each key once.
const IdempotencyHeader = upstream.IdempotencyHeader

// ChineseLead is a sales enquiry of the Chinese site (operation addSaleClue), in the contract's
// field names. It is also what the outbox keeps while the CRM is unavailable.
type ChineseLead struct {
	UserName             string   `json:"userName"`
	PhoneNumber          string   `json:"phoneNumber"`
	Email                string   `json:"email"`
	CommunicateMatter    int      `json:"communicateMatter"` // 0 product info, 1 cooperation, 2 after-sales
	City                 string   `json:"city"`
	CompanyName          string   `json:"companyName"`
	SpecificRequirements string   `json:"specificRequirements"`
	Tags                 []string `json:"tags"`
	ClueName             string   `json:"clueName"` // 官网 or 小程序
	SourcePage           string   `json:"sourcePage"`
}

// OverseasLead is a sales enquiry of the other sites (operation addOverseasSaleClue).
type OverseasLead struct {
	UserName    string   `json:"userName"`
	Phone       string   `json:"phone"`
	Email       string   `json:"email"`
	CompanyName string   `json:"companyName"`
	Industry    []string `json:"industry"`
	CompanyType string   `json:"companyType"`
	Comment     string   `json:"comment"`
	Country     string   `json:"country"`
	SourcePage  string   `json:"sourcePage"`
}

// FormRecord is a filled-in CMS form (operation customFormRecord).
type FormRecord struct {
	FormID     int64             `json:"formId"`
	SourcePage string            `json:"sourcePage"`
	Values     map[string]string `json:"values"`
	// AccountID is the logged-in visitor's account, 0 for a visitor.
	AccountID int64 `json:"accountId,omitempty"`
}

// Receipt is the CRM's acknowledgement of a write.
type Receipt struct {
	// ID is the clue id (CL…) or the form record id (digits).
	ID string
	// Duplicate is true when the CRM already held a write with the same idempotency key; ID is
	// then the id of that first write.
	Duplicate bool
}

// District is the region an enquiry is filed under.
type District struct {
	Province string
	City     string
	District string
}

// CertificateQuery names certificates by the holder's phone number or by certificate number;
// exactly one is set.
type CertificateQuery struct {
	Phone  string
	Number string
}

// Certificate is a training certificate, in the contract's field names.
type Certificate struct {
	CertificateNo string  `json:"certificateNo"`
	HolderName    string  `json:"holderName"`
	Level         string  `json:"level"`
	Course        string  `json:"course"`
	IssueDate     string  `json:"issueDate"`
	ValidUntil    *string `json:"validUntil"`
}

// CertificateImage is a certificate drawn as a PNG data URL.
type CertificateImage struct {
	Image    string `json:"image"`
	FileName string `json:"fileName"`
}

// Client calls the CRM. Writes carry an idempotency key: the CRM stores each key once, so a
// write may be repeated safely. Transport failures and 5xx answers are upstream.* errors (the
// outbox retries those); a business refusal is Rejected.
type Client interface {
	AddChineseLead(ctx context.Context, key string, lead ChineseLead) (Receipt, error)
	AddOverseasLead(ctx context.Context, key string, lead OverseasLead) (Receipt, error)
	AddFormRecord(ctx context.Context, key string, rec FormRecord) (Receipt, error)
	// District resolves a province (and city) of the region picker; resource.not_found when
	// the CRM serves no district there.
	District(ctx context.Context, province, city string) (District, error)
	// Certificates lists the certificates that match q, with course names in locale; an empty
	// list when none match.
	Certificates(ctx context.Context, q CertificateQuery, locale string) ([]Certificate, error)
	// CertificateImage draws one certificate; resource.not_found for an unknown number.
	CertificateImage(ctx context.Context, number, locale string) (CertificateImage, error)
}

// HTTPClient is the Client over the CRM's HTTP API.
type HTTPClient struct {
	upstream.Client
}

// New returns a client of the CRM at base.
func New(base upstream.Client) *HTTPClient { return &HTTPClient{Client: base} }

// The CRM's API paths.
const (
	DomesticCluesPath = "/crm/v1/clues/domestic"
	OverseasCluesPath = "/crm/v1/clues/overseas"
	FormRecordsPath   = "/crm/v1/form-records"
	RegionsPath       = "/crm/v1/regions/resolve"
	CertificatesPath  = "/crm/v1/certificates"
)

// Topics maps communicateMatter to the CRM's topic of a Chinese clue.
var Topics = map[int]string{0: "product_info", 1: "cooperation", 2: "after_sales"}

// Channels maps clueName to the CRM's channel of a Chinese clue.
var Channels = map[string]string{"官网": "website", "小程序": "mini_program"}

// wire types: the CRM's own field names.
type (
	crmContact struct {
		Name   string `json:"name"`
		Mobile string `json:"mobile,omitempty"`
		Phone  string `json:"phone,omitempty"`
		Email  string `json:"email"`
	}
	crmDomesticClue struct {
		Contact     crmContact `json:"contact"`
		Company     string     `json:"company"`
		Topic       string     `json:"topic"`
		District    string     `json:"district"`
		Requirement string     `json:"requirement"`
		Tags        []string   `json:"tags"`
		Channel     string     `json:"channel"`
		SourcePage  string     `json:"sourcePage"`
	}
	crmOverseasClue struct {
		Contact     crmContact `json:"contact"`
		Company     string     `json:"company"`
		Industries  []string   `json:"industries"`
		CompanyType string     `json:"companyType"`
		Message     string     `json:"message"`
		Country     string     `json:"country"`
		SourcePage  string     `json:"sourcePage"`
	}
	crmFormRecord struct {
		FormID     int64             `json:"formId"`
		SourcePage string            `json:"sourcePage"`
		Fields     map[string]string `json:"fields"`
		AccountID  int64             `json:"accountId,omitempty"`
	}
	// crmWriteAnswer is the answer of every write: 201 with the new id, 409 with the id stored
	// first, 422 with the reason of a refusal.
	crmWriteAnswer struct {
		ClueID   string      `json:"clueId"`
		RecordID json.Number `json:"recordId"`
		Error    string      `json:"error"`
		Reason   string      `json:"reason"`
		Field    string      `json:"field"`
		Message  string      `json:"message"`
	}
)

// AddChineseLead stores a lead of the Chinese site.
func (c *HTTPClient) AddChineseLead(ctx context.Context, key string, l ChineseLead) (Receipt, error) {
	tags := l.Tags
	if tags == nil {
		tags = []string{}
	}
	return c.write(ctx, DomesticCluesPath, key, crmDomesticClue{
		Contact:     crmContact{Name: l.UserName, Mobile: l.PhoneNumber, Email: l.Email},
		Company:     l.CompanyName,
		Topic:       Topics[l.CommunicateMatter],
		District:    l.City,
		Requirement: l.SpecificRequirements,
		Tags:        tags,
		Channel:     Channels[l.ClueName],
		SourcePage:  l.SourcePage,
	})
}

// AddOverseasLead stores a lead of the other sites.
func (c *HTTPClient) AddOverseasLead(ctx context.Context, key string, l OverseasLead) (Receipt, error) {
	industries := l.Industry
	if industries == nil {
		industries = []string{}
	}
	return c.write(ctx, OverseasCluesPath, key, crmOverseasClue{
		Contact:     crmContact{Name: l.UserName, Phone: l.Phone, Email: l.Email},
		Company:     l.CompanyName,
		Industries:  industries,
		CompanyType: l.CompanyType,
		Message:     l.Comment,
		Country:     l.Country,
		SourcePage:  l.SourcePage,
	})
}

// AddFormRecord stores a filled-in form.
func (c *HTTPClient) AddFormRecord(ctx context.Context, key string, r FormRecord) (Receipt, error) {
	return c.write(ctx, FormRecordsPath, key, crmFormRecord{FormID: r.FormID, SourcePage: r.SourcePage, Fields: r.Values, AccountID: r.AccountID})
}

// write posts one write with its idempotency key and reads the CRM's answer.
func (c *HTTPClient) write(ctx context.Context, path, key string, body any) (Receipt, error) {
	resp, err := c.PostIdempotent(ctx, path, key, body)
	if err != nil {
		return Receipt{}, err
	}
	var ans crmWriteAnswer
	if err := json.Unmarshal(resp.Body, &ans); err != nil {
		return Receipt{}, c.BadAnswer("POST %s: status %d, body is not JSON", path, resp.Status)
	}
	id := ans.ClueID
	if id == "" {
		id = ans.RecordID.String()
	}
	switch resp.Outcome {
	case upstream.Duplicate:
		if id == "" {
			return Receipt{}, c.BadAnswer("POST %s: duplicate without the first id", path)
		}
		return Receipt{ID: id, Duplicate: true}, nil
	case upstream.Refused:
		return Receipt{}, apierr.New(Rejected, fmt.Errorf("crm refused the write: %s (%s %s)", ans.Message, ans.Reason, ans.Field))
	}
	if id == "" {
		return Receipt{}, c.BadAnswer("POST %s: no id in the answer", path)
	}
	return Receipt{ID: id}, nil
}

// getJSON reads one JSON answer into v; a 404 is resource.not_found.
func (c *HTTPClient) getJSON(ctx context.Context, path string, query url.Values, v any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.URL(path, query), nil)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "application/json")
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	switch resp.Status {
	case http.StatusOK:
	case http.StatusNotFound:
		return apierr.New(apierr.NotFound, nil)
	default:
		return c.Unexpected(resp.Status, "GET %s: status %d", path, resp.Status)
	}
	if err := json.Unmarshal(resp.Body, v); err != nil {
		return c.BadAnswer("GET %s: %v", path, err)
	}
	return nil
}

// District resolves a province and city of the region picker.
func (c *HTTPClient) District(ctx context.Context, province, city string) (District, error) {
	q := url.Values{"province": {province}}
	if city != "" {
		q.Set("city", city)
	}
	var ans struct {
		Province string `json:"province"`
		City     string `json:"city"`
		District string `json:"district"`
	}
	if err := c.getJSON(ctx, RegionsPath, q, &ans); err != nil {
		return District{}, err
	}
	if ans.District == "" {
		return District{}, c.BadAnswer("GET %s: no district in the answer", RegionsPath)
	}
	return District(ans), nil
}

// Certificates lists the certificates matching q.
func (c *HTTPClient) Certificates(ctx context.Context, q CertificateQuery, locale string) ([]Certificate, error) {
	query := url.Values{"locale": {locale}}
	switch {
	case q.Phone != "":
		query.Set("phone", q.Phone)
	case q.Number != "":
		query.Set("number", q.Number)
	default:
		return nil, apierr.Invalid(apierr.FieldError{Field: "codeOrPhone", Message: "is required"})
	}
	var ans struct {
		Certificates []struct {
			Number     string  `json:"number"`
			Holder     string  `json:"holder"`
			Level      string  `json:"level"`
			Course     string  `json:"course"`
			IssuedOn   string  `json:"issuedOn"`
			ValidUntil *string `json:"validUntil"`
		} `json:"certificates"`
	}
	if err := c.getJSON(ctx, CertificatesPath, query, &ans); err != nil {
		return nil, err
	}
	out := make([]Certificate, 0, len(ans.Certificates))
	for _, x := range ans.Certificates {
		out = append(out, Certificate{
			CertificateNo: x.Number, HolderName: x.Holder, Level: x.Level, Course: x.Course,
			IssueDate: x.IssuedOn, ValidUntil: x.ValidUntil,
		})
	}
	return out, nil
}

// CertificateImage draws one certificate.
func (c *HTTPClient) CertificateImage(ctx context.Context, number, locale string) (CertificateImage, error) {
	var ans struct {
		FileName string `json:"fileName"`
		DataURL  string `json:"dataUrl"`
	}
	path := CertificatesPath + "/" + url.PathEscape(number) + "/image"
	if err := c.getJSON(ctx, path, url.Values{"locale": {locale}}, &ans); err != nil {
		return CertificateImage{}, err
	}
	if !strings.HasPrefix(ans.DataURL, "data:image/png;base64,") {
		return CertificateImage{}, c.BadAnswer("GET %s: the image is not a PNG data URL", path)
	}
	return CertificateImage{Image: ans.DataURL, FileName: ans.FileName}, nil
}

// RecordID reads the numeric id of a form record from a Receipt.
func RecordID(r Receipt) (int64, error) {
	return strconv.ParseInt(r.ID, 10, 64)
}
