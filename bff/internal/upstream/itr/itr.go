// Package itr is the BFF's client of the ITR work-order system behind repair reports: the
// customers' photos and videos (attachments), their work orders and the customer companies. It
// speaks the system's own API (/itr/v1/…, see mocks/itr/API.md) and turns its answers into the
// BFF's types (in the contract's names) and errors.
package itr

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strconv"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/upstream"
)

// IdempotencyHeader carries the key of a work order to the system, which stores each key once.
const IdempotencyHeader = upstream.IdempotencyHeader

// The system's API paths.
const (
	AttachmentsPath = "/itr/v1/attachments"
	WorkOrdersPath  = "/itr/v1/work-orders"
	CompaniesPath   = "/itr/v1/companies"
)

// Company is a customer company and the address of its site.
type Company struct {
	Name    string `json:"companyName"`
	Address string `json:"companyAddress"`
}

// Client calls the work-order system. Every call names the user (owner) it acts for, and the
// system shows each user only their own attachments and orders: another user's are unknown
// (UploadNotFound, OrderNotFound). Transport failures and 5xx answers are upstream.* errors.
type Client interface {
	// Upload stores body as a file of owner, named name, streaming it as it is read; it fails
	// with UploadEmpty, UploadUnsupportedType or UploadTooLarge when the system refuses it, and
	// with the body's own error when reading it fails.
	Upload(ctx context.Context, owner int64, name, contentType string, body io.Reader) (Attachment, error)
	// Attachments describes the files of owner among ids; unknown ids and other users' are left
	// out.
	Attachments(ctx context.Context, owner int64, ids []string) ([]Attachment, error)
	// DeleteAttachment removes a file of owner that no work order uses (UploadInUse otherwise).
	DeleteAttachment(ctx context.Context, owner int64, id string) error
	// OpenAttachment starts reading a file of owner, passing on the request's Range and
	// conditional headers; the caller streams and closes the answer's body. The status is 200,
	// 206, 304 or 416.
	OpenAttachment(ctx context.Context, owner int64, id string, h http.Header) (*http.Response, error)
	// CreateWorkOrder files a report under an idempotency key: a key the system has seen
	// answers the first order (Duplicate). A refusal is AttachmentNotYours or Rejected.
	CreateWorkOrder(ctx context.Context, key string, r Report) (Receipt, error)
	// WorkOrders lists one page of a user's work orders, newest first.
	WorkOrders(ctx context.Context, q Query) (Page, error)
	// WorkOrder returns one work order of owner.
	WorkOrder(ctx context.Context, owner, id int64) (WorkOrder, error)
	// Companies finds up to limit customer companies whose name contains keyword.
	Companies(ctx context.Context, keyword string, limit int) ([]Company, error)
}

// HTTPClient is the Client over the system's HTTP API.
type HTTPClient struct {
	upstream.Client
}

// New returns a client of the system at base.
func New(base upstream.Client) *HTTPClient { return &HTTPClient{Client: base} }

// errorAnswer is the body of the system's failures.
type errorAnswer struct {
	Error     string `json:"error"`
	Reason    string `json:"reason"`
	Field     string `json:"field"`
	Message   string `json:"message"`
	WorkOrder string `json:"workOrder"`
	Limit     int64  `json:"limit"`
}

func ownerQuery(owner int64) url.Values {
	return url.Values{"owner": {strconv.FormatInt(owner, 10)}}
}

// getJSON reads one JSON answer into v; a 404 is notFound.
func (c *HTTPClient) getJSON(ctx context.Context, path string, q url.Values, notFound apierr.Key, v any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.URL(path, q), nil)
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
		return apierr.New(notFound, nil)
	default:
		return c.Unexpected(resp.Status, "GET %s: status %d", path, resp.Status)
	}
	if err := json.Unmarshal(resp.Body, v); err != nil {
		return c.BadAnswer("GET %s: %v", path, err)
	}
	return nil
}

// Companies finds customer companies by part of their name.
func (c *HTTPClient) Companies(ctx context.Context, keyword string, limit int) ([]Company, error) {
	var ans struct {
		Companies []struct {
			Name    string `json:"name"`
			Address string `json:"address"`
		} `json:"companies"`
	}
	q := url.Values{"q": {keyword}, "limit": {strconv.Itoa(limit)}}
	if err := c.getJSON(ctx, CompaniesPath, q, apierr.NotFound, &ans); err != nil {
		return nil, err
	}
	out := make([]Company, 0, len(ans.Companies))
	for _, co := range ans.Companies {
		out = append(out, Company{Name: co.Name, Address: co.Address})
	}
	return out, nil
}
