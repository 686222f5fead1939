//go:build pact

package crm_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/pact-foundation/pact-go/v2/consumer"
	"github.com/pact-foundation/pact-go/v2/matchers"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/pacttest"
	"github.com/jakarobotics/website/bff/internal/upstream/crm"
	"github.com/jakarobotics/website/contracts/states"
)

// Provider is the CRM's name in the pacts.
const Provider = states.CRMProvider

// The provider states; the state handlers create them (contracts/crm_states_test.go).
const (
	// StateEmpty: no clue or form record is stored, so that any key is new.
	StateEmpty = states.CRMEmpty
	// StateClueStored: a clue was stored under key KeyClueStored.
	StateClueStored = states.CRMClueStored
	// StateRecordStored: a form record was stored under key KeyRecordStored.
	StateRecordStored = states.CRMRecordStored
	// StateReference: the CRM's region table and the academy's certificates (its seed).
	StateReference = states.CRMReference

	KeyClueStored   = "pact-clue-stored"
	KeyRecordStored = "pact-record-stored"
	clueIDPattern   = `^CL\d{13}$`
	exampleClueID   = "CL2026050400001"
	rfc3339         = `^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$`
	isoDate         = `^\d{4}-\d{2}-\d{2}$`
)

// coverage finds the methods of crm.Client that no interaction calls.
var coverage = pacttest.NewCoverage[crm.Client]()

func clientFor(cfg consumer.MockServerConfig) *crm.HTTPClient {
	return crm.New(coverage.Upstream("crm", cfg))
}

var ctx = context.Background()

// Leads as the site sends them; the client turns them into the CRM's bodies below.
var (
	chineseLead = crm.ChineseLead{
		UserName: "张先生", PhoneNumber: "13800138000", Email: "zhang@example.cn", CommunicateMatter: 1,
		City: "福田区", CompanyName: "深圳精工", SpecificRequirements: "需要 <b>焊接</b> 工作站 & 视觉",
		Tags: []string{"官网询盘"}, ClueName: "官网", SourcePage: "/productDetails/103",
	}
	chineseBody = map[string]any{
		"contact": map[string]any{"name": "张先生", "mobile": "13800138000", "email": "zhang@example.cn"},
		"company": "深圳精工", "topic": "cooperation", "district": "福田区", "requirement": "需要 <b>焊接</b> 工作站 & 视觉",
		"tags": []string{"官网询盘"}, "channel": "website", "sourcePage": "/productDetails/103",
	}
	overseasLead = crm.OverseasLead{
		UserName: "Anna Schmidt", Phone: "+49 151 2345678", Email: "anna@example.de", CompanyName: "Schmidt GmbH",
		Industry: []string{"automotive"}, CompanyType: "end_user", Comment: "Palletising cell", Country: "DE", SourcePage: "/de/productList",
	}
	overseasBody = map[string]any{
		"contact": map[string]any{"name": "Anna Schmidt", "phone": "+49 151 2345678", "email": "anna@example.de"},
		"company": "Schmidt GmbH", "industries": []string{"automotive"}, "companyType": "end_user",
		"message": "Palletising cell", "country": "DE", "sourcePage": "/de/productList",
	}
	blockedLead = crm.OverseasLead{
		UserName: "Throw Away", Phone: "+33 6 12 34 56 78", Email: "nobody@mailinator.com", CompanyName: "Nowhere SARL",
		Industry: []string{"electronics"}, CompanyType: "integrator", Comment: "Prix ?", Country: "FR", SourcePage: "/fr/contact",
	}
	blockedBody = map[string]any{
		"contact": map[string]any{"name": "Throw Away", "phone": "+33 6 12 34 56 78", "email": "nobody@mailinator.com"},
		"company": "Nowhere SARL", "industries": []string{"electronics"}, "companyType": "integrator",
		"message": "Prix ?", "country": "FR", "sourcePage": "/fr/contact",
	}
	record = crm.FormRecord{
		FormID: 1, SourcePage: "/cooperationIntent", AccountID: 7,
		Values: map[string]string{"companyName": "节卡合作伙伴", "customerName": "王经理", "requireCount": "5_to_20"},
	}
	recordBody = map[string]any{
		"formId": 1, "sourcePage": "/cooperationIntent", "accountId": 7,
		"fields": map[string]any{"companyName": "节卡合作伙伴", "customerName": "王经理", "requireCount": "5_to_20"},
	}
)

// interaction is one BFF→CRM call, the CRM's answer, and what the client must make of it.
type interaction struct {
	state, description string
	method, path       string
	key                string
	query              map[string]string
	body               any
	status             int
	answer             any
	check              func(c *crm.HTTPClient) error
}

// created is the CRM's answer to a new clue.
var created = map[string]any{"clueId": matchers.Regex(exampleClueID, clueIDPattern), "receivedAt": matchers.Regex("2026-05-04T08:00:00Z", rfc3339)}

func wantReceipt(r crm.Receipt, err error, duplicate bool) error {
	switch {
	case err != nil:
		return err
	case r.ID == "":
		return errors.New("no id")
	case r.Duplicate != duplicate:
		return fmt.Errorf("duplicate is %v, want %v", r.Duplicate, duplicate)
	}
	return nil
}

func wantKey(err error, key apierr.Key) error {
	if apierr.From(err).Key != key {
		return fmt.Errorf("want %s, got %v", key, err)
	}
	return nil
}

var interactions = []interaction{
	// Leads.
	{
		state: StateEmpty, description: "a new lead of the Chinese site",
		method: "POST", path: crm.DomesticCluesPath, key: "pact-clue-new-domestic", body: chineseBody,
		status: 201, answer: created,
		check: func(c *crm.HTTPClient) error {
			r, err := c.AddChineseLead(ctx, "pact-clue-new-domestic", chineseLead)
			return wantReceipt(r, err, false)
		},
	},
	{
		state: StateEmpty, description: "a new lead of an overseas site",
		method: "POST", path: crm.OverseasCluesPath, key: "pact-clue-new-overseas", body: overseasBody,
		status: 201, answer: created,
		check: func(c *crm.HTTPClient) error {
			r, err := c.AddOverseasLead(ctx, "pact-clue-new-overseas", overseasLead)
			return wantReceipt(r, err, false)
		},
	},
	{
		state: StateClueStored, description: "a lead whose idempotency key the CRM has stored",
		method: "POST", path: crm.DomesticCluesPath, key: KeyClueStored, body: chineseBody,
		status: 409, answer: map[string]any{"error": "duplicate", "clueId": matchers.Regex(exampleClueID, clueIDPattern)},
		check: func(c *crm.HTTPClient) error {
			r, err := c.AddChineseLead(ctx, KeyClueStored, chineseLead)
			return wantReceipt(r, err, true)
		},
	},
	{
		state: StateEmpty, description: "a lead from a disposable e-mail domain",
		method: "POST", path: crm.OverseasCluesPath, key: "pact-clue-blocked", body: blockedBody,
		status: 422, answer: map[string]any{"error": "rejected", "reason": "blocked_email_domain", "message": matchers.Like("why")},
		check: func(c *crm.HTTPClient) error {
			_, err := c.AddOverseasLead(ctx, "pact-clue-blocked", blockedLead)
			return wantKey(err, crm.Rejected)
		},
	},
	// Form records.
	{
		state: StateEmpty, description: "a new form record",
		method: "POST", path: crm.FormRecordsPath, key: "pact-record-new", body: recordBody,
		status: 201, answer: map[string]any{"recordId": matchers.Integer(70001), "receivedAt": matchers.Regex("2026-05-04T08:00:00Z", rfc3339)},
		check: func(c *crm.HTTPClient) error {
			r, err := c.AddFormRecord(ctx, "pact-record-new", record)
			if err := wantReceipt(r, err, false); err != nil {
				return err
			}
			_, err = crm.RecordID(r)
			return err
		},
	},
	{
		state: StateRecordStored, description: "a form record whose idempotency key the CRM has stored",
		method: "POST", path: crm.FormRecordsPath, key: KeyRecordStored, body: recordBody,
		status: 409, answer: map[string]any{"error": "duplicate", "recordId": matchers.Integer(70001)},
		check: func(c *crm.HTTPClient) error {
			r, err := c.AddFormRecord(ctx, KeyRecordStored, record)
			return wantReceipt(r, err, true)
		},
	},
	// Regions.
	{
		state: StateReference, description: "a region lookup by province and city",
		method: "GET", path: crm.RegionsPath, query: map[string]string{"province": "广东省", "city": "深圳市"},
		status: 200, answer: map[string]any{"province": "广东省", "city": "深圳市", "district": matchers.Like("福田区")},
		check: func(c *crm.HTTPClient) error {
			d, err := c.District(ctx, "广东省", "深圳市")
			if err == nil && d.District == "" {
				err = errors.New("no district")
			}
			return err
		},
	},
	{
		state: StateReference, description: "a region lookup by a province alone",
		method: "GET", path: crm.RegionsPath, query: map[string]string{"province": "台湾省"},
		status: 200, answer: map[string]any{"province": "台湾省", "city": matchers.Like("台北市"), "district": matchers.Like("中正区")},
		check: func(c *crm.HTTPClient) error {
			_, err := c.District(ctx, "台湾省", "")
			return err
		},
	},
	{
		state: StateReference, description: "a region lookup the CRM serves no district for",
		method: "GET", path: crm.RegionsPath, query: map[string]string{"province": "火星省", "city": "奥林匹斯市"},
		status: 404, answer: map[string]any{"error": "region_not_served", "message": matchers.Like("why")},
		check: func(c *crm.HTTPClient) error {
			_, err := c.District(ctx, "火星省", "奥林匹斯市")
			return wantKey(err, apierr.NotFound)
		},
	},
	// Certificates.
	{
		state: StateReference, description: "the certificates of a holder's phone number",
		method: "GET", path: crm.CertificatesPath, query: map[string]string{"phone": "13800138000", "locale": "en"},
		status: 200, answer: map[string]any{"certificates": matchers.EachLike(map[string]any{
			"number":     matchers.Regex("JK-P-2023-0001", `^[A-Za-z0-9-]+$`),
			"holder":     matchers.Like("张伟"),
			"level":      matchers.Regex("primary", `^(primary|intermediate|advanced)$`),
			"course":     matchers.Like("Certified Cobot Operator (Primary)"),
			"issuedOn":   matchers.Regex("2023-04-21", isoDate),
			"validUntil": matchers.Regex("2026-04-20", isoDate),
		}, 1)},
		check: func(c *crm.HTTPClient) error {
			certs, err := c.Certificates(ctx, crm.CertificateQuery{Phone: "13800138000"}, "en")
			if err == nil && len(certs) == 0 {
				err = errors.New("no certificates")
			}
			return err
		},
	},
	{
		state: StateReference, description: "a certificate that does not expire, by number",
		method: "GET", path: crm.CertificatesPath, query: map[string]string{"number": "JK-A-2024-0012", "locale": "zh"},
		status: 200, answer: map[string]any{"certificates": []any{map[string]any{
			"number": "JK-A-2024-0012", "holder": matchers.Like("李娜"), "level": "advanced",
			"course": matchers.Like("协作机器人应用专家认证（高级）"), "issuedOn": matchers.Regex("2024-06-28", isoDate), "validUntil": nil,
		}}},
		check: func(c *crm.HTTPClient) error {
			certs, err := c.Certificates(ctx, crm.CertificateQuery{Number: "JK-A-2024-0012"}, "zh")
			if err == nil && (len(certs) != 1 || certs[0].ValidUntil != nil) {
				err = fmt.Errorf("want one certificate without expiry, got %+v", certs)
			}
			return err
		},
	},
	{
		state: StateReference, description: "a certificate number nobody holds",
		method: "GET", path: crm.CertificatesPath, query: map[string]string{"number": "JK-X-0000", "locale": "en"},
		status: 200, answer: map[string]any{"certificates": []any{}},
		check: func(c *crm.HTTPClient) error {
			certs, err := c.Certificates(ctx, crm.CertificateQuery{Number: "JK-X-0000"}, "en")
			if err == nil && len(certs) != 0 {
				err = errors.New("want none")
			}
			return err
		},
	},
	{
		state: StateReference, description: "the picture of a certificate",
		method: "GET", path: crm.CertificatesPath + "/JK-I-2023-0318/image", query: map[string]string{"locale": "en"},
		status: 200, answer: map[string]any{
			"number":   "JK-I-2023-0318",
			"fileName": matchers.Like("certificate-JK-I-2023-0318.png"),
			"dataUrl":  matchers.Regex("data:image/png;base64,iVBORw0KGgo=", `^data:image/png;base64,[A-Za-z0-9+/=]+$`),
		},
		check: func(c *crm.HTTPClient) error {
			_, err := c.CertificateImage(ctx, "JK-I-2023-0318", "en")
			return err
		},
	},
	{
		state: StateReference, description: "the picture of a certificate that does not exist",
		method: "GET", path: crm.CertificatesPath + "/JK-X-0000/image", query: map[string]string{"locale": "en"},
		status: 404, answer: map[string]any{"error": "not_found", "message": matchers.Like("why")},
		check: func(c *crm.HTTPClient) error {
			_, err := c.CertificateImage(ctx, "JK-X-0000", "en")
			return wantKey(err, apierr.NotFound)
		},
	},
}

func TestCRMPact(t *testing.T) {
	pact := pacttest.NewPact(t, Provider)
	for _, it := range interactions {
		t.Run(it.description, func(t *testing.T) {
			err := pact.AddInteraction().
				Given(it.state).
				UponReceiving(it.description).
				WithRequest(consumer.Method(it.method), it.path, func(b *consumer.V4RequestBuilder) {
					b.Header("Accept", matchers.S("application/json"))
					for k, v := range it.query {
						b.Query(k, matchers.S(v))
					}
					if it.key != "" {
						b.Header(crm.IdempotencyHeader, matchers.S(it.key))
					}
					if it.body != nil {
						b.Header("Content-Type", matchers.S("application/json"))
						b.JSONBody(it.body)
					}
				}).
				WillRespondWith(it.status, func(b *consumer.V4ResponseBuilder) {
					b.Header("Content-Type", matchers.Regex("application/json; charset=utf-8", `application/json.*`))
					b.JSONBody(it.answer)
				}).
				ExecuteTest(t, func(cfg consumer.MockServerConfig) error {
					return it.check(clientFor(cfg))
				})
			require.NoError(t, err)
		})
	}
	coverage.Require(t)
}
