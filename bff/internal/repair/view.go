package repair

import (
	"time"

	"github.com/jakarobotics/website/bff/internal/uploads"
	"github.com/jakarobotics/website/bff/internal/upstream/itr"
)

// Row is a row of processList (WorkOrderSummary).
type Row struct {
	ID            int64      `json:"id"`
	ServiceNumber string     `json:"serviceNumber"`
	ReportTime    time.Time  `json:"reportTime"`
	Status        itr.Status `json:"status"`
	RobotCode     *string    `json:"robotCode"`
}

// List is the data of processList: one page of work orders and how many there are in all.
type List struct {
	Total int   `json:"total"`
	Rows  []Row `json:"rows"`
}

// ListOf shows a page of work orders; an empty page has an empty list of rows, never null.
func ListOf(page itr.Page) List {
	rows := make([]Row, 0, len(page.Rows))
	for _, o := range page.Rows {
		rows = append(rows, Row{ID: o.ID, ServiceNumber: o.ServiceNumber, ReportTime: o.ReportTime, Status: o.Status, RobotCode: nullable(o.RobotCode)})
	}
	return List{Total: page.Total, Rows: rows}
}

// Step is a step of a work order (WorkOrderStep); Time is null while it is not reached.
type Step struct {
	Status itr.Status `json:"status"`
	Time   *time.Time `json:"time"`
}

// Detail is the data of repairDetail (WorkOrder).
type Detail struct {
	ID               int64          `json:"id"`
	ServiceNumber    string         `json:"serviceNumber"`
	Variant          string         `json:"variant"`
	ReportTime       time.Time      `json:"reportTime"`
	Status           itr.Status     `json:"status"`
	FaultTime        *string        `json:"faultTime"`
	RobotCode        *string        `json:"robotCode"`
	RobotBody        *string        `json:"robotBody"`
	CabinetCode      *string        `json:"cabinetCode"`
	FaultDescription string         `json:"faultDescription"`
	IssueInformation *string        `json:"issueInformation"`
	Attachments      []uploads.File `json:"attachments"`
	ContactName      string         `json:"contactName"`
	ContactPhone     string         `json:"contactPhone"`
	ContactEmail     string         `json:"contactEmail"`
	CustomerAddress  *string        `json:"customerAddress"`
	CompanyName      *string        `json:"companyName"`
	Steps            []Step         `json:"steps"`
}

// DetailOf shows a work order to its owner; file shows each attachment (with its preview link).
func DetailOf(wo itr.WorkOrder, file func(itr.Attachment) uploads.File) Detail {
	out := Detail{
		ID: wo.ID, ServiceNumber: wo.ServiceNumber, Variant: wo.Variant, ReportTime: wo.ReportTime, Status: wo.Status,
		FaultTime: nullable(wo.FaultDate), RobotCode: nullable(wo.RobotCode), RobotBody: nullable(wo.RobotBody),
		CabinetCode: nullable(wo.CabinetCode), FaultDescription: wo.FaultDescription, IssueInformation: nullable(wo.IssueInformation),
		Attachments: []uploads.File{}, ContactName: wo.ContactName, ContactPhone: wo.ContactPhone, ContactEmail: wo.ContactEmail,
		CustomerAddress: nullable(wo.CompanyAddress), CompanyName: nullable(wo.CompanyName),
	}
	for _, a := range wo.Attachments {
		out.Attachments = append(out.Attachments, file(a))
	}
	for _, st := range wo.Steps {
		step := Step{Status: st.Status}
		if !st.Time.IsZero() {
			t := st.Time
			step.Time = &t
		}
		out.Steps = append(out.Steps, step)
	}
	return out
}

// nullable is nil for an empty string.
func nullable(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
