package crm

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// Clue is a sales lead as the CRM stores it: what was sent, under which idempotency key, and
// when. Payload is kept exactly as received (free text is text: the CRM never interprets it).
type Clue struct {
	ID             string          `json:"clueId"`
	Kind           string          `json:"kind"` // domestic or overseas
	IdempotencyKey string          `json:"idempotencyKey,omitempty"`
	ReceivedAt     time.Time       `json:"receivedAt"`
	Payload        json.RawMessage `json:"payload"`
}

// FormRecord is a filled-in site form as the CRM stores it.
type FormRecord struct {
	ID             int64           `json:"recordId"`
	FormID         int64           `json:"formId"`
	IdempotencyKey string          `json:"idempotencyKey,omitempty"`
	ReceivedAt     time.Time       `json:"receivedAt"`
	Payload        json.RawMessage `json:"payload"`
}

// store holds the accepted clues and form records. With a directory it appends each one to a
// JSON-lines file and syncs it before the CRM answers, as a real CRM commits before it
// acknowledges; on start it reads the files back. Without a directory it keeps them in memory.
type store struct {
	mu          sync.Mutex
	dir         string
	clues       []Clue
	records     []FormRecord
	clueByKey   map[string]string // idempotency key → clue id
	recordByKey map[string]int64  // idempotency key → record id
	clueFile    *os.File
	recordFile  *os.File
}

const (
	cluesFile   = "clues.jsonl"
	recordsFile = "form-records.jsonl"
	// firstRecordID is the id of the first form record (ids below it belong to an older system).
	firstRecordID = 70001
)

func openStore(dir string) (*store, error) {
	s := &store{dir: dir}
	if err := s.load(); err != nil {
		return nil, err
	}
	return s, nil
}

func (s *store) load() error {
	s.clues, s.records = nil, nil
	s.clueByKey, s.recordByKey = map[string]string{}, map[string]int64{}
	if s.dir == "" {
		return nil
	}
	if err := os.MkdirAll(s.dir, 0o755); err != nil {
		return err
	}
	var err error
	if s.clueFile, err = readLines(filepath.Join(s.dir, cluesFile), func(line []byte) error {
		var c Clue
		if err := json.Unmarshal(line, &c); err != nil {
			return err
		}
		s.addClue(c)
		return nil
	}); err != nil {
		return err
	}
	if s.recordFile, err = readLines(filepath.Join(s.dir, recordsFile), func(line []byte) error {
		var r FormRecord
		if err := json.Unmarshal(line, &r); err != nil {
			return err
		}
		s.addRecord(r)
		return nil
	}); err != nil {
		return err
	}
	return nil
}

// readLines calls each for every complete line of the file at path and returns the file opened
// for appending. A torn last line (a crash in the middle of a write) is cut off.
func readLines(path string, each func([]byte) error) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	r := bufio.NewReader(f)
	var good int64
	for {
		line, err := r.ReadBytes('\n')
		if errors.Is(err, io.EOF) {
			break // a line without its newline was never acknowledged
		}
		if err != nil {
			f.Close()
			return nil, err
		}
		if err := each(line); err != nil {
			f.Close()
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		good += int64(len(line))
	}
	if err := f.Truncate(good); err != nil {
		f.Close()
		return nil, err
	}
	if _, err := f.Seek(good, io.SeekStart); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

func (s *store) addClue(c Clue) {
	s.clues = append(s.clues, c)
	if c.IdempotencyKey != "" {
		s.clueByKey[c.IdempotencyKey] = c.ID
	}
}

func (s *store) addRecord(r FormRecord) {
	s.records = append(s.records, r)
	if r.IdempotencyKey != "" {
		s.recordByKey[r.IdempotencyKey] = r.ID
	}
}

// appendLine writes v as one line and syncs the file.
func appendLine(f *os.File, v any) error {
	if f == nil {
		return nil
	}
	line, err := json.Marshal(v)
	if err != nil {
		return err
	}
	if _, err := f.Write(append(line, '\n')); err != nil {
		return err
	}
	return f.Sync()
}

// insertClue stores a new clue unless its idempotency key is known; then it returns the id of
// the clue stored first and duplicate true.
func (s *store) insertClue(kind, key string, payload json.RawMessage, now time.Time) (id string, duplicate bool, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if key != "" {
		if id, ok := s.clueByKey[key]; ok {
			return id, true, nil
		}
	}
	c := Clue{
		ID:             fmt.Sprintf("CL%s%05d", now.Format("20060102"), len(s.clues)+1),
		Kind:           kind,
		IdempotencyKey: key,
		ReceivedAt:     now.UTC(),
		Payload:        payload,
	}
	if err := appendLine(s.clueFile, c); err != nil {
		return "", false, err
	}
	s.addClue(c)
	return c.ID, false, nil
}

// insertRecord is insertClue for form records.
func (s *store) insertRecord(formID int64, key string, payload json.RawMessage, now time.Time) (id int64, duplicate bool, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if key != "" {
		if id, ok := s.recordByKey[key]; ok {
			return id, true, nil
		}
	}
	r := FormRecord{
		ID:             firstRecordID + int64(len(s.records)),
		FormID:         formID,
		IdempotencyKey: key,
		ReceivedAt:     now.UTC(),
		Payload:        payload,
	}
	if err := appendLine(s.recordFile, r); err != nil {
		return 0, false, err
	}
	s.addRecord(r)
	return r.ID, false, nil
}

// snapshot returns copies of the stored clues and records.
func (s *store) snapshot() ([]Clue, []FormRecord) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Clue{}, s.clues...), append([]FormRecord{}, s.records...)
}

// reset forgets every clue and record, on disk too.
func (s *store) reset() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, f := range []*os.File{s.clueFile, s.recordFile} {
		if f == nil {
			continue
		}
		if err := f.Truncate(0); err != nil {
			return err
		}
		if _, err := f.Seek(0, io.SeekStart); err != nil {
			return err
		}
		if err := f.Sync(); err != nil {
			return err
		}
	}
	s.clues, s.records = nil, nil
	s.clueByKey, s.recordByKey = map[string]string{}, map[string]int64{}
	return nil
}

// close closes the files.
func (s *store) close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	var errs []error
	for _, f := range []*os.File{s.clueFile, s.recordFile} {
		if f != nil {
			errs = append(errs, f.Close())
		}
	}
	return errors.Join(errs...)
}
