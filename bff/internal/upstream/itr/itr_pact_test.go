//go:build pact

package itr_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/pact-foundation/pact-go/v2/consumer"
	"github.com/pact-foundation/pact-go/v2/matchers"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/pacttest"
	"github.com/jakarobotics/website/bff/internal/upstream/itr"
	"github.com/jakarobotics/website/contracts/states"
)

// Provider is the work-order system's name in the pacts.
const Provider = states.ITRProvider

// The provider states; the state handlers create them through the system's /__admin endpoints
// (contracts/itr_states_test.go).
const (
	// StateEmpty: no attachment and no work order, so that any key is new.
	StateEmpty = states.ITREmpty
	// StatePhoto: account 1001 has uploaded PhotoID (Photo, alarm.webp), which no work order uses.
	StatePhoto = states.ITRPhoto
	// StateOrder: account 1001 has work order 5001 (SR20261121-0001), in service, filed under key
	// pact-order-stored, with PhotoID as its fault photo.
	StateOrder = states.ITROrder
	// StateRegister: the customer register (the system's reference data).
	StateRegister = states.ITRRegister

	Owner         = 1001
	PhotoID       = "att_pact_photo_0001"
	OrderID       = 5001
	ServiceNumber = "SR20261121-0001"
	KeyStored     = "pact-order-stored"

	attachmentIDPattern = `^att_[a-z0-9_]+$`
	serviceNumberRE     = `^SR\d{8}-\d{4}$`
	rfc3339             = `^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$`
	statusRE            = `^(online_report|in_service|service_completed)$`
)

// Photo is the photo of the interactions and states (the state handlers seed the same bytes): a
// WebP by its signature, whose bytes are all printable ASCII. pact-go hands bodies to the Pact
// library as C strings, which end at the first NUL and must be UTF-8, and its binary-body helper
// only knows application/octet-stream (which the library's type detection then contradicts);
// a real photo cannot pass, this small stand-in can, and the system keeps it as image/webp like
// any WebP photo.
var Photo = []byte("RIFFpactWEBPVP8 a small photo of joint 3 showing alarm 1104")

// coverage finds the methods of itr.Client that no interaction calls.
var coverage = pacttest.NewCoverage[itr.Client]()

func clientFor(cfg consumer.MockServerConfig) *itr.HTTPClient {
	return itr.New(coverage.Upstream("itr", cfg))
}

var ctx = context.Background()

// The reports as the site sends them, and the bodies the client makes of them.
var (
	no         = false
	reportTime = time.Date(2026, 11, 21, 8, 0, 0, 0, time.UTC)
	repair     = itr.Report{
		Owner: Owner, ReportTime: reportTime, Variant: "repair",
		RobotCode: "JAKA-ZU7-2403-001234", CabinetCode: "JAKA-CAB3-2403-005678", IssueDate: "2026-11-20",
		FaultDescription: "Joint 3 stops with alarm 1104 above 50 % speed.", FaultAttachments: []string{PhotoID},
		ControllerVersion: "V2.1.7", ServoVersion: "V3.2.0.14", FirstUse: &no,
		CompanyName: "Schmidt Automotive GmbH", CompanyAddress: "Industriestraße 12, 70565 Stuttgart",
		ReporterName: "Anna Weber", Phone: "+49 151 2345678", Email: "anna@example.de",
	}
	repairBody = map[string]any{
		"owner": Owner, "type": "repair", "reportedAt": "2026-11-21T08:00:00Z",
		"robot":    map[string]any{"serialNo": "JAKA-ZU7-2403-001234", "cabinetSerialNo": "JAKA-CAB3-2403-005678", "firstUse": false},
		"fault":    map[string]any{"date": "2026-11-20", "description": "Joint 3 stops with alarm 1104 above 50 % speed.", "media": []string{PhotoID}},
		"software": map[string]any{"controller": "V2.1.7", "servo": "V3.2.0.14"},
		"customer": map[string]any{"company": "Schmidt Automotive GmbH", "address": "Industriestraße 12, 70565 Stuttgart"},
		"contact":  map[string]any{"name": "Anna Weber", "phone": "+49 151 2345678", "email": "anna@example.de"},
	}
	consultation = itr.Report{
		Owner: Owner, ReportTime: reportTime, Variant: "consultation",
		IssueInformation: "JAKA Zu 7 vision", ProblemDescription: "Does the Zu 7 support third-party 2D cameras?",
		ReporterName: "王强", Phone: "13900000002", Email: "wang@example.cn",
	}
	consultationBody = map[string]any{
		"owner": Owner, "type": "consultation", "reportedAt": "2026-11-21T08:00:00Z",
		"consultation": map[string]any{"topic": "JAKA Zu 7 vision", "question": "Does the Zu 7 support third-party 2D cameras?"},
		"contact":      map[string]any{"name": "王强", "phone": "13900000002", "email": "wang@example.cn"},
	}
	strangerPhoto = func() itr.Report {
		r := repair
		r.FaultAttachments = []string{"att_pact_nobody_0001"}
		return r
	}()
	strangerBody = func() map[string]any {
		b := map[string]any{}
		for k, v := range repairBody {
			b[k] = v
		}
		b["fault"] = map[string]any{"date": "2026-11-20", "description": "Joint 3 stops with alarm 1104 above 50 % speed.", "media": []string{"att_pact_nobody_0001"}}
		return b
	}()
)

// attachmentAnswer is an attachment as the system describes it.
func attachmentAnswer(id any, workOrder any) map[string]any {
	return map[string]any{
		"id": id, "name": matchers.Like("alarm.webp"), "contentType": "image/webp", "size": matchers.Integer(len(Photo)),
		"uploadedAt": matchers.Regex("2026-11-21T08:00:00Z", rfc3339), "workOrder": workOrder,
	}
}

var receiptAnswer = map[string]any{
	"id": matchers.Integer(5002), "serviceNumber": matchers.Regex("SR20261121-0002", serviceNumberRE),
	"status": "online_report", "reportedAt": matchers.Regex("2026-11-21T08:00:00Z", rfc3339),
}

var mediaAnswer = map[string]any{"id": PhotoID, "name": matchers.Like("alarm.webp"), "contentType": "image/webp", "size": matchers.Integer(len(Photo))}

// interaction is one BFF→ITR call, the system's answer, and what the client must make of it.
type interaction struct {
	state, description string
	method, path       string
	query              map[string][]string
	headers            map[string]string
	key                string
	json               any    // a JSON request body
	binary             []byte // a raw request body (a file)
	contentType        string // of the raw body
	status             int
	answer             any // a JSON answer
	answerHeaders      map[string]matchers.Matcher
	answerBinary       []byte // a raw answer (a file)
	check              func(c *itr.HTTPClient) error
}

func wantKey(err error, key apierr.Key) error {
	if got := apierr.From(err).Key; got != key {
		return fmt.Errorf("want %s, got %v", key, err)
	}
	return nil
}

func readAll(resp *http.Response, err error) ([]byte, int, error) {
	if err != nil {
		return nil, 0, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	return body, resp.StatusCode, err
}

var interactions = []interaction{
	// Attachments.
	{
		state: StateEmpty, description: "an upload of a photo",
		method: "POST", path: itr.AttachmentsPath, query: map[string][]string{"owner": {"1001"}, "name": {"alarm.webp"}},
		binary: Photo, contentType: "image/webp",
		status: 201, answer: attachmentAnswer(matchers.Regex("att_h2k4bq7m3x5n6p7r2t4v6w8y3z", attachmentIDPattern), nil),
		check: func(c *itr.HTTPClient) error {
			a, err := c.Upload(ctx, Owner, "alarm.webp", "image/webp", bytes.NewReader(Photo))
			if err == nil && (a.ID == "" || a.ContentType != "image/webp" || a.Size != int64(len(Photo))) {
				err = fmt.Errorf("unexpected attachment %+v", a)
			}
			return err
		},
	},
	{
		state: StateOrder, description: "the customer's attachments among some ids",
		method: "GET", path: itr.AttachmentsPath, query: map[string][]string{"owner": {"1001"}, "id": {PhotoID, "att_pact_nobody_0001"}},
		status: 200, answer: map[string]any{"attachments": []any{attachmentAnswer(PhotoID, ServiceNumber)}},
		check: func(c *itr.HTTPClient) error {
			list, err := c.Attachments(ctx, Owner, []string{PhotoID, "att_pact_nobody_0001"})
			if err == nil && (len(list) != 1 || list[0].WorkOrder != ServiceNumber) {
				err = fmt.Errorf("want the one photo in its work order, got %+v", list)
			}
			return err
		},
	},
	{
		state: StateOrder, description: "the content of an attachment, for a preview",
		method: "GET", path: itr.AttachmentsPath + "/" + PhotoID + "/content", query: map[string][]string{"owner": {"1001"}},
		headers: map[string]string{"Accept-Encoding": "identity"},
		status:  200, answerHeaders: map[string]matchers.Matcher{"Content-Type": matchers.S("image/webp")}, answerBinary: Photo,
		check: func(c *itr.HTTPClient) error {
			body, status, err := readAll(c.OpenAttachment(ctx, Owner, PhotoID, http.Header{}))
			if err == nil && (status != 200 || !bytes.Equal(body, Photo)) {
				err = fmt.Errorf("status %d, %d bytes", status, len(body))
			}
			return err
		},
	},
	{
		state: StateOrder, description: "a byte range of an attachment, for a video player",
		method: "GET", path: itr.AttachmentsPath + "/" + PhotoID + "/content", query: map[string][]string{"owner": {"1001"}},
		headers: map[string]string{"Accept-Encoding": "identity", "Range": "bytes=0-7"},
		status:  206, answerHeaders: map[string]matchers.Matcher{
			"Content-Type":  matchers.S("image/webp"),
			"Content-Range": matchers.Regex(fmt.Sprintf("bytes 0-7/%d", len(Photo)), `^bytes 0-7/\d+$`),
		}, answerBinary: Photo[:8],
		check: func(c *itr.HTTPClient) error {
			body, status, err := readAll(c.OpenAttachment(ctx, Owner, PhotoID, http.Header{"Range": {"bytes=0-7"}}))
			if err == nil && (status != 206 || !bytes.Equal(body, Photo[:8])) {
				err = fmt.Errorf("status %d, %d bytes", status, len(body))
			}
			return err
		},
	},
	{
		state: StateOrder, description: "the content of another customer's attachment",
		method: "GET", path: itr.AttachmentsPath + "/" + PhotoID + "/content", query: map[string][]string{"owner": {"2002"}},
		headers: map[string]string{"Accept-Encoding": "identity"},
		status:  404, answer: map[string]any{"error": "not_found", "message": matchers.Like("no such attachment")},
		check: func(c *itr.HTTPClient) error {
			_, err := c.OpenAttachment(ctx, 2002, PhotoID, http.Header{})
			return wantKey(err, itr.UploadNotFound)
		},
	},
	{
		state: StatePhoto, description: "the removal of an unused attachment",
		method: "DELETE", path: itr.AttachmentsPath + "/" + PhotoID, query: map[string][]string{"owner": {"1001"}},
		status: 204,
		check: func(c *itr.HTTPClient) error {
			return c.DeleteAttachment(ctx, Owner, PhotoID)
		},
	},
	{
		state: StatePhoto, description: "the removal of another customer's attachment",
		method: "DELETE", path: itr.AttachmentsPath + "/" + PhotoID, query: map[string][]string{"owner": {"2002"}},
		status: 404, answer: map[string]any{"error": "not_found", "message": matchers.Like("no such attachment")},
		check: func(c *itr.HTTPClient) error {
			return wantKey(c.DeleteAttachment(ctx, 2002, PhotoID), itr.UploadNotFound)
		},
	},
	{
		state: StateOrder, description: "the removal of an attachment a work order uses",
		method: "DELETE", path: itr.AttachmentsPath + "/" + PhotoID, query: map[string][]string{"owner": {"1001"}},
		status: 409, answer: map[string]any{"error": "in_use", "workOrder": ServiceNumber, "message": matchers.Like("in use")},
		check: func(c *itr.HTTPClient) error {
			return wantKey(c.DeleteAttachment(ctx, Owner, PhotoID), itr.UploadInUse)
		},
	},
	// Work orders.
	{
		state: StatePhoto, description: "a new repair report with a photo",
		method: "POST", path: itr.WorkOrdersPath, key: "pact-order-new-repair", json: repairBody,
		status: 201, answer: receiptAnswer,
		check: func(c *itr.HTTPClient) error {
			r, err := c.CreateWorkOrder(ctx, "pact-order-new-repair", repair)
			if err == nil && (r.ID == 0 || r.Status != itr.OnlineReport || r.Duplicate) {
				err = fmt.Errorf("unexpected receipt %+v", r)
			}
			return err
		},
	},
	{
		state: StateEmpty, description: "a new technical consultation",
		method: "POST", path: itr.WorkOrdersPath, key: "pact-order-new-consultation", json: consultationBody,
		status: 201, answer: receiptAnswer,
		check: func(c *itr.HTTPClient) error {
			_, err := c.CreateWorkOrder(ctx, "pact-order-new-consultation", consultation)
			return err
		},
	},
	{
		state: StateOrder, description: "a report whose idempotency key the system has stored",
		method: "POST", path: itr.WorkOrdersPath, key: KeyStored, json: repairBody,
		status: 409, answer: map[string]any{
			"error": "duplicate", "id": OrderID, "serviceNumber": ServiceNumber,
			"status": matchers.Regex("in_service", statusRE), "reportedAt": matchers.Regex("2026-11-21T08:00:00Z", rfc3339),
		},
		check: func(c *itr.HTTPClient) error {
			r, err := c.CreateWorkOrder(ctx, KeyStored, repair)
			if err == nil && (!r.Duplicate || r.ServiceNumber != ServiceNumber) {
				err = fmt.Errorf("want the stored order, got %+v", r)
			}
			return err
		},
	},
	{
		state: StateEmpty, description: "a report naming an attachment the customer does not have",
		method: "POST", path: itr.WorkOrdersPath, key: "pact-order-stranger-photo", json: strangerBody,
		status: 422, answer: map[string]any{"error": "rejected", "reason": "attachment_not_found", "field": "fault.media[0]", "message": matchers.Like("why")},
		check: func(c *itr.HTTPClient) error {
			_, err := c.CreateWorkOrder(ctx, "pact-order-stranger-photo", strangerPhoto)
			return wantKey(err, itr.AttachmentNotYours)
		},
	},
	{
		state: StateOrder, description: "the customer's open work orders",
		method: "GET", path: itr.WorkOrdersPath, query: map[string][]string{"owner": {"1001"}, "status": {"open"}, "page": {"1"}, "size": {"10"}},
		status: 200, answer: map[string]any{"total": matchers.Integer(1), "items": matchers.EachLike(map[string]any{
			"id": matchers.Integer(OrderID), "serviceNumber": matchers.Regex(ServiceNumber, serviceNumberRE),
			"type": matchers.Regex("repair", `^(repair|consultation)$`), "status": matchers.Regex("in_service", `^(online_report|in_service)$`),
			"reportedAt": matchers.Regex("2026-11-21T08:00:00Z", rfc3339), "robotSerialNo": matchers.Like("JAKA-ZU7-2403-001234"),
		}, 1)},
		check: func(c *itr.HTTPClient) error {
			p, err := c.WorkOrders(ctx, itr.Query{Owner: Owner, Tab: "pending", Page: 1, PageSize: 10})
			if err == nil && (p.Total != 1 || len(p.Rows) != 1 || p.Rows[0].RobotCode == "") {
				err = fmt.Errorf("unexpected page %+v", p)
			}
			return err
		},
	},
	{
		state: StateEmpty, description: "the work orders of a customer who has none",
		method: "GET", path: itr.WorkOrdersPath, query: map[string][]string{"owner": {"1001"}, "status": {"all"}, "page": {"1"}, "size": {"10"}},
		status: 200, answer: map[string]any{"total": 0, "items": []any{}},
		check: func(c *itr.HTTPClient) error {
			p, err := c.WorkOrders(ctx, itr.Query{Owner: Owner, Tab: "all", Page: 1, PageSize: 10})
			if err == nil && (p.Total != 0 || len(p.Rows) != 0) {
				err = errors.New("want none")
			}
			return err
		},
	},
	{
		state: StateOrder, description: "a work order of the customer",
		method: "GET", path: fmt.Sprintf("%s/%d", itr.WorkOrdersPath, OrderID), query: map[string][]string{"owner": {"1001"}},
		status: 200, answer: map[string]any{
			"id": OrderID, "serviceNumber": ServiceNumber, "type": "repair", "status": "in_service",
			"reportedAt": matchers.Regex("2026-11-21T08:00:00Z", rfc3339),
			"history": []any{
				map[string]any{"status": "online_report", "at": matchers.Regex("2026-11-21T08:00:00Z", rfc3339)},
				map[string]any{"status": "in_service", "at": matchers.Regex("2026-11-21T09:00:00Z", rfc3339)},
			},
			"robot": map[string]any{"serialNo": "JAKA-ZU7-2403-001234", "cabinetSerialNo": matchers.Like("JAKA-CAB3-2403-005678"),
				"model": matchers.Like("JAKA Zu 7"), "firstUse": matchers.Like(false)},
			"fault": map[string]any{"date": matchers.Regex("2026-11-20", `^\d{4}-\d{2}-\d{2}$`), "description": matchers.Like("Joint 3 stops."),
				"media": []any{mediaAnswer}},
			"software":     matchers.Like(map[string]any{"controller": "V2.1.7", "servo": "V3.2.0.14", "scb": "", "app": "", "sdk": "", "media": []any{}}),
			"consultation": nil,
			"customer":     map[string]any{"company": matchers.Like("Schmidt Automotive GmbH"), "address": matchers.Like("Industriestraße 12, 70565 Stuttgart")},
			"contact":      map[string]any{"name": matchers.Like("Anna Weber"), "phone": matchers.Like("+49 151 2345678"), "email": matchers.Like("anna@example.de")},
		},
		check: func(c *itr.HTTPClient) error {
			wo, err := c.WorkOrder(ctx, Owner, OrderID)
			switch {
			case err != nil:
				return err
			case wo.Status != itr.InService || len(wo.Steps) != 3 || wo.Steps[1].Time.IsZero() || !wo.Steps[2].Time.IsZero():
				return fmt.Errorf("unexpected steps %+v", wo.Steps)
			case len(wo.Attachments) != 1 || wo.RobotBody == "" || wo.CompanyAddress == "":
				return fmt.Errorf("unexpected work order %+v", wo)
			}
			return nil
		},
	},
	{
		state: StateOrder, description: "a work order of another customer",
		method: "GET", path: fmt.Sprintf("%s/%d", itr.WorkOrdersPath, OrderID), query: map[string][]string{"owner": {"2002"}},
		status: 404, answer: map[string]any{"error": "not_found", "message": matchers.Like("no such work order")},
		check: func(c *itr.HTTPClient) error {
			_, err := c.WorkOrder(ctx, 2002, OrderID)
			return wantKey(err, itr.OrderNotFound)
		},
	},
	// Companies.
	{
		state: StateRegister, description: "customer companies by part of their name",
		method: "GET", path: itr.CompaniesPath, query: map[string][]string{"q": {"苏州"}, "limit": {"5"}},
		status: 200, answer: map[string]any{"companies": matchers.EachLike(map[string]any{
			"name": matchers.Like("苏州工业园区智能制造有限公司"), "address": matchers.Like("江苏省苏州市工业园区星湖街328号"),
		}, 1)},
		check: func(c *itr.HTTPClient) error {
			list, err := c.Companies(ctx, "苏州", 5)
			if err == nil && len(list) == 0 {
				err = errors.New("no companies")
			}
			return err
		},
	},
	{
		state: StateRegister, description: "customer companies for a name nobody has",
		method: "GET", path: itr.CompaniesPath, query: map[string][]string{"q": {"Nobody Has This Name Ltd"}, "limit": {"5"}},
		status: 200, answer: map[string]any{"companies": []any{}},
		check: func(c *itr.HTTPClient) error {
			list, err := c.Companies(ctx, "Nobody Has This Name Ltd", 5)
			if err == nil && len(list) != 0 {
				err = errors.New("want none")
			}
			return err
		},
	},
}

func TestITRPact(t *testing.T) {
	pact := pacttest.NewPact(t, Provider)
	for _, it := range interactions {
		t.Run(it.description, func(t *testing.T) {
			err := pact.AddInteraction().
				Given(it.state).
				UponReceiving(it.description).
				WithRequest(consumer.Method(it.method), it.path, func(b *consumer.V4RequestBuilder) {
					// Calls for a file name their own headers; the others ask for JSON.
					if it.headers == nil {
						b.Header("Accept", matchers.S("application/json"))
					}
					for k, values := range it.query {
						var ms []matchers.Matcher
						for _, v := range values {
							ms = append(ms, matchers.S(v))
						}
						b.Query(k, ms...)
					}
					for k, v := range it.headers {
						b.Header(k, matchers.S(v))
					}
					if it.key != "" {
						b.Header(itr.IdempotencyHeader, matchers.S(it.key))
					}
					switch {
					case it.json != nil:
						b.Header("Content-Type", matchers.S("application/json"))
						b.JSONBody(it.json)
					case it.binary != nil:
						b.Header("Content-Type", matchers.S(it.contentType))
						b.Body(it.contentType, it.binary)
					}
				}).
				WillRespondWith(it.status, func(b *consumer.V4ResponseBuilder) {
					for k, v := range it.answerHeaders {
						b.Header(k, v)
					}
					switch {
					case it.answerBinary != nil:
						b.Body("image/webp", it.answerBinary)
					case it.answer != nil:
						b.Header("Content-Type", matchers.Regex("application/json; charset=utf-8", `application/json.*`))
						b.JSONBody(it.answer)
					}
				}).
				ExecuteTest(t, func(cfg consumer.MockServerConfig) error {
					return it.check(clientFor(cfg))
				})
			require.NoError(t, err)
		})
	}
	coverage.Require(t)
}
