package repair_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/apierr"
	"github.com/jakarobotics/website/bff/internal/outbox"
	"github.com/jakarobotics/website/bff/internal/repair"
	"github.com/jakarobotics/website/bff/internal/uploads"
	"github.com/jakarobotics/website/bff/internal/upstream/itr"
)

// texts name each message by its key, so that the tests read which rule spoke.
var texts = repair.Texts{
	Required:          func(field string) string { return "required:" + field },
	NotInConsultation: "not-in-consultation",
	NotInRepair:       "not-in-repair",
	FutureDate:        "future-date",
	NotYours:          "not-yours",
}

var noon = time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)

func repairReport() itr.Report {
	no := false
	return itr.Report{
		Variant: "repair", RobotCode: "JAKA-ZU7-2403-001234", CabinetCode: "JAKA-CAB3-2403-005678", IssueDate: "2026-11-20",
		FaultDescription: "Joint 3 stops.", FirstUse: &no, CompanyName: "Schmidt Automotive GmbH", CompanyAddress: "Stuttgart",
		ReporterName: "Anna Weber", Phone: "+49 151 2345678", Email: "anna@example.de",
	}
}

func consultation() itr.Report {
	return itr.Report{Variant: "consultation", IssueInformation: "Vision", ProblemDescription: "Which cameras?",
		ReporterName: "王强", Phone: "13900000002", Email: "wang@example.cn"}
}

// problems is field → message of a report's errors.
func problems(rep itr.Report, now time.Time) map[string]string {
	out := map[string]string{}
	for _, e := range repair.CheckReport(&rep, now, "en", texts) {
		out[e.Field] = e.Message
	}
	return out
}

func TestCheckReport(t *testing.T) {
	assert.Empty(t, problems(repairReport(), noon))
	assert.Empty(t, problems(consultation(), noon))

	blank := repairReport()
	blank.RobotCode, blank.FaultDescription, blank.ReporterName, blank.FirstUse = "  ", "\n\t", "\x00", nil
	assert.Equal(t, map[string]string{"robotCode": "required:robotCode", "faultDescription": "required:faultDescription",
		"reporterName": "required:reporterName", "firstUse": "required:firstUse"}, problems(blank, noon))

	mixed := consultation()
	yes := true
	mixed.RobotCode, mixed.FirstUse, mixed.SoftwareVersionAttachments, mixed.ProblemDescription = "JAKA-ZU7", &yes, []string{"att_x"}, " "
	assert.Equal(t, map[string]string{"robotCode": "not-in-consultation", "firstUse": "not-in-consultation",
		"softwareVersionAttachments": "not-in-consultation", "problemDescription": "required:problemDescription"}, problems(mixed, noon))

	asked := repairReport()
	asked.IssueInformation = "?"
	assert.Equal(t, map[string]string{"issueInformation": "not-in-repair"}, problems(asked, noon))
}

// The fault date may be today anywhere on Earth, by the clock given: 14 hours ahead of UTC.
func TestAFaultDateIsNotAfterTodayAnywhere(t *testing.T) {
	rep := repairReport()
	rep.IssueDate = "2026-11-21"
	assert.Empty(t, problems(rep, time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)), "already the 21st in Kiribati")
	assert.Equal(t, map[string]string{"issueDate": "future-date"}, problems(rep, time.Date(2026, 11, 20, 9, 59, 0, 0, time.UTC)))
	rep.IssueDate = "2026-11-22"
	assert.Equal(t, map[string]string{"issueDate": "future-date"}, problems(rep, noon))
}

func TestCheckReportNormalizes(t *testing.T) {
	rep := repairReport()
	rep.RobotCode, rep.FaultDescription = "  JAKA-ZU7\n ", " first\r\nsecond "
	rep.FaultAttachments = []string{"att_a", "att_b", "att_a"}
	require.Empty(t, repair.CheckReport(&rep, noon, "en", texts))
	assert.Equal(t, "JAKA-ZU7", rep.RobotCode)
	assert.Equal(t, "first\nsecond", rep.FaultDescription)
	assert.Equal(t, []string{"att_a", "att_b"}, rep.FaultAttachments, "named twice, kept once")
}

func TestUniqueStrings(t *testing.T) {
	assert.Nil(t, repair.UniqueStrings(nil))
	assert.Equal(t, []string{"b", "a", "c"}, repair.UniqueStrings([]string{"b", "a", "b", "c", "a"}))
}

func TestCheckOwned(t *testing.T) {
	rep := repairReport()
	rep.FaultAttachments = []string{"att_mine", "att_theirs", "att_gone"}
	rep.SoftwareVersionAttachments = []string{"att_screen", "att_other"}
	owned := []itr.Attachment{{ID: "att_mine"}, {ID: "att_screen"}}
	err := repair.CheckOwned(rep, owned, "en", texts)
	e := apierr.From(err)
	assert.Equal(t, itr.AttachmentNotYours, e.Key)
	var fields []string
	for _, f := range e.Fields {
		fields = append(fields, f.Field)
		assert.Equal(t, "not-yours", f.Message)
	}
	assert.Equal(t, []string{"faultAttachments/1", "faultAttachments/2", "softwareVersionAttachments/1"}, fields)

	rep.FaultAttachments, rep.SoftwareVersionAttachments = []string{"att_mine"}, []string{"att_screen"}
	assert.NoError(t, repair.CheckOwned(rep, owned, "en", texts))
}

func TestAttachmentsAreCheckedOnDeliveryWhenTheSystemFails(t *testing.T) {
	for _, k := range []apierr.Key{apierr.UpstreamUnavailable, apierr.UpstreamTimeout, apierr.UpstreamBadGateway} {
		assert.True(t, repair.CheckedOnDelivery(apierr.New(k, nil)), k)
	}
	for _, k := range []apierr.Key{itr.UploadNotFound, apierr.InvalidRequest, apierr.Internal} {
		assert.False(t, repair.CheckedOnDelivery(apierr.New(k, nil)), k)
	}
}

func TestNewSubmission(t *testing.T) {
	rep := repairReport()
	sub, err := repair.NewSubmission(rep, 101, "form-submit-1", noon.Add(1500*time.Millisecond))
	require.NoError(t, err)
	assert.Equal(t, repair.KindWorkOrder, sub.Kind)
	assert.Equal(t, "wo-101-form-submit-1", sub.Key, "a browser's key, kept apart per user")
	var stored itr.Report
	require.NoError(t, json.Unmarshal(sub.Payload, &stored))
	assert.EqualValues(t, 101, stored.Owner)
	assert.Equal(t, noon.Add(time.Second), stored.ReportTime, "dated to the second")

	later, err := repair.NewSubmission(rep, 101, "", noon.Add(time.Minute))
	require.NoError(t, err)
	assert.Empty(t, later.Key, "minted by the caller")
	assert.Equal(t, sub.Hash, later.Hash, "the same report later is the same submission")
	other, err := repair.NewSubmission(rep, 102, "", noon)
	require.NoError(t, err)
	assert.NotEqual(t, sub.Hash, other.Hash, "another user's report is another")
}

func TestReceiptOf(t *testing.T) {
	queued := repair.ReceiptOf(outbox.Receipt{Queued: true}, noon)
	assert.Equal(t, repair.Receipt{ReportTime: noon, Status: itr.OnlineReport, Queued: true}, queued)

	first := itr.Receipt{ID: 7, ServiceNumber: "SR20261120-0001", Status: itr.InService, ReportTime: noon.Add(-time.Hour)}
	ref, _ := json.Marshal(first)
	got := repair.ReceiptOf(outbox.Receipt{Ref: string(ref), Duplicate: true}, noon)
	require.NotNil(t, got.ID)
	assert.EqualValues(t, 7, *got.ID)
	assert.Equal(t, "SR20261120-0001", *got.ServiceNumber)
	assert.Equal(t, itr.InService, got.Status)
	assert.Equal(t, noon.Add(-time.Hour), got.ReportTime, "the work order keeps the time of the first report")
	assert.True(t, got.Duplicate)

	assert.Equal(t, itr.AttachmentNotYours, repair.RejectionKey(string(itr.AttachmentNotYours)+": itr refused"))
	assert.Equal(t, itr.Rejected, repair.RejectionKey("repair.rejected: itr refused"))
}

// fakeITR answers CreateWorkOrder with err, or a receipt.
type fakeITR struct {
	itr.Client
	err  error
	keys []string
}

func (f *fakeITR) CreateWorkOrder(_ context.Context, key string, _ itr.Report) (itr.Receipt, error) {
	f.keys = append(f.keys, key)
	if f.err != nil {
		return itr.Receipt{}, f.err
	}
	return itr.Receipt{ID: 9, ServiceNumber: "SR1", Status: itr.OnlineReport, Duplicate: true}, nil
}

func TestWorkOrderDelivery(t *testing.T) {
	payload, _ := json.Marshal(repairReport())
	item := outbox.Item{Kind: repair.KindWorkOrder, Key: "wo-101-k", Payload: payload}
	ctx := context.Background()

	sys := &fakeITR{}
	d, err := repair.WorkOrderDelivery(sys)(ctx, item)
	require.NoError(t, err)
	assert.True(t, d.Duplicate)
	assert.JSONEq(t, `{"id":9,"serviceNumber":"SR1","status":"onlineReport","reportTime":"0001-01-01T00:00:00Z"}`, d.Ref)
	assert.Equal(t, []string{"wo-101-k"}, sys.keys, "under the item's key")

	for key, permanent := range map[apierr.Key]bool{itr.AttachmentNotYours: true, itr.Rejected: true, apierr.UpstreamUnavailable: false, apierr.UpstreamTimeout: false} {
		_, err := repair.WorkOrderDelivery(&fakeITR{err: apierr.New(key, nil)})(ctx, item)
		require.Error(t, err)
		assert.Equal(t, permanent, outbox.IsPermanent(err), key)
	}
	_, err = repair.WorkOrderDelivery(sys)(ctx, outbox.Item{Kind: repair.KindWorkOrder, Payload: []byte("{")})
	assert.True(t, outbox.IsPermanent(err), "an unreadable item is never delivered")
	_, err = repair.WorkOrderDelivery(sys)(ctx, outbox.Item{Kind: "itr.work_order.v2", Payload: payload})
	assert.Error(t, err)
	assert.False(t, outbox.IsPermanent(err), "an item of a newer BFF is kept for it")
}

func TestOutboxDeliveryRoutesByKind(t *testing.T) {
	var got []string
	deliver := func(name string) outbox.DeliverFunc {
		return func(_ context.Context, it outbox.Item) (outbox.Delivery, error) {
			got = append(got, name+" "+it.Kind)
			return outbox.Delivery{}, errors.New("done")
		}
	}
	d := repair.OutboxDelivery(deliver("leads"), deliver("itr"))
	for _, kind := range []string{repair.KindWorkOrder, "crm.domestic_clue", "crm.form_record", "itr.other"} {
		_, _ = d(context.Background(), outbox.Item{Kind: kind})
	}
	assert.Equal(t, []string{"itr itr.work_order", "leads crm.domestic_clue", "leads crm.form_record", "itr itr.other"}, got)
}

func TestListAndDetail(t *testing.T) {
	empty := repair.ListOf(itr.Page{})
	raw, _ := json.Marshal(empty)
	assert.JSONEq(t, `{"total":0,"rows":[]}`, string(raw), "an empty list, never null")

	list := repair.ListOf(itr.Page{Total: 3, Rows: []itr.Summary{{ID: 1, ServiceNumber: "SR1", RobotCode: "JAKA"}, {ID: 2, ServiceNumber: "SR2"}}})
	assert.Equal(t, 3, list.Total)
	require.Len(t, list.Rows, 2)
	assert.Equal(t, "JAKA", *list.Rows[0].RobotCode)
	assert.Nil(t, list.Rows[1].RobotCode, "a consultation has no robot")

	wo := itr.WorkOrder{ID: 5, ServiceNumber: "SR5", Variant: "consultation", Status: itr.InService, IssueInformation: "Vision",
		FaultDescription: "Which cameras?", Attachments: []itr.Attachment{{ID: "att_a", Name: "a.png"}},
		Steps: []itr.Step{{Status: itr.OnlineReport, Time: noon}, {Status: itr.InService, Time: noon.Add(time.Hour)}, {Status: itr.ServiceCompleted}}}
	d := repair.DetailOf(wo, func(a itr.Attachment) uploads.File {
		return uploads.File{ID: a.ID, Name: a.Name, URL: "/repair-files/" + a.ID}
	})
	assert.Nil(t, d.RobotCode)
	assert.Nil(t, d.FaultTime)
	assert.Nil(t, d.CompanyName)
	assert.Equal(t, "Vision", *d.IssueInformation)
	assert.Equal(t, []uploads.File{{ID: "att_a", Name: "a.png", URL: "/repair-files/att_a"}}, d.Attachments)
	require.Len(t, d.Steps, 3)
	assert.Equal(t, noon, *d.Steps[0].Time)
	assert.Nil(t, d.Steps[2].Time, "not reached yet")
	assert.Equal(t, []uploads.File{}, repair.DetailOf(itr.WorkOrder{}, nil).Attachments, "no attachments is an empty list")
}
