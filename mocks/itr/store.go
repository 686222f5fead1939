package itr

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// The statuses of a work order, in the only order it can take them.
const (
	StatusOnlineReport     = "online_report"
	StatusInService        = "in_service"
	StatusServiceCompleted = "service_completed"
)

// statusOrder lists the statuses in order.
var statusOrder = []string{StatusOnlineReport, StatusInService, StatusServiceCompleted}

// attachment is a stored file's record; the bytes are in files/<id>.
type attachment struct {
	ID          string    `json:"id"`
	Owner       int64     `json:"owner"`
	Name        string    `json:"name"`
	ContentType string    `json:"contentType"`
	Size        int64     `json:"size"`
	SHA256      string    `json:"sha256"`
	UploadedAt  time.Time `json:"uploadedAt"`
}

// transition is one status a work order reached, and when.
type transition struct {
	Status string    `json:"status"`
	At     time.Time `json:"at"`
}

// order is a work order as the system keeps it.
type order struct {
	ID             int64        `json:"id"`
	ServiceNumber  string       `json:"serviceNumber"`
	Owner          int64        `json:"owner"`
	Type           string       `json:"type"` // repair or consultation
	ReportedAt     time.Time    `json:"reportedAt"`
	ReceivedAt     time.Time    `json:"receivedAt"`
	History        []transition `json:"history"`
	IdempotencyKey string       `json:"idempotencyKey,omitempty"`
	Report         report       `json:"report"`
}

// status is the order's current status: the last it reached.
func (o *order) status() string { return o.History[len(o.History)-1].Status }

// state is everything the system keeps, saved whole as one JSON file.
type state struct {
	NextOrderID int64                  `json:"nextOrderId"`
	DaySeq      map[string]int         `json:"daySeq"` // yyyymmdd → last service number of the day
	Orders      []*order               `json:"orders"`
	Attachments map[string]*attachment `json:"attachments"`
	Keys        map[string]int64       `json:"keys"` // idempotency key → order id
}

func newState() *state {
	return &state{NextOrderID: firstOrderID, DaySeq: map[string]int{}, Attachments: map[string]*attachment{}, Keys: map[string]int64{}}
}

// firstOrderID is the id of the first work order (lower ids belong to an older system).
const firstOrderID = 5001

// store holds the state behind a mutex and the directory of the files.
type store struct {
	mu  sync.Mutex
	st  *state
	now func() time.Time
	// path is the state file; empty keeps the state in memory.
	path string
	// files holds one file per attachment, named by its id, and the uploads in progress as
	// .upload-*.part files, renamed to the id once complete.
	files string
	// ownFiles is set when files is a temporary directory to remove on close.
	ownFiles bool
	// fresh is set when the state was new (no state file).
	fresh bool
}

const stateFile = "state.json"

func openStore(dataDir string, now func() time.Time) (*store, error) {
	s := &store{now: now, st: newState(), fresh: true}
	dir := dataPath(dataDir)
	if dir == "" {
		tmp, err := os.MkdirTemp("", "itr-files-*")
		if err != nil {
			return nil, err
		}
		s.files, s.ownFiles = tmp, true
		return s, nil
	}
	s.path = filepath.Join(dir, stateFile)
	s.files = filepath.Join(dir, "files")
	if err := os.MkdirAll(s.files, 0o755); err != nil {
		return nil, err
	}
	raw, err := os.ReadFile(s.path)
	switch {
	case errors.Is(err, os.ErrNotExist):
	case err != nil:
		return nil, err
	default:
		if err := json.Unmarshal(raw, s.st); err != nil {
			return nil, fmt.Errorf("%s: %w", s.path, err)
		}
		s.fresh = false
		if s.st.DaySeq == nil {
			s.st.DaySeq = map[string]int{}
		}
		if s.st.Attachments == nil {
			s.st.Attachments = map[string]*attachment{}
		}
		if s.st.Keys == nil {
			s.st.Keys = map[string]int64{}
		}
	}
	// An upload cut off by a crash never became an attachment: its partial file goes.
	if err := s.removePartials(); err != nil {
		return nil, err
	}
	return s, nil
}

func (s *store) close() error {
	if s.ownFiles {
		return removeAll(s.files)
	}
	return nil
}

// removePartials deletes the files of uploads that never completed.
func (s *store) removePartials() error {
	entries, err := os.ReadDir(s.files)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".part") {
			if err := os.Remove(filepath.Join(s.files, e.Name())); err != nil && !errors.Is(err, os.ErrNotExist) {
				return err
			}
		}
	}
	return nil
}

// save writes the state atomically (a synced temporary file renamed over the old one), so that
// a crash leaves the old or the new state, never a torn one. Call with s.mu held.
func (s *store) save() error {
	if s.path == "" {
		return nil
	}
	raw, err := json.MarshalIndent(s.st, "", " ")
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(s.path), "."+stateFile+".*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // no-op once renamed
	if _, err := tmp.Write(raw); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), s.path)
}

// filePath is where the bytes of attachment id are.
func (s *store) filePath(id string) string { return filepath.Join(s.files, id) }

// orderByID returns the order with id. Call with s.mu held.
func (s *store) orderByID(id int64) *order {
	for _, o := range s.st.Orders {
		if o.ID == id {
			return o
		}
	}
	return nil
}

// orderByNumber returns the order with a service number. Call with s.mu held.
func (s *store) orderByNumber(number string) *order {
	for _, o := range s.st.Orders {
		if o.ServiceNumber == number {
			return o
		}
	}
	return nil
}

// usedBy returns the service number of an order that uses attachment id, or "". Call with
// s.mu held.
func (s *store) usedBy(id string) string {
	for _, o := range s.st.Orders {
		for _, m := range o.Report.mediaIDs() {
			if m == id {
				return o.ServiceNumber
			}
		}
	}
	return ""
}

// sweepUnattached removes the attachments that no work order uses and that are older than keep,
// with their files. Call with s.mu held.
func (s *store) sweepUnattached(keep time.Duration) (changed bool) {
	cutoff := s.now().Add(-keep)
	for id, a := range s.st.Attachments {
		if a.UploadedAt.Before(cutoff) && s.usedBy(id) == "" {
			delete(s.st.Attachments, id)
			_ = os.Remove(s.filePath(id))
			changed = true
		}
	}
	return changed
}

// advanceDue moves every open order whose current status is older than every on, with the
// transition dated when it fell due, so that the history reads as if a clock had moved it.
// Call with s.mu held.
func (s *store) advanceDue(every time.Duration) (changed bool) {
	if every <= 0 {
		return false
	}
	now := s.now()
	for _, o := range s.st.Orders {
		for o.status() != StatusServiceCompleted {
			last := o.History[len(o.History)-1]
			due := last.At.Add(every)
			if due.After(now) {
				break
			}
			o.History = append(o.History, transition{Status: nextStatus(last.Status), At: due})
			changed = true
		}
	}
	return changed
}

// nextStatus is the status after st; the last one has none ("").
func nextStatus(st string) string {
	for i, x := range statusOrder {
		if x == st && i+1 < len(statusOrder) {
			return statusOrder[i+1]
		}
	}
	return ""
}
