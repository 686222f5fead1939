package itr

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"regexp"
	"strings"
	"time"

	"github.com/jakarobotics/website/mocks/mockkit"
)

// The admin endpoints, for tests and developers:
//
//	GET  /__admin/orders                          every work order, with its owner and key
//	POST /__admin/orders                          put in a work order with a chosen id, number and status
//	POST /__admin/orders/{serviceNumber}/advance  move a work order to its next status (now)
//	GET  /__admin/attachments                     every attachment, and the files on disk
//	POST /__admin/attachments                     put in an attachment with a chosen id
//	POST /__admin/reset                           forget every work order and attachment
func (s *Server) adminRoutes() {
	s.mux.HandleFunc("GET "+mockkit.AdminPrefix+"/orders", s.adminOrders)
	s.mux.HandleFunc("POST "+mockkit.AdminPrefix+"/orders", s.adminPutOrder)
	s.mux.HandleFunc("POST "+mockkit.AdminPrefix+"/orders/{serviceNumber}/advance", s.adminAdvance)
	s.mux.HandleFunc("GET "+mockkit.AdminPrefix+"/attachments", s.adminAttachments)
	s.mux.HandleFunc("POST "+mockkit.AdminPrefix+"/attachments", s.adminPutAttachment)
	s.mux.HandleFunc("POST "+mockkit.AdminPrefix+"/reset", s.adminReset)
}

// adminOrderJSON is a work order as the admin endpoints show it: in full, with its owner and key.
type adminOrderJSON struct {
	orderJSON
	Owner          int64  `json:"owner"`
	IdempotencyKey string `json:"idempotencyKey,omitempty"`
}

func (s *Server) adminOrders(w http.ResponseWriter, r *http.Request) {
	s.store.mu.Lock()
	s.saveIf(s.store.advanceDue(s.opts.AutoAdvance))
	out := []adminOrderJSON{}
	for _, o := range s.store.st.Orders {
		out = append(out, adminOrderJSON{orderJSON: s.store.view(o), Owner: o.Owner, IdempotencyKey: o.IdempotencyKey})
	}
	s.store.mu.Unlock()
	mockkit.WriteJSON(w, http.StatusOK, map[string]any{"orders": out})
}

var serviceNumberRE = regexp.MustCompile(`^SR\d{8}-\d{4}$`)

// adminPutOrder puts in a work order as it would be after its life so far: the body of a new
// work order plus the id, service number, idempotency key and status to give it. Its history
// has one step per status up to the one asked for, an hour apart from reportedAt (never later
// than now).
func (s *Server) adminPutOrder(w http.ResponseWriter, r *http.Request) {
	var in struct {
		newOrder
		ID             int64  `json:"id"`
		ServiceNumber  string `json:"serviceNumber"`
		IdempotencyKey string `json:"idempotencyKey"`
		Status         string `json:"status"`
	}
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		badRequest(w, "", err.Error())
		return
	}
	known := nextStatus(in.Status) != "" || in.Status == StatusServiceCompleted
	if in.Owner < 1 || in.ID < 1 || !serviceNumberRE.MatchString(in.ServiceNumber) || !known {
		badRequest(w, "", "want owner, id, serviceNumber (SRyyyymmdd-nnnn) and status")
		return
	}
	if msg := in.shape(); msg != "" {
		badRequest(w, "type", msg)
		return
	}
	s.store.mu.Lock()
	defer s.store.mu.Unlock()
	if s.store.orderByID(in.ID) != nil || s.store.orderByNumber(in.ServiceNumber) != nil || s.store.st.Keys[in.IdempotencyKey] != 0 {
		mockkit.WriteJSON(w, http.StatusConflict, errorBody{Error: "exists", Message: "id, service number or key in use"})
		return
	}
	if err := s.check(in.newOrder); err != nil {
		mockkit.WriteJSON(w, http.StatusUnprocessableEntity, errorBody{Error: "rejected", Message: err.Error()})
		return
	}
	now := s.opts.Now().UTC().Truncate(time.Second)
	reported := now
	if in.ReportedAt != nil {
		reported = in.ReportedAt.UTC()
	}
	o := &order{ID: in.ID, ServiceNumber: in.ServiceNumber, Owner: in.Owner, Type: in.Type, ReportedAt: reported,
		ReceivedAt: reported, IdempotencyKey: in.IdempotencyKey, Report: in.report}
	at := reported
	for _, st := range statusOrder {
		o.History = append(o.History, transition{Status: st, At: at})
		if st == in.Status {
			break
		}
		at = at.Add(time.Hour)
		if at.After(now) {
			at = now
		}
	}
	s.store.st.Orders = append(s.store.st.Orders, o)
	if in.IdempotencyKey != "" {
		s.store.st.Keys[in.IdempotencyKey] = o.ID
	}
	if in.ID >= s.store.st.NextOrderID {
		s.store.st.NextOrderID = in.ID + 1
	}
	if err := s.store.save(); err != nil {
		storageFailed(w, err)
		return
	}
	mockkit.WriteJSON(w, http.StatusCreated, adminOrderJSON{orderJSON: s.store.view(o), Owner: o.Owner, IdempotencyKey: o.IdempotencyKey})
}

// adminAdvance moves a work order to its next status, as the service team does when it takes
// the order on and when it completes it.
func (s *Server) adminAdvance(w http.ResponseWriter, r *http.Request) {
	s.store.mu.Lock()
	defer s.store.mu.Unlock()
	s.store.advanceDue(s.opts.AutoAdvance)
	o := s.store.orderByNumber(r.PathValue("serviceNumber"))
	if o == nil {
		notFound(w, "no such work order")
		return
	}
	next := nextStatus(o.status())
	if next == "" {
		mockkit.WriteJSON(w, http.StatusConflict, errorBody{Error: "completed", Message: "the work order is completed already"})
		return
	}
	o.History = append(o.History, transition{Status: next, At: s.opts.Now().UTC().Truncate(time.Second)})
	if err := s.store.save(); err != nil {
		o.History = o.History[:len(o.History)-1]
		storageFailed(w, err)
		return
	}
	mockkit.WriteJSON(w, http.StatusOK, adminOrderJSON{orderJSON: s.store.view(o), Owner: o.Owner, IdempotencyKey: o.IdempotencyKey})
}

// adminAttachments lists every attachment with its owner, and counts the files on disk: stored
// files (one per attachment) and partial ones (uploads in progress).
func (s *Server) adminAttachments(w http.ResponseWriter, r *http.Request) {
	type entry struct {
		attachmentJSON
		Owner int64 `json:"owner"`
	}
	s.store.mu.Lock()
	out := []entry{}
	for _, a := range s.store.st.Attachments {
		out = append(out, entry{attachmentJSON: s.store.viewAttachment(a), Owner: a.Owner})
	}
	s.store.mu.Unlock()
	files, partial, err := s.store.countFiles()
	if err != nil {
		storageFailed(w, err)
		return
	}
	mockkit.WriteJSON(w, http.StatusOK, map[string]any{"attachments": out, "files": files, "partialFiles": partial})
}

// countFiles counts the stored and the partial files.
func (s *store) countFiles() (files, partial int, err error) {
	entries, err := os.ReadDir(s.files)
	if err != nil {
		return 0, 0, err
	}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".part") {
			partial++
		} else {
			files++
		}
	}
	return files, partial, nil
}

var attachmentIDRE = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// adminPutAttachment puts in a file with a chosen id: {id, owner, name, contentBase64,
// uploadedAt}. It is sniffed like an upload.
func (s *Server) adminPutAttachment(w http.ResponseWriter, r *http.Request) {
	var in struct {
		ID            string     `json:"id"`
		Owner         int64      `json:"owner"`
		Name          string     `json:"name"`
		ContentBase64 string     `json:"contentBase64"`
		UploadedAt    *time.Time `json:"uploadedAt"`
	}
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		badRequest(w, "", err.Error())
		return
	}
	data, err := base64.StdEncoding.DecodeString(in.ContentBase64)
	if err != nil || in.Owner < 1 || !attachmentIDRE.MatchString(in.ID) || len(data) == 0 {
		badRequest(w, "", "want id, owner, name and contentBase64")
		return
	}
	ct := Sniff(data[:min(len(data), 512)])
	if ct == "" {
		mockkit.WriteJSON(w, http.StatusUnsupportedMediaType, errorBody{Error: "unsupported_type", Message: "not a photo or video"})
		return
	}
	s.store.mu.Lock()
	defer s.store.mu.Unlock()
	if err := s.store.putFileLocked(in.ID, in.Owner, cleanName(in.Name), ct, data, in.UploadedAt); err != nil {
		if errors.Is(err, os.ErrExist) {
			mockkit.WriteJSON(w, http.StatusConflict, errorBody{Error: "exists", Message: "an attachment has this id"})
			return
		}
		storageFailed(w, err)
		return
	}
	mockkit.WriteJSON(w, http.StatusCreated, s.store.viewAttachment(s.store.st.Attachments[in.ID]))
}

// putFileLocked stores data as attachment id of owner. Call with s.mu held.
func (s *store) putFileLocked(id string, owner int64, name, ct string, data []byte, uploadedAt *time.Time) error {
	if s.st.Attachments[id] != nil {
		return os.ErrExist
	}
	if err := os.WriteFile(s.filePath(id), data, 0o644); err != nil {
		return err
	}
	sum := sha256.Sum256(data)
	at := s.now().UTC()
	if uploadedAt != nil {
		at = uploadedAt.UTC()
	}
	s.st.Attachments[id] = &attachment{ID: id, Owner: owner, Name: name, ContentType: ct, Size: int64(len(data)),
		SHA256: hex.EncodeToString(sum[:]), UploadedAt: at}
	if err := s.save(); err != nil {
		delete(s.st.Attachments, id)
		os.Remove(s.filePath(id))
		return err
	}
	return nil
}

// adminReset forgets every work order and attachment, files included.
func (s *Server) adminReset(w http.ResponseWriter, r *http.Request) {
	s.store.mu.Lock()
	defer s.store.mu.Unlock()
	s.store.st = newState()
	if err := s.store.save(); err != nil {
		storageFailed(w, err)
		return
	}
	entries, err := os.ReadDir(s.store.files)
	if err == nil {
		for _, e := range entries {
			_ = os.Remove(s.store.filePath(e.Name()))
		}
	}
	w.WriteHeader(http.StatusNoContent)
}
