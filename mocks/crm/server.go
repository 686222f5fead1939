// Package crm is a stand-in for the CRM: sales leads (clues) from the Chinese and the overseas
// sites, records of the site's forms, the Chinese region lookup that files enquiries under a
// district, and the training academy's certificates. Its API is its own (see API.md): plain
// HTTP statuses, no envelope, idempotency keys on every write.
package crm

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/mail"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/jakarobotics/website/mocks/mockkit"
)

// IdempotencyHeader names the key of one write; a write whose key the CRM has seen is answered
// 409 with the id of what was stored the first time, and nothing new is stored.
const IdempotencyHeader = "Idempotency-Key"

// maxBody bounds what the CRM reads of a request.
const maxBody = 1 << 20

// BlockedEmailDomains are disposable-mail domains whose enquiries the CRM refuses: sales cannot
// follow up on them.
var BlockedEmailDomains = []string{
	"mailinator.com", "guerrillamail.com", "10minutemail.com", "tempmail.com", "trashmail.com",
	"yopmail.com", "sharklasers.com", "throwawaymail.com",
}

// Server is the CRM's HTTP handler and its state.
type Server struct {
	mux     *http.ServeMux
	store   *store
	regions []province
	// Now is the CRM's clock; tests may replace it.
	Now func() time.Time
}

// New returns the CRM. With a dataDir its clues and form records are kept in dataDir/crm and
// survive a restart; with an empty one they are kept in memory.
func New(dataDir string) (*Server, error) {
	dir := ""
	if dataDir != "" {
		dir = filepath.Join(dataDir, "crm")
	}
	st, err := openStore(dir)
	if err != nil {
		return nil, fmt.Errorf("crm store: %w", err)
	}
	regions, err := parseRegions(regionsText)
	if err != nil {
		return nil, err
	}
	s := &Server{mux: http.NewServeMux(), store: st, regions: regions, Now: time.Now}
	s.mux.HandleFunc("POST /crm/v1/clues/domestic", s.addDomesticClue)
	s.mux.HandleFunc("POST /crm/v1/clues/overseas", s.addOverseasClue)
	s.mux.HandleFunc("POST /crm/v1/form-records", s.addFormRecord)
	s.mux.HandleFunc("GET /crm/v1/regions/resolve", s.resolveRegion)
	s.mux.HandleFunc("GET /crm/v1/certificates", s.findCertificates)
	s.mux.HandleFunc("GET /crm/v1/certificates/{number}/image", s.certificateImage)
	s.mux.HandleFunc("GET "+mockkit.AdminPrefix+"/leads", s.adminLeads)
	s.mux.HandleFunc("POST "+mockkit.AdminPrefix+"/reset", s.adminReset)
	s.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		mockkit.WriteJSON(w, http.StatusNotFound, errorBody{Error: "not_found", Message: "no such endpoint"})
	})
	return s, nil
}

// Close releases the CRM's files.
func (s *Server) Close() error { return s.store.close() }

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

// errorBody is every failure answer: a code word, a human message, and for refusals the reason
// and the field at fault.
type errorBody struct {
	Error   string `json:"error"`
	Reason  string `json:"reason,omitempty"`
	Field   string `json:"field,omitempty"`
	Message string `json:"message"`
}

// rejection is a business refusal: the request was well formed, but the CRM will not take it.
type rejection struct {
	reason, field, message string
}

func (e *rejection) Error() string { return e.message }

func reject(reason, field, message string) *rejection {
	return &rejection{reason: reason, field: field, message: message}
}

// decode reads a JSON body into v, refusing unknown fields so that a client that drifts from the
// CRM's API is told at once rather than losing data silently.
func decode(w http.ResponseWriter, r *http.Request, v any) bool {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		mockkit.WriteJSON(w, http.StatusBadRequest, errorBody{Error: "bad_request", Message: "body is not a valid request: " + err.Error()})
		return false
	}
	return true
}

// idempotencyKey is the request's key; the CRM accepts keys of 8 to 128 letters, digits, _ and -.
var keyPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{8,128}$`)

func idempotencyKey(w http.ResponseWriter, r *http.Request) (string, bool) {
	key := r.Header.Get(IdempotencyHeader)
	if key != "" && !keyPattern.MatchString(key) {
		mockkit.WriteJSON(w, http.StatusBadRequest, errorBody{Error: "bad_request", Field: IdempotencyHeader, Message: "want 8 to 128 letters, digits, _ or -"})
		return "", false
	}
	return key, true
}

// contact is the person behind a clue.
type contact struct {
	Name   string `json:"name"`
	Mobile string `json:"mobile,omitempty"`
	Phone  string `json:"phone,omitempty"`
	Email  string `json:"email"`
}

// domesticClue is a lead of the Chinese site or mini-program.
type domesticClue struct {
	Contact     contact  `json:"contact"`
	Company     string   `json:"company"`
	Topic       string   `json:"topic"`    // product_info, cooperation or after_sales
	District    string   `json:"district"` // as resolved by the region lookup, or a province
	Requirement string   `json:"requirement"`
	Tags        []string `json:"tags"`
	Channel     string   `json:"channel"` // website or mini_program
	SourcePage  string   `json:"sourcePage"`
}

// overseasClue is a lead of the other sites.
type overseasClue struct {
	Contact     contact  `json:"contact"`
	Company     string   `json:"company"`
	Industries  []string `json:"industries"`
	CompanyType string   `json:"companyType"`
	Message     string   `json:"message"`
	Country     string   `json:"country"` // two letters; UK for the United Kingdom
	SourcePage  string   `json:"sourcePage"`
}

var (
	topics    = map[string]bool{"product_info": true, "cooperation": true, "after_sales": true}
	channels  = map[string]bool{"website": true, "mini_program": true}
	countryRE = regexp.MustCompile(`^[A-Z]{2}$`)
)

func (s *Server) addDomesticClue(w http.ResponseWriter, r *http.Request) {
	key, ok := idempotencyKey(w, r)
	if !ok {
		return
	}
	var c domesticClue
	if !decode(w, r, &c) {
		return
	}
	if !topics[c.Topic] || !channels[c.Channel] {
		mockkit.WriteJSON(w, http.StatusBadRequest, errorBody{Error: "bad_request", Message: "topic must be product_info, cooperation or after_sales; channel website or mini_program"})
		return
	}
	err := required(map[string]string{
		"contact.name": c.Contact.Name, "contact.mobile": c.Contact.Mobile, "contact.email": c.Contact.Email,
		"company": c.Company, "district": c.District, "requirement": c.Requirement, "sourcePage": c.SourcePage,
	})
	if err == nil {
		err = checkEmail("contact.email", c.Contact.Email)
	}
	s.storeClue(w, r, "domestic", key, c, err)
}

func (s *Server) addOverseasClue(w http.ResponseWriter, r *http.Request) {
	key, ok := idempotencyKey(w, r)
	if !ok {
		return
	}
	var c overseasClue
	if !decode(w, r, &c) {
		return
	}
	if !countryRE.MatchString(c.Country) {
		mockkit.WriteJSON(w, http.StatusBadRequest, errorBody{Error: "bad_request", Field: "country", Message: "want a two-letter country code"})
		return
	}
	fields := map[string]string{
		"contact.name": c.Contact.Name, "contact.phone": c.Contact.Phone, "contact.email": c.Contact.Email,
		"company": c.Company, "companyType": c.CompanyType, "message": c.Message, "sourcePage": c.SourcePage,
	}
	industry := ""
	if len(c.Industries) > 0 {
		industry = c.Industries[0]
	}
	fields["industries"] = industry
	err := required(fields)
	if err == nil {
		err = checkEmail("contact.email", c.Contact.Email)
	}
	s.storeClue(w, r, "overseas", key, c, err)
}

// storeClue answers a clue: 422 when refused, 409 when its key is known, 201 when stored.
func (s *Server) storeClue(w http.ResponseWriter, r *http.Request, kind, key string, clue any, refused error) {
	var rej *rejection
	if errors.As(refused, &rej) {
		mockkit.WriteJSON(w, http.StatusUnprocessableEntity, errorBody{Error: "rejected", Reason: rej.reason, Field: rej.field, Message: rej.message})
		return
	}
	payload, _ := json.Marshal(clue)
	id, dup, err := s.store.insertClue(kind, key, payload, s.Now())
	if err != nil {
		mockkit.WriteJSON(w, http.StatusInternalServerError, errorBody{Error: "storage", Message: err.Error()})
		return
	}
	if dup {
		mockkit.WriteJSON(w, http.StatusConflict, map[string]string{"error": "duplicate", "clueId": id, "message": "a clue with this idempotency key exists"})
		return
	}
	mockkit.WriteJSON(w, http.StatusCreated, map[string]string{"clueId": id, "receivedAt": s.Now().UTC().Format(time.RFC3339)})
}

// formRecord is a filled-in form of the site (cooperation intent, prototype request, contact
// feedback, developer challenge sign-up).
type formRecord struct {
	FormID     int64             `json:"formId"`
	SourcePage string            `json:"sourcePage"`
	Fields     map[string]string `json:"fields"`
	// AccountID is the site account of a logged-in visitor; 0 for a visitor.
	AccountID int64 `json:"accountId,omitempty"`
}

func (s *Server) addFormRecord(w http.ResponseWriter, r *http.Request) {
	key, ok := idempotencyKey(w, r)
	if !ok {
		return
	}
	var rec formRecord
	if !decode(w, r, &rec) {
		return
	}
	if rec.FormID < 1 || len(rec.Fields) == 0 {
		mockkit.WriteJSON(w, http.StatusBadRequest, errorBody{Error: "bad_request", Message: "formId and fields are required"})
		return
	}
	var refused error
	blank := true
	for name, v := range rec.Fields {
		if strings.TrimSpace(v) != "" {
			blank = false
		}
		if strings.Contains(strings.ToLower(name), "email") && strings.TrimSpace(v) != "" && refused == nil {
			refused = checkEmail("fields."+name, v)
		}
	}
	if blank {
		refused = reject("missing_field", "fields", "every field of the record is empty")
	}
	if refused == nil && strings.TrimSpace(rec.SourcePage) == "" {
		refused = reject("missing_field", "sourcePage", "sourcePage is empty")
	}
	var rej *rejection
	if errors.As(refused, &rej) {
		mockkit.WriteJSON(w, http.StatusUnprocessableEntity, errorBody{Error: "rejected", Reason: rej.reason, Field: rej.field, Message: rej.message})
		return
	}
	payload, _ := json.Marshal(rec)
	id, dup, err := s.store.insertRecord(rec.FormID, key, payload, s.Now())
	if err != nil {
		mockkit.WriteJSON(w, http.StatusInternalServerError, errorBody{Error: "storage", Message: err.Error()})
		return
	}
	if dup {
		mockkit.WriteJSON(w, http.StatusConflict, map[string]any{"error": "duplicate", "recordId": id, "message": "a record with this idempotency key exists"})
		return
	}
	mockkit.WriteJSON(w, http.StatusCreated, map[string]any{"recordId": id, "receivedAt": s.Now().UTC().Format(time.RFC3339)})
}

// required refuses a clue whose named fields are empty or only white space; the first missing
// field in name order is reported, so that the answer is stable.
func required(fields map[string]string) error {
	var missing []string
	for name, v := range fields {
		if strings.TrimSpace(v) == "" {
			missing = append(missing, name)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	first := missing[0]
	for _, m := range missing[1:] {
		if m < first {
			first = m
		}
	}
	return reject("missing_field", first, first+" is empty")
}

// checkEmail refuses an address that is not one, or whose domain is a disposable-mail service.
func checkEmail(field, address string) error {
	addr, err := mail.ParseAddress(strings.TrimSpace(address))
	if err != nil || addr.Address != strings.TrimSpace(address) {
		return reject("invalid_email", field, "not an e-mail address")
	}
	domain := strings.ToLower(addr.Address[strings.LastIndexByte(addr.Address, '@')+1:])
	for _, b := range BlockedEmailDomains {
		if domain == b || strings.HasSuffix(domain, "."+b) {
			return reject("blocked_email_domain", field, "disposable e-mail domains are not accepted")
		}
	}
	return nil
}

func (s *Server) resolveRegion(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if strings.TrimSpace(q.Get("province")) == "" && strings.TrimSpace(q.Get("city")) == "" {
		mockkit.WriteJSON(w, http.StatusBadRequest, errorBody{Error: "bad_request", Message: "province or city is required"})
		return
	}
	res, ok := resolveRegion(s.regions, q.Get("province"), q.Get("city"))
	if !ok {
		mockkit.WriteJSON(w, http.StatusNotFound, errorBody{Error: "region_not_served", Message: "no district serves this region"})
		return
	}
	mockkit.WriteJSON(w, http.StatusOK, res)
}

func (s *Server) findCertificates(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	locale := q.Get("locale")
	var found []certificate
	switch {
	case q.Get("phone") != "":
		found = certificatesByPhone(q.Get("phone"))
	case q.Get("number") != "":
		if c, ok := certificateByNumber(q.Get("number")); ok {
			found = append(found, c)
		}
	default:
		mockkit.WriteJSON(w, http.StatusBadRequest, errorBody{Error: "bad_request", Message: "phone or number is required"})
		return
	}
	out := make([]certificateJSON, 0, len(found))
	for _, c := range found {
		out = append(out, c.json(locale, s.Now()))
	}
	mockkit.WriteJSON(w, http.StatusOK, map[string]any{"certificates": out})
}

func (s *Server) certificateImage(w http.ResponseWriter, r *http.Request) {
	c, ok := certificateByNumber(r.PathValue("number"))
	if !ok {
		mockkit.WriteJSON(w, http.StatusNotFound, errorBody{Error: "not_found", Message: "no certificate with this number"})
		return
	}
	img, err := imageOf(c)
	if err != nil {
		mockkit.WriteJSON(w, http.StatusInternalServerError, errorBody{Error: "render", Message: err.Error()})
		return
	}
	mockkit.WriteJSON(w, http.StatusOK, img)
}

// adminLeads lists every stored clue and form record, oldest first, for tests.
func (s *Server) adminLeads(w http.ResponseWriter, r *http.Request) {
	clues, records := s.store.snapshot()
	if clues == nil {
		clues = []Clue{}
	}
	if records == nil {
		records = []FormRecord{}
	}
	// Stored free text may hold markup: it is data, never to be rendered by a browser.
	w.Header().Set("X-Content-Type-Options", "nosniff")
	mockkit.WriteJSON(w, http.StatusOK, map[string]any{"clues": clues, "formRecords": records})
}

// adminReset forgets every clue and record (provider states of the contract tests).
func (s *Server) adminReset(w http.ResponseWriter, r *http.Request) {
	if err := s.store.reset(); err != nil {
		mockkit.WriteJSON(w, http.StatusInternalServerError, errorBody{Error: "storage", Message: err.Error()})
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
