package itr

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sync"
	"sync/atomic"

	"github.com/jakarobotics/website/bff/internal/apierr"
)

// The customers' photos and videos: streamed in as they arrive, described, removed before a
// report uses them, and read back for their previews.

// Attachment is a stored photo or video.
type Attachment struct {
	ID          string
	Name        string
	ContentType string
	Size        int64
	// WorkOrder is the service number of the order that uses the file; empty while none does.
	WorkOrder string
}

// LimitError is the cause of an UploadTooLarge answered by the system: its own limit for the
// file's type, which may be lower than the BFF's.
type LimitError struct {
	// Limit is the largest file of the type the system keeps, in bytes; 0 when it did not say.
	Limit int64
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("itr: the file is over the limit of %d bytes", e.Limit)
}

// attachmentJSON is an attachment as the system describes it.
type attachmentJSON struct {
	ID          string  `json:"id"`
	Name        string  `json:"name"`
	ContentType string  `json:"contentType"`
	Size        int64   `json:"size"`
	WorkOrder   *string `json:"workOrder"`
}

func (a attachmentJSON) attachment() Attachment {
	out := Attachment{ID: a.ID, Name: a.Name, ContentType: a.ContentType, Size: a.Size}
	if a.WorkOrder != nil {
		out.WorkOrder = *a.WorkOrder
	}
	return out
}

// uploadBody is the body of an upload request. It remembers the error of the reader it reads,
// so that a failed upload can tell a body that could not be read (the browser's side) from a
// system that failed. And it can be detached: the transport may still be reading a request body
// after it has returned the answer (a system that refused the file early), while the caller goes
// on with the reader (closing a multipart part reads it); once detached, a read in flight has
// finished and the transport gets no more.
type uploadBody struct {
	mu       sync.Mutex
	r        io.Reader
	err      error
	detached bool
	// failed is set with err, for reading without waiting on a read in flight.
	failed atomic.Bool
}

// errDetached ends the transport's reads of a body whose upload is over.
var errDetached = errors.New("itr: the upload is over")

func (b *uploadBody) Read(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.detached {
		return 0, errDetached
	}
	n, err := b.r.Read(p)
	if err != nil && err != io.EOF && b.err == nil {
		b.err = err
		b.failed.Store(true)
	}
	return n, err
}

// detach waits for a read in flight and refuses every later one; it returns the reader's error.
func (b *uploadBody) detach() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.detached = true
	return b.err
}

// Upload streams body to the system as the raw bytes of one file.
func (c *HTTPClient) Upload(ctx context.Context, owner int64, name, contentType string, body io.Reader) (Attachment, error) {
	q := ownerQuery(owner)
	q.Set("name", name)
	ub := &uploadBody{r: body}
	// A plain io.Reader has no length: the request is sent chunked, as it is read.
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.URL(AttachmentsPath, q), ub)
	if err != nil {
		return Attachment{}, err
	}
	req.Header.Set("Content-Type", contentType)
	req.Header.Set("Accept", "application/json")
	// A body that fails on the browser's side is no failure of the system: it is not counted.
	client := c.Client
	onFailure := client.OnFailure
	client.OnFailure = func(system string, key apierr.Key) {
		if !ub.failed.Load() && onFailure != nil {
			onFailure(system, key)
		}
	}
	resp, err := client.Do(req)
	if bodyErr := ub.detach(); bodyErr != nil {
		return Attachment{}, bodyErr
	}
	if err != nil {
		return Attachment{}, err
	}
	switch resp.Status {
	case http.StatusCreated, http.StatusOK:
		var a attachmentJSON
		if err := json.Unmarshal(resp.Body, &a); err != nil || a.ID == "" {
			return Attachment{}, c.BadAnswer("POST %s: no attachment in the answer", AttachmentsPath)
		}
		return a.attachment(), nil
	}
	var e errorAnswer
	_ = json.Unmarshal(resp.Body, &e)
	switch {
	case resp.Status == http.StatusRequestEntityTooLarge:
		return Attachment{}, apierr.New(UploadTooLarge, &LimitError{Limit: e.Limit})
	case resp.Status == http.StatusUnsupportedMediaType:
		return Attachment{}, apierr.New(UploadUnsupportedType, nil)
	case resp.Status == http.StatusBadRequest && e.Error == "empty_file":
		return Attachment{}, apierr.New(UploadEmpty, nil)
	}
	return Attachment{}, c.BadAnswer("POST %s: status %d: %s", AttachmentsPath, resp.Status, e.Message)
}

// Attachments describes the files of owner among ids.
func (c *HTTPClient) Attachments(ctx context.Context, owner int64, ids []string) ([]Attachment, error) {
	q := ownerQuery(owner)
	q["id"] = ids
	var ans struct {
		Attachments []attachmentJSON `json:"attachments"`
	}
	if err := c.getJSON(ctx, AttachmentsPath, q, UploadNotFound, &ans); err != nil {
		return nil, err
	}
	out := make([]Attachment, 0, len(ans.Attachments))
	for _, a := range ans.Attachments {
		out = append(out, a.attachment())
	}
	return out, nil
}

// DeleteAttachment removes a file of owner.
func (c *HTTPClient) DeleteAttachment(ctx context.Context, owner int64, id string) error {
	path := AttachmentsPath + "/" + url.PathEscape(id)
	req, err := http.NewRequestWithContext(ctx, http.MethodDelete, c.URL(path, ownerQuery(owner)), nil)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "application/json")
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	switch resp.Status {
	case http.StatusNoContent, http.StatusOK:
		return nil
	case http.StatusNotFound:
		return apierr.New(UploadNotFound, nil)
	case http.StatusConflict:
		var e errorAnswer
		_ = json.Unmarshal(resp.Body, &e)
		return apierr.New(UploadInUse, fmt.Errorf("itr: used by work order %s", e.WorkOrder))
	}
	return c.BadAnswer("DELETE %s: status %d", AttachmentsPath, resp.Status)
}

// OpenAttachment starts reading a file of owner, for its preview: ranges for video players and
// conditional requests for caches pass through.
func (c *HTTPClient) OpenAttachment(ctx context.Context, owner int64, id string, h http.Header) (*http.Response, error) {
	return c.OpenFile(ctx, AttachmentsPath+"/"+url.PathEscape(id)+"/content", ownerQuery(owner), h, UploadNotFound)
}
