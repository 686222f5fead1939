package itr

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/mail"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jakarobotics/website/mocks/mockkit"
)

// IdempotencyHeader names the key of one work order: an order whose key the system has seen is
// answered 409 with the order stored the first time, and nothing new is stored.
const IdempotencyHeader = "Idempotency-Key"

var keyPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{8,200}$`)

// serviceZone is the service centre's time zone (Shanghai), in which service numbers are dated.
var serviceZone = time.FixedZone("CST", 8*60*60)

// The parts of a report, in the system's own field names.
type (
	report struct {
		Robot        *robotInfo    `json:"robot,omitempty"`
		Fault        *faultInfo    `json:"fault,omitempty"`
		Software     *softwareInfo `json:"software,omitempty"`
		Consultation *consultInfo  `json:"consultation,omitempty"`
		Customer     *customer     `json:"customer,omitempty"`
		Contact      contact       `json:"contact"`
	}
	robotInfo struct {
		SerialNo        string `json:"serialNo"`
		CabinetSerialNo string `json:"cabinetSerialNo"`
		FirstUse        *bool  `json:"firstUse"`
	}
	faultInfo struct {
		Date        string   `json:"date"` // YYYY-MM-DD
		Description string   `json:"description"`
		Media       []string `json:"media,omitempty"`
	}
	softwareInfo struct {
		Controller string   `json:"controller,omitempty"`
		Servo      string   `json:"servo,omitempty"`
		SCB        string   `json:"scb,omitempty"`
		App        string   `json:"app,omitempty"`
		SDK        string   `json:"sdk,omitempty"`
		Media      []string `json:"media,omitempty"`
	}
	consultInfo struct {
		Topic    string   `json:"topic"`
		Question string   `json:"question"`
		Media    []string `json:"media,omitempty"`
	}
	customer struct {
		Company string `json:"company"`
		Address string `json:"address"`
	}
	contact struct {
		Name  string `json:"name"`
		Phone string `json:"phone"`
		Email string `json:"email"`
	}
)

// mediaRef is one attachment a report refers to, with the field that names it.
type mediaRef struct {
	field, id string
}

// media lists the attachments of the report with their fields (fault.media[0], …).
func (r report) media() []mediaRef {
	var out []mediaRef
	add := func(field string, ids []string) {
		for i, id := range ids {
			out = append(out, mediaRef{field: fmt.Sprintf("%s[%d]", field, i), id: id})
		}
	}
	if r.Fault != nil {
		add("fault.media", r.Fault.Media)
	}
	if r.Software != nil {
		add("software.media", r.Software.Media)
	}
	if r.Consultation != nil {
		add("consultation.media", r.Consultation.Media)
	}
	return out
}

func (r report) mediaIDs() []string {
	var ids []string
	for _, m := range r.media() {
		ids = append(ids, m.id)
	}
	return ids
}

// newOrder is the body of POST /itr/v1/work-orders.
type newOrder struct {
	Owner int64  `json:"owner"`
	Type  string `json:"type"`
	// ReportedAt is when the customer reported it on the channel (the website), which may be
	// earlier than when the system receives it; missing means now.
	ReportedAt *time.Time `json:"reportedAt,omitempty"`
	report
}

// receipt is the answer to a new work order, and to a repeat of one.
type receipt struct {
	Error         string    `json:"error,omitempty"`
	ID            int64     `json:"id"`
	ServiceNumber string    `json:"serviceNumber"`
	Status        string    `json:"status"`
	ReportedAt    time.Time `json:"reportedAt"`
}

func receiptOf(o *order) receipt {
	return receipt{ID: o.ID, ServiceNumber: o.ServiceNumber, Status: o.status(), ReportedAt: o.ReportedAt}
}

// rejection is a business refusal: the request was well formed, but the system will not take it.
type rejection struct{ reason, field, message string }

func (e *rejection) Error() string { return e.message }

func (s *Server) createWorkOrder(w http.ResponseWriter, r *http.Request) {
	key := r.Header.Get(IdempotencyHeader)
	if key != "" && !keyPattern.MatchString(key) {
		badRequest(w, IdempotencyHeader, "want 8 to 200 letters, digits, _ or -")
		return
	}
	var in newOrder
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<20))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		badRequest(w, "", "body is not a valid work order: "+err.Error())
		return
	}
	if in.Owner < 1 {
		badRequest(w, "owner", "owner must be the customer's account id")
		return
	}
	if msg := in.shape(); msg != "" {
		badRequest(w, "type", msg)
		return
	}

	s.store.mu.Lock()
	defer s.store.mu.Unlock()
	changed := s.store.advanceDue(s.opts.AutoAdvance)
	if key != "" {
		if id, ok := s.store.st.Keys[key]; ok {
			if o := s.store.orderByID(id); o != nil {
				s.saveIf(changed)
				rec := receiptOf(o)
				rec.Error = "duplicate"
				mockkit.WriteJSON(w, http.StatusConflict, rec)
				return
			}
		}
	}
	if err := s.check(in); err != nil {
		s.saveIf(changed)
		var rej *rejection
		if errors.As(err, &rej) {
			mockkit.WriteJSON(w, http.StatusUnprocessableEntity, errorBody{Error: "rejected", Reason: rej.reason, Field: rej.field, Message: rej.message})
			return
		}
		badRequest(w, "", err.Error())
		return
	}

	now := s.opts.Now().UTC().Truncate(time.Second)
	reported := now
	// The channel's time is believed within reason: a report queued by the website for up to a
	// week, and clocks a few minutes apart.
	if in.ReportedAt != nil && !in.ReportedAt.Before(now.Add(-7*24*time.Hour)) && !in.ReportedAt.After(now.Add(5*time.Minute)) {
		reported = in.ReportedAt.UTC().Truncate(time.Second)
	}
	o := s.store.newOrderLocked(in.Owner, in.Type, reported, now, key, in.report)
	if err := s.store.save(); err != nil {
		s.store.dropOrderLocked(o, key)
		storageFailed(w, err)
		return
	}
	mockkit.WriteJSON(w, http.StatusCreated, receiptOf(o))
}

// newOrderLocked adds a work order and numbers it. Call with s.mu held.
func (s *store) newOrderLocked(owner int64, kind string, reported, received time.Time, key string, rep report) *order {
	day := received.In(serviceZone).Format("20060102")
	s.st.DaySeq[day]++
	o := &order{
		ID:             s.st.NextOrderID,
		ServiceNumber:  fmt.Sprintf("SR%s-%04d", day, s.st.DaySeq[day]),
		Owner:          owner,
		Type:           kind,
		ReportedAt:     reported,
		ReceivedAt:     received,
		History:        []transition{{Status: StatusOnlineReport, At: reported}},
		IdempotencyKey: key,
		Report:         rep,
	}
	s.st.NextOrderID++
	s.st.Orders = append(s.st.Orders, o)
	if key != "" {
		s.st.Keys[key] = o.ID
	}
	return o
}

// dropOrderLocked undoes newOrderLocked after a failed save. Call with s.mu held.
func (s *store) dropOrderLocked(o *order, key string) {
	s.st.Orders = s.st.Orders[:len(s.st.Orders)-1]
	s.st.NextOrderID--
	s.st.DaySeq[o.ReceivedAt.In(serviceZone).Format("20060102")]--
	if key != "" {
		delete(s.st.Keys, key)
	}
}

// saveIf saves the state when something changed (a clock-driven transition); a failure is
// left for the next write to retry, since the answer does not depend on it.
func (s *Server) saveIf(changed bool) {
	if changed {
		_ = s.store.save()
	}
}

// shape checks that the parts of the report belong to its type: a repair has no consultation
// part, a consultation only a consultation and a contact.
func (in newOrder) shape() string {
	switch in.Type {
	case "repair":
		if in.Consultation != nil {
			return "a repair has no consultation part"
		}
	case "consultation":
		if in.Robot != nil || in.Fault != nil || in.Software != nil || in.Customer != nil {
			return "a consultation has only consultation and contact parts"
		}
	default:
		return "type must be repair or consultation"
	}
	return ""
}

// maxText bounds every text of a report.
const maxText = 2000

// check applies the system's business rules to a well-formed report. Call with s.mu held.
func (s *Server) check(in newOrder) error {
	var fields []struct{ name, value string }
	add := func(name, value string) { fields = append(fields, struct{ name, value string }{name, value}) }
	if in.Type == "repair" {
		if in.Robot == nil || in.Fault == nil || in.Customer == nil {
			return &rejection{"missing_field", "robot", "a repair needs robot, fault and customer parts"}
		}
		if in.Robot.FirstUse == nil {
			return &rejection{"missing_field", "robot.firstUse", "robot.firstUse is empty"}
		}
		add("robot.serialNo", in.Robot.SerialNo)
		add("robot.cabinetSerialNo", in.Robot.CabinetSerialNo)
		add("fault.date", in.Fault.Date)
		add("fault.description", in.Fault.Description)
		add("customer.company", in.Customer.Company)
		add("customer.address", in.Customer.Address)
	} else {
		if in.Consultation == nil {
			return &rejection{"missing_field", "consultation", "a consultation needs its consultation part"}
		}
		add("consultation.topic", in.Consultation.Topic)
		add("consultation.question", in.Consultation.Question)
	}
	add("contact.name", in.Contact.Name)
	add("contact.phone", in.Contact.Phone)
	add("contact.email", in.Contact.Email)
	for _, f := range fields {
		if strings.TrimSpace(f.value) == "" {
			return &rejection{"missing_field", f.name, f.name + " is empty"}
		}
		if utf8.RuneCountInString(f.value) > maxText {
			return &rejection{"too_long", f.name, fmt.Sprintf("%s is longer than %d characters", f.name, maxText)}
		}
	}
	if in.Software != nil {
		for _, v := range []string{in.Software.Controller, in.Software.Servo, in.Software.SCB, in.Software.App, in.Software.SDK} {
			if utf8.RuneCountInString(v) > 64 {
				return &rejection{"too_long", "software", "a version is longer than 64 characters"}
			}
		}
	}
	if in.Fault != nil {
		if _, err := time.Parse(time.DateOnly, in.Fault.Date); err != nil {
			return &rejection{"invalid_date", "fault.date", "fault.date is not a date (YYYY-MM-DD)"}
		}
	}
	if addr, err := mail.ParseAddress(in.Contact.Email); err != nil || addr.Address != strings.TrimSpace(in.Contact.Email) {
		return &rejection{"invalid_email", "contact.email", "not an e-mail address"}
	}
	for _, m := range in.media() {
		if a := s.store.st.Attachments[m.id]; a == nil || a.Owner != in.Owner {
			// Another customer's attachment is as unknown as one that never existed.
			return &rejection{"attachment_not_found", m.field, "no attachment " + m.id + " of this customer"}
		}
	}
	return nil
}

// summaryJSON is a work order in a list.
type summaryJSON struct {
	ID            int64     `json:"id"`
	ServiceNumber string    `json:"serviceNumber"`
	Type          string    `json:"type"`
	Status        string    `json:"status"`
	ReportedAt    time.Time `json:"reportedAt"`
	RobotSerialNo *string   `json:"robotSerialNo"`
}

// statusFilters are the list's filters: open orders are not completed yet.
var statusFilters = map[string]func(string) bool{
	"all":    func(string) bool { return true },
	"open":   func(st string) bool { return st != StatusServiceCompleted },
	"closed": func(st string) bool { return st == StatusServiceCompleted },
}

func (s *Server) listWorkOrders(w http.ResponseWriter, r *http.Request) {
	owner, ok := ownerParam(w, r)
	if !ok {
		return
	}
	q := r.URL.Query()
	filter := statusFilters[q.Get("status")]
	if q.Get("status") == "" {
		filter = statusFilters["all"]
	}
	if filter == nil {
		badRequest(w, "status", "status must be all, open or closed")
		return
	}
	page, size := 1, 10
	var err error
	if v := q.Get("page"); v != "" {
		if page, err = strconv.Atoi(v); err != nil || page < 1 {
			badRequest(w, "page", "page counts from 1")
			return
		}
	}
	if v := q.Get("size"); v != "" {
		if size, err = strconv.Atoi(v); err != nil || size < 1 || size > 100 {
			badRequest(w, "size", "size is 1 to 100")
			return
		}
	}

	s.store.mu.Lock()
	s.saveIf(s.store.advanceDue(s.opts.AutoAdvance))
	var mine []*order
	for _, o := range s.store.st.Orders {
		if o.Owner == owner && filter(o.status()) {
			mine = append(mine, o)
		}
	}
	sort.Slice(mine, func(i, j int) bool {
		if !mine[i].ReportedAt.Equal(mine[j].ReportedAt) {
			return mine[i].ReportedAt.After(mine[j].ReportedAt)
		}
		return mine[i].ID > mine[j].ID
	})
	items := []summaryJSON{}
	for i := (page - 1) * size; i < len(mine) && i < page*size; i++ {
		o := mine[i]
		var serial *string
		if o.Report.Robot != nil {
			sn := o.Report.Robot.SerialNo
			serial = &sn
		}
		items = append(items, summaryJSON{ID: o.ID, ServiceNumber: o.ServiceNumber, Type: o.Type, Status: o.status(), ReportedAt: o.ReportedAt, RobotSerialNo: serial})
	}
	total := len(mine)
	s.store.mu.Unlock()
	mockkit.WriteJSON(w, http.StatusOK, map[string]any{"total": total, "items": items})
}

// mediaJSON is an attachment as a work order shows it.
type mediaJSON struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	ContentType string `json:"contentType"`
	Size        int64  `json:"size"`
}

// orderJSON is a work order in full.
type orderJSON struct {
	ID            int64        `json:"id"`
	ServiceNumber string       `json:"serviceNumber"`
	Type          string       `json:"type"`
	Status        string       `json:"status"`
	ReportedAt    time.Time    `json:"reportedAt"`
	History       []transition `json:"history"`
	Robot         *struct {
		SerialNo        string  `json:"serialNo"`
		CabinetSerialNo string  `json:"cabinetSerialNo"`
		Model           *string `json:"model"`
		FirstUse        bool    `json:"firstUse"`
	} `json:"robot"`
	Fault *struct {
		Date        string      `json:"date"`
		Description string      `json:"description"`
		Media       []mediaJSON `json:"media"`
	} `json:"fault"`
	Software *struct {
		Controller string      `json:"controller"`
		Servo      string      `json:"servo"`
		SCB        string      `json:"scb"`
		App        string      `json:"app"`
		SDK        string      `json:"sdk"`
		Media      []mediaJSON `json:"media"`
	} `json:"software"`
	Consultation *struct {
		Topic    string      `json:"topic"`
		Question string      `json:"question"`
		Media    []mediaJSON `json:"media"`
	} `json:"consultation"`
	Customer *customer `json:"customer"`
	Contact  contact   `json:"contact"`
}

// view is the order in full, its attachments described. Call with s.mu held.
func (s *store) view(o *order) orderJSON {
	media := func(ids []string) []mediaJSON {
		out := []mediaJSON{}
		for _, id := range ids {
			if a := s.st.Attachments[id]; a != nil {
				out = append(out, mediaJSON{ID: a.ID, Name: a.Name, ContentType: a.ContentType, Size: a.Size})
			}
		}
		return out
	}
	v := orderJSON{
		ID: o.ID, ServiceNumber: o.ServiceNumber, Type: o.Type, Status: o.status(), ReportedAt: o.ReportedAt,
		History: o.History, Customer: o.Report.Customer, Contact: o.Report.Contact,
	}
	rep := o.Report
	if rep.Robot != nil {
		v.Robot = &struct {
			SerialNo        string  `json:"serialNo"`
			CabinetSerialNo string  `json:"cabinetSerialNo"`
			Model           *string `json:"model"`
			FirstUse        bool    `json:"firstUse"`
		}{rep.Robot.SerialNo, rep.Robot.CabinetSerialNo, modelOf(rep.Robot.SerialNo), rep.Robot.FirstUse != nil && *rep.Robot.FirstUse}
	}
	if rep.Fault != nil {
		v.Fault = &struct {
			Date        string      `json:"date"`
			Description string      `json:"description"`
			Media       []mediaJSON `json:"media"`
		}{rep.Fault.Date, rep.Fault.Description, media(rep.Fault.Media)}
	}
	if rep.Software != nil {
		sw := rep.Software
		v.Software = &struct {
			Controller string      `json:"controller"`
			Servo      string      `json:"servo"`
			SCB        string      `json:"scb"`
			App        string      `json:"app"`
			SDK        string      `json:"sdk"`
			Media      []mediaJSON `json:"media"`
		}{sw.Controller, sw.Servo, sw.SCB, sw.App, sw.SDK, media(sw.Media)}
	}
	if rep.Consultation != nil {
		c := rep.Consultation
		v.Consultation = &struct {
			Topic    string      `json:"topic"`
			Question string      `json:"question"`
			Media    []mediaJSON `json:"media"`
		}{c.Topic, c.Question, media(c.Media)}
	}
	return v
}

func (s *Server) workOrder(w http.ResponseWriter, r *http.Request) {
	owner, ok := ownerParam(w, r)
	if !ok {
		return
	}
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		notFound(w, "no such work order")
		return
	}
	s.store.mu.Lock()
	s.saveIf(s.store.advanceDue(s.opts.AutoAdvance))
	o := s.store.orderByID(id)
	if o == nil || o.Owner != owner {
		s.store.mu.Unlock()
		// Another customer's order is as unknown as one that does not exist.
		notFound(w, "no such work order")
		return
	}
	v := s.store.view(o)
	s.store.mu.Unlock()
	mockkit.WriteJSON(w, http.StatusOK, v)
}

// models maps the model segment of a robot serial number (JAKA-ZU7-2403-001234) to the model.
var models = map[string]string{
	"ZU3": "JAKA Zu 3", "ZU5": "JAKA Zu 5", "ZU7": "JAKA Zu 7", "ZU12": "JAKA Zu 12", "ZU18": "JAKA Zu 18",
	"ZU20": "JAKA Zu 20", "PRO5": "JAKA Pro 5", "PRO7": "JAKA Pro 7", "PRO12": "JAKA Pro 12", "PRO16": "JAKA Pro 16",
	"MC": "JAKA MiniCobo", "C5": "JAKA C 5", "C7": "JAKA C 7", "C12": "JAKA C 12", "A5": "JAKA All-in-one 5",
}

// modelOf reads the robot model from its serial number; nil when the number does not name one.
func modelOf(serial string) *string {
	parts := strings.Split(strings.ToUpper(strings.TrimSpace(serial)), "-")
	if len(parts) < 2 || parts[0] != "JAKA" {
		return nil
	}
	if m, ok := models[parts[1]]; ok {
		return &m
	}
	return nil
}
