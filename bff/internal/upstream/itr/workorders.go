package itr

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/upstream"
)

// Work orders: a report filed under its idempotency key, the pages of a user's orders and one
// order in full.

// Status is a work order's progress, in the contract's names.
type Status string

// The statuses of a work order, in the only order it takes them.
const (
	OnlineReport     Status = "onlineReport"
	InService        Status = "inService"
	ServiceCompleted Status = "serviceCompleted"
)

// Statuses lists the statuses in order: the steps of a work order.
var Statuses = []Status{OnlineReport, InService, ServiceCompleted}

// statusOf maps the system's status names to the contract's.
var statusOf = map[string]Status{"online_report": OnlineReport, "in_service": InService, "service_completed": ServiceCompleted}

// Report is a repair report or technical consultation in the contract's field names
// (RepairReport), with the reporting account and when the BFF took it. It is also what the
// outbox keeps while the system is unavailable.
type Report struct {
	// Owner is the reporting user's account; set by the BFF from the session, never by the
	// browser (the contract does not let it send one).
	Owner int64 `json:"owner"`
	// ReportTime is when the BFF took the report; the system dates the order with it, so that a
	// report delivered late from the outbox keeps the time the user sent it.
	ReportTime time.Time `json:"reportTime"`

	Variant                    string   `json:"variant"`
	RobotCode                  string   `json:"robotCode,omitempty"`
	CabinetCode                string   `json:"cabinetCode,omitempty"`
	IssueDate                  string   `json:"issueDate,omitempty"`
	FaultDescription           string   `json:"faultDescription,omitempty"`
	FaultAttachments           []string `json:"faultAttachments,omitempty"`
	SoftwareVersionAttachments []string `json:"softwareVersionAttachments,omitempty"`
	ControllerVersion          string   `json:"controllerVersion,omitempty"`
	ServoVersion               string   `json:"servoVersion,omitempty"`
	SCBVersion                 string   `json:"scbVersion,omitempty"`
	AppVersion                 string   `json:"appVersion,omitempty"`
	SDKVersion                 string   `json:"sdkVersion,omitempty"`
	FirstUse                   *bool    `json:"firstUse,omitempty"`
	CompanyName                string   `json:"companyName,omitempty"`
	CompanyAddress             string   `json:"companyAddress,omitempty"`
	ReporterName               string   `json:"reporterName"`
	Phone                      string   `json:"phone"`
	Email                      string   `json:"email"`
	IssueInformation           string   `json:"issueInformation,omitempty"`
	ProblemDescription         string   `json:"problemDescription,omitempty"`
}

// Attachments lists every attachment the report refers to.
func (r Report) Attachments() []string {
	return append(append([]string(nil), r.FaultAttachments...), r.SoftwareVersionAttachments...)
}

// Receipt is the system's acknowledgement of a work order.
type Receipt struct {
	ID            int64     `json:"id"`
	ServiceNumber string    `json:"serviceNumber"`
	Status        Status    `json:"status"`
	ReportTime    time.Time `json:"reportTime"`
	// Duplicate is true when the system already held an order with the same idempotency key;
	// the receipt is then that order's.
	Duplicate bool `json:"-"`
}

// Query selects one page of a user's work orders.
type Query struct {
	Owner int64
	// Tab is all, pending (online report or in service) or completed.
	Tab            string
	Page, PageSize int
}

// Summary is a work order in a list.
type Summary struct {
	ID            int64
	ServiceNumber string
	ReportTime    time.Time
	Status        Status
	// RobotCode is empty for a consultation.
	RobotCode string
}

// Page is one page of work orders and how many there are in all.
type Page struct {
	Total int
	Rows  []Summary
}

// Step is one status of a work order and when it was reached (zero while it is not).
type Step struct {
	Status Status
	Time   time.Time
}

// WorkOrder is one work order in full.
type WorkOrder struct {
	ID            int64
	ServiceNumber string
	Variant       string // repair or consultation
	Status        Status
	ReportTime    time.Time
	// Steps are the three statuses in order, with the time each was reached.
	Steps []Step
	// The robot (empty for a consultation); RobotBody is the model read from the code.
	FaultDate, RobotCode, CabinetCode, RobotBody string
	FirstUse                                     *bool
	// FaultDescription is the problem description of a consultation; IssueInformation its topic.
	FaultDescription, IssueInformation string
	// Versions of the software, as reported (empty when not).
	ControllerVersion, ServoVersion, SCBVersion, AppVersion, SDKVersion string
	// Attachments are the fault (or problem) photos and videos, then the software version photos.
	Attachments                             []Attachment
	ContactName, ContactPhone, ContactEmail string
	CompanyName, CompanyAddress             string
}

// The system's work-order body.
type (
	wireRobot struct {
		SerialNo        string `json:"serialNo"`
		CabinetSerialNo string `json:"cabinetSerialNo"`
		FirstUse        *bool  `json:"firstUse"`
	}
	wireFault struct {
		Date        string   `json:"date"`
		Description string   `json:"description"`
		Media       []string `json:"media,omitempty"`
	}
	wireSoftware struct {
		Controller string   `json:"controller,omitempty"`
		Servo      string   `json:"servo,omitempty"`
		SCB        string   `json:"scb,omitempty"`
		App        string   `json:"app,omitempty"`
		SDK        string   `json:"sdk,omitempty"`
		Media      []string `json:"media,omitempty"`
	}
	wireConsultation struct {
		Topic    string   `json:"topic"`
		Question string   `json:"question"`
		Media    []string `json:"media,omitempty"`
	}
	wireCustomer struct {
		Company string `json:"company"`
		Address string `json:"address"`
	}
	wireContact struct {
		Name  string `json:"name"`
		Phone string `json:"phone"`
		Email string `json:"email"`
	}
	wireOrder struct {
		Owner        int64             `json:"owner"`
		Type         string            `json:"type"`
		ReportedAt   *time.Time        `json:"reportedAt,omitempty"`
		Robot        *wireRobot        `json:"robot,omitempty"`
		Fault        *wireFault        `json:"fault,omitempty"`
		Software     *wireSoftware     `json:"software,omitempty"`
		Consultation *wireConsultation `json:"consultation,omitempty"`
		Customer     *wireCustomer     `json:"customer,omitempty"`
		Contact      wireContact       `json:"contact"`
	}
	wireReceipt struct {
		Error         string    `json:"error"`
		ID            int64     `json:"id"`
		ServiceNumber string    `json:"serviceNumber"`
		Status        string    `json:"status"`
		ReportedAt    time.Time `json:"reportedAt"`
	}
)

// wire turns a report into the system's body.
func (r Report) wire() wireOrder {
	o := wireOrder{Owner: r.Owner, Type: r.Variant, Contact: wireContact{Name: r.ReporterName, Phone: r.Phone, Email: r.Email}}
	if !r.ReportTime.IsZero() {
		t := r.ReportTime.UTC()
		o.ReportedAt = &t
	}
	if r.Variant == "consultation" {
		o.Consultation = &wireConsultation{Topic: r.IssueInformation, Question: r.ProblemDescription, Media: r.FaultAttachments}
		return o
	}
	o.Robot = &wireRobot{SerialNo: r.RobotCode, CabinetSerialNo: r.CabinetCode, FirstUse: r.FirstUse}
	o.Fault = &wireFault{Date: r.IssueDate, Description: r.FaultDescription, Media: r.FaultAttachments}
	sw := wireSoftware{Controller: r.ControllerVersion, Servo: r.ServoVersion, SCB: r.SCBVersion, App: r.AppVersion,
		SDK: r.SDKVersion, Media: r.SoftwareVersionAttachments}
	if sw.Controller != "" || sw.Servo != "" || sw.SCB != "" || sw.App != "" || sw.SDK != "" || len(sw.Media) > 0 {
		o.Software = &sw
	}
	o.Customer = &wireCustomer{Company: r.CompanyName, Address: r.CompanyAddress}
	return o
}

// CreateWorkOrder files a report.
func (c *HTTPClient) CreateWorkOrder(ctx context.Context, key string, r Report) (Receipt, error) {
	resp, err := c.PostIdempotent(ctx, WorkOrdersPath, key, r.wire())
	if err != nil {
		return Receipt{}, err
	}
	if resp.Outcome == upstream.Refused {
		var e errorAnswer
		_ = json.Unmarshal(resp.Body, &e)
		cause := fmt.Errorf("itr refused the work order: %s (%s %s)", e.Message, e.Reason, e.Field)
		if e.Reason == "attachment_not_found" {
			return Receipt{}, apierr.New(AttachmentNotYours, cause)
		}
		return Receipt{}, apierr.New(Rejected, cause)
	}
	var ans wireReceipt
	if err := json.Unmarshal(resp.Body, &ans); err != nil || ans.ID < 1 || ans.ServiceNumber == "" || statusOf[ans.Status] == "" {
		return Receipt{}, c.BadAnswer("POST %s: status %d without a work order", WorkOrdersPath, resp.Status)
	}
	return Receipt{ID: ans.ID, ServiceNumber: ans.ServiceNumber, Status: statusOf[ans.Status], ReportTime: ans.ReportedAt,
		Duplicate: resp.Outcome == upstream.Duplicate}, nil
}

// tabs maps the list's tabs to the system's status filters.
var tabs = map[string]string{"all": "all", "pending": "open", "completed": "closed"}

// WorkOrders lists one page of a user's work orders.
func (c *HTTPClient) WorkOrders(ctx context.Context, q Query) (Page, error) {
	filter, ok := tabs[q.Tab]
	if !ok {
		filter = "all"
	}
	query := ownerQuery(q.Owner)
	query.Set("status", filter)
	query.Set("page", strconv.Itoa(q.Page))
	query.Set("size", strconv.Itoa(q.PageSize))
	var ans struct {
		Total int `json:"total"`
		Items []struct {
			ID            int64     `json:"id"`
			ServiceNumber string    `json:"serviceNumber"`
			Status        string    `json:"status"`
			ReportedAt    time.Time `json:"reportedAt"`
			RobotSerialNo *string   `json:"robotSerialNo"`
		} `json:"items"`
	}
	if err := c.getJSON(ctx, WorkOrdersPath, query, apierr.NotFound, &ans); err != nil {
		return Page{}, err
	}
	page := Page{Total: ans.Total, Rows: make([]Summary, 0, len(ans.Items))}
	for _, it := range ans.Items {
		st, ok := statusOf[it.Status]
		if !ok {
			return Page{}, c.BadAnswer("GET %s: unknown status %q", WorkOrdersPath, it.Status)
		}
		s := Summary{ID: it.ID, ServiceNumber: it.ServiceNumber, ReportTime: it.ReportedAt, Status: st}
		if it.RobotSerialNo != nil {
			s.RobotCode = *it.RobotSerialNo
		}
		page.Rows = append(page.Rows, s)
	}
	return page, nil
}

// wireDetail is a work order as the system shows it in full.
type wireDetail struct {
	ID            int64     `json:"id"`
	ServiceNumber string    `json:"serviceNumber"`
	Type          string    `json:"type"`
	Status        string    `json:"status"`
	ReportedAt    time.Time `json:"reportedAt"`
	History       []struct {
		Status string    `json:"status"`
		At     time.Time `json:"at"`
	} `json:"history"`
	Robot *struct {
		SerialNo        string  `json:"serialNo"`
		CabinetSerialNo string  `json:"cabinetSerialNo"`
		Model           *string `json:"model"`
		FirstUse        bool    `json:"firstUse"`
	} `json:"robot"`
	Fault *struct {
		Date        string           `json:"date"`
		Description string           `json:"description"`
		Media       []attachmentJSON `json:"media"`
	} `json:"fault"`
	Software *struct {
		Controller string           `json:"controller"`
		Servo      string           `json:"servo"`
		SCB        string           `json:"scb"`
		App        string           `json:"app"`
		SDK        string           `json:"sdk"`
		Media      []attachmentJSON `json:"media"`
	} `json:"software"`
	Consultation *struct {
		Topic    string           `json:"topic"`
		Question string           `json:"question"`
		Media    []attachmentJSON `json:"media"`
	} `json:"consultation"`
	Customer *wireCustomer `json:"customer"`
	Contact  wireContact   `json:"contact"`
}

// WorkOrder returns one work order of owner.
func (c *HTTPClient) WorkOrder(ctx context.Context, owner, id int64) (WorkOrder, error) {
	path := WorkOrdersPath + "/" + strconv.FormatInt(id, 10)
	var d wireDetail
	if err := c.getJSON(ctx, path, ownerQuery(owner), OrderNotFound, &d); err != nil {
		return WorkOrder{}, err
	}
	st, ok := statusOf[d.Status]
	if !ok || d.ID != id {
		return WorkOrder{}, c.BadAnswer("GET %s: status %q, id %d", WorkOrdersPath, d.Status, d.ID)
	}
	wo := WorkOrder{
		ID: d.ID, ServiceNumber: d.ServiceNumber, Variant: d.Type, Status: st, ReportTime: d.ReportedAt,
		ContactName: d.Contact.Name, ContactPhone: d.Contact.Phone, ContactEmail: d.Contact.Email,
	}
	reached := map[Status]time.Time{}
	for _, h := range d.History {
		if s, ok := statusOf[h.Status]; ok {
			reached[s] = h.At
		}
	}
	for _, s := range Statuses {
		wo.Steps = append(wo.Steps, Step{Status: s, Time: reached[s]})
	}
	add := func(media []attachmentJSON) {
		for _, m := range media {
			wo.Attachments = append(wo.Attachments, m.attachment())
		}
	}
	if d.Robot != nil {
		wo.RobotCode, wo.CabinetCode = d.Robot.SerialNo, d.Robot.CabinetSerialNo
		firstUse := d.Robot.FirstUse
		wo.FirstUse = &firstUse
		if d.Robot.Model != nil {
			wo.RobotBody = *d.Robot.Model
		}
	}
	if d.Fault != nil {
		wo.FaultDate, wo.FaultDescription = d.Fault.Date, d.Fault.Description
		add(d.Fault.Media)
	}
	if d.Consultation != nil {
		wo.IssueInformation, wo.FaultDescription = d.Consultation.Topic, d.Consultation.Question
		add(d.Consultation.Media)
	}
	if d.Software != nil {
		sw := d.Software
		wo.ControllerVersion, wo.ServoVersion, wo.SCBVersion, wo.AppVersion, wo.SDKVersion = sw.Controller, sw.Servo, sw.SCB, sw.App, sw.SDK
		add(sw.Media)
	}
	if d.Customer != nil {
		wo.CompanyName, wo.CompanyAddress = d.Customer.Company, d.Customer.Address
	}
	return wo, nil
}
