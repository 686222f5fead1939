package httpapi_test

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/httpapi"
	"github.com/jakarobotics/website/mocks/mockkit"
)

// repairReport is a repair report with the given fault photos, as the form sends it.
func repairReport(faultAttachments ...string) string {
	attachments := ""
	if len(faultAttachments) > 0 {
		ids, _ := json.Marshal(faultAttachments)
		attachments = `"faultAttachments":` + string(ids) + `,`
	}
	return `{"variant":"repair","robotCode":"JAKA-ZU7-2403-001234","cabinetCode":"JAKA-CAB3-2403-005678",
		"issueDate":"2026-11-20","faultDescription":"Joint 3 stops with alarm 1104 above 50 % speed.",
		` + attachments + `"controllerVersion":"V2.1.7","servoVersion":"V3.2.0.14","firstUse":false,
		"companyName":"Schmidt Automotive GmbH","companyAddress":"Industriestraße 12, 70565 Stuttgart",
		"reporterName":"Anna Weber","phone":"+49 151 2345678","email":"anna@example.de"}`
}

const consultation = `{"variant":"consultation","issueInformation":"JAKA Zu 7 vision","problemDescription":"Does the Zu 7 support third-party 2D cameras?",
	"reporterName":"王强","phone":"13900000002","email":"wang@example.cn"}`

// receiptOf decodes the data of addWorkOrder.
type workOrderReceipt struct {
	ID            *int64  `json:"id"`
	ServiceNumber *string `json:"serviceNumber"`
	ReportTime    string  `json:"reportTime"`
	Status        string  `json:"status"`
	Queued        bool    `json:"queued"`
	Duplicate     bool    `json:"duplicate"`
}

func receiptOf(t *testing.T, env envelope) workOrderReceipt {
	t.Helper()
	var r workOrderReceipt
	require.NoError(t, json.Unmarshal(env.Data, &r))
	return r
}

func (f *repairFixture) report(t *testing.T, token, body string, headers ...string) (*http.Response, envelope) {
	t.Helper()
	return f.call(t, "POST", "/api/itr/addWorkOrder", "/api/itr/addWorkOrder", body, append([]string{"token", token}, headers...)...)
}

func TestAddWorkOrder200(t *testing.T) {
	f := newRepairFixture(t, httpapi.UploadLimits{})
	photo := f.mustUpload(t, annaToken, "alarm.png", pngPhoto)

	t.Run("a repair report creates a work order", func(t *testing.T) {
		resp, env := f.report(t, annaToken, repairReport(photo.ID), "Idempotency-Key", "form-submit-0001", "lang", "en")
		require.Equal(t, http.StatusOK, resp.StatusCode, env.Msg)
		assert.Equal(t, "Your report has been submitted. You can follow its progress in your work orders.", env.Msg)
		r := receiptOf(t, env)
		require.NotNil(t, r.ServiceNumber)
		assert.Regexp(t, `^SR\d{8}-0001$`, *r.ServiceNumber)
		assert.Equal(t, "onlineReport", r.Status)
		assert.False(t, r.Queued)
		assert.False(t, r.Duplicate)
		assert.Equal(t, "form-submit-0001", resp.Header.Get("Idempotency-Key"))

		_, again := f.report(t, annaToken, repairReport(photo.ID), "Idempotency-Key", "form-submit-0001")
		dup := receiptOf(t, again)
		assert.True(t, dup.Duplicate, "the same submission again")
		assert.Equal(t, *r.ServiceNumber, *dup.ServiceNumber, "answers the first work order")
		assert.Equal(t, *r.ID, *dup.ID)

		resp, env = f.report(t, annaToken, strings.Replace(repairReport(photo.ID), "Joint 3", "Joint 4", 1), "Idempotency-Key", "form-submit-0001")
		assert.Equal(t, http.StatusConflict, resp.StatusCode, "the same key with another report")
		assert.Equal(t, "request.idempotency_conflict", env.ErrorKey)
	})

	t.Run("keys are per user", func(t *testing.T) {
		_, env := f.report(t, benToken, consultation, "Idempotency-Key", "form-submit-0001")
		r := receiptOf(t, env)
		assert.False(t, r.Duplicate, "Ben's key is not Anna's")
		assert.NotNil(t, r.ServiceNumber)
	})

	t.Run("a double click without a key is one work order", func(t *testing.T) {
		body := strings.Replace(consultation, "third-party", "Basler", 1)
		_, first := f.report(t, benToken, body)
		_, second := f.report(t, benToken, body)
		assert.False(t, receiptOf(t, first).Duplicate)
		assert.True(t, receiptOf(t, second).Duplicate)
		assert.Equal(t, *receiptOf(t, first).ServiceNumber, *receiptOf(t, second).ServiceNumber)
	})

	assert.Len(t, f.itrOrders(t), 3, "each distinct report is one work order")
}

func TestAddWorkOrder400(t *testing.T) {
	f := newRepairFixture(t, httpapi.UploadLimits{})
	without := func(body string, fields ...string) string {
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(body), &m))
		for _, k := range fields {
			delete(m, k)
		}
		out, _ := json.Marshal(m)
		return string(out)
	}
	with := func(body string, kv ...any) string {
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(body), &m))
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		out, _ := json.Marshal(m)
		return string(out)
	}
	tomorrow := time.Now().UTC().Add(48 * time.Hour).Format(time.DateOnly)
	for _, tc := range []struct {
		name, lang, body string
		want             map[string]string // field → message
	}{
		{"a repair without its robot, fault and company", "zh",
			without(repairReport(), "robotCode", "cabinetCode", "issueDate", "faultDescription", "firstUse", "companyName", "companyAddress"),
			map[string]string{"robotCode": "请输入机器人编码", "cabinetCode": "请输入控制柜编码", "issueDate": "请选择故障日期",
				"faultDescription": "请输入故障描述", "firstUse": "请选择是否首次使用", "companyName": "请输入公司名称", "companyAddress": "请输入公司地址"}},
		{"blank values", "en", with(repairReport(), "robotCode", "   ", "faultDescription", "\n\t", "reporterName", " "),
			map[string]string{"robotCode": "Please enter the robot code.", "faultDescription": "Please describe the fault.", "reporterName": "Please enter your name."}},
		{"a fault in the future", "de", with(repairReport(), "issueDate", tomorrow),
			map[string]string{"issueDate": "Das Datum der Störung darf nicht nach dem heutigen Tag liegen."}},
		{"a consultation without its question", "ja", without(consultation, "issueInformation", "problemDescription"),
			map[string]string{"issueInformation": "お問い合わせの概要を入力してください。", "problemDescription": "問題の内容を入力してください。"}},
		{"a consultation with fields of the repair form", "en", with(consultation, "robotCode", "JAKA-ZU7-2403-001234", "firstUse", true, "softwareVersionAttachments", []string{"att_x"}),
			map[string]string{"robotCode": "This is not part of a technical consultation.", "firstUse": "This is not part of a technical consultation.",
				"softwareVersionAttachments": "This is not part of a technical consultation."}},
		{"a repair with the consultation's question", "fr", with(repairReport(), "problemDescription", "?"),
			map[string]string{"problemDescription": "Cela ne fait pas partie d’une demande de réparation."}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, env := f.report(t, annaToken, tc.body, "lang", tc.lang)
			require.Equal(t, http.StatusBadRequest, resp.StatusCode, env.Msg)
			assert.Equal(t, "request.invalid", env.ErrorKey)
			got := map[string]string{}
			for _, e := range env.Errors {
				got[e.Field] = e.Message
			}
			assert.Equal(t, tc.want, got)
		})
	}
	t.Run("the contract's own rules", func(t *testing.T) {
		for _, body := range []string{
			without(repairReport(), "email"),
			with(repairReport(), "email", "not-an-address"),
			with(repairReport(), "variant", "complaint"),
			with(repairReport(), "owner", 102), // nobody files a report for someone else
		} {
			resp, env := f.report(t, annaToken, body)
			assert.Equal(t, http.StatusBadRequest, resp.StatusCode)
			assert.Equal(t, "request.invalid", env.ErrorKey)
		}
	})
	assert.Empty(t, f.itrOrders(t), "nothing is written for a refused report")
}

// A user sees and uses only their own uploads and work orders: another user's are unknown (404),
// never shown.
func TestOtherUsersUploadsAndWorkOrdersAreRefused(t *testing.T) {
	f := newRepairFixture(t, httpapi.UploadLimits{})
	annasPhoto := f.mustUpload(t, annaToken, "anna.png", pngPhoto)
	bensPhoto := f.mustUpload(t, benToken, "ben.png", pngPhoto)
	_, env := f.report(t, annaToken, repairReport(annasPhoto.ID))
	require.True(t, env.Success, env.Msg)
	annasOrder := *receiptOf(t, env).ID

	t.Run("a report naming another user's upload", func(t *testing.T) {
		resp, env := f.report(t, benToken, repairReport(bensPhoto.ID, annasPhoto.ID, "att_never_uploaded"), "lang", "en")
		assert.Equal(t, http.StatusUnprocessableEntity, resp.StatusCode)
		assert.Equal(t, "repair.attachment_not_yours", env.ErrorKey)
		var fields []string
		for _, e := range env.Errors {
			fields = append(fields, e.Field)
			assert.Equal(t, "This file was not uploaded by you or has been removed.", e.Message)
		}
		assert.Equal(t, []string{"faultAttachments/1", "faultAttachments/2"}, fields)
	})
	t.Run("another user's work order", func(t *testing.T) {
		path := "/api/itr/detail/" + strconv.FormatInt(annasOrder, 10)
		resp, env := f.call(t, "GET", path, "/api/itr/detail/{id}", "", "token", benToken, "lang", "en")
		assert.Equal(t, http.StatusNotFound, resp.StatusCode)
		assert.Equal(t, "repair.order_not_found", env.ErrorKey)
		assert.Equal(t, "This work order does not exist.", env.Msg)
		assert.Equal(t, "null", string(env.Data), "nothing of it is shown")

		_, unknown := f.call(t, "GET", "/api/itr/detail/999999", "/api/itr/detail/{id}", "", "token", benToken, "lang", "en")
		assert.Equal(t, env.ErrorKey, unknown.ErrorKey, "exactly like one that does not exist")
	})
	t.Run("another user's list", func(t *testing.T) {
		_, env := f.call(t, "POST", "/api/itr/processList", "/api/itr/processList", `{"pageNum":1,"pageSize":10}`, "token", benToken)
		var page struct{ Total int }
		require.NoError(t, json.Unmarshal(env.Data, &page))
		assert.Zero(t, page.Total)
	})
	t.Run("another user's files", func(t *testing.T) {
		resp, _ := f.call(t, "DELETE", "/api/itr/upload/"+annasPhoto.ID, "/api/itr/upload/{uploadId}", "", "token", benToken)
		assert.Equal(t, http.StatusNotFound, resp.StatusCode)
		status, body := f.preview(t, annasPhoto.URL)
		assert.Equal(t, http.StatusOK, status, "the file is still there for its owner")
		assert.Equal(t, pngPhoto, body)
	})
	assert.Len(t, f.itrOrders(t), 1)
}

// workOrder decodes the data of repairDetail.
type workOrder struct {
	ID               int64  `json:"id"`
	ServiceNumber    string `json:"serviceNumber"`
	Variant          string `json:"variant"`
	Status           string `json:"status"`
	ReportTime       string `json:"reportTime"`
	FaultTime        *string
	RobotCode        *string
	RobotBody        *string
	CabinetCode      *string
	FaultDescription string
	IssueInformation *string
	Attachments      []uploaded
	ContactName      string
	ContactPhone     string
	ContactEmail     string
	CustomerAddress  *string
	CompanyName      *string
	Steps            []struct {
		Status string
		Time   *string
	}
}

func (f *repairFixture) detail(t *testing.T, token string, id int64) workOrder {
	t.Helper()
	resp, env := f.call(t, "GET", "/api/itr/detail/"+strconv.FormatInt(id, 10), "/api/itr/detail/{id}", "", "token", token)
	require.Equal(t, http.StatusOK, resp.StatusCode, env.Msg)
	var wo workOrder
	require.NoError(t, json.Unmarshal(env.Data, &wo))
	return wo
}

func (f *repairFixture) list(t *testing.T, token, tab string, page, size int) (total int, numbers []string) {
	t.Helper()
	body := `{"pageNum":` + strconv.Itoa(page) + `,"pageSize":` + strconv.Itoa(size) + `,"status":"` + tab + `"}`
	resp, env := f.call(t, "POST", "/api/itr/processList", "/api/itr/processList", body, "token", token)
	require.Equal(t, http.StatusOK, resp.StatusCode, env.Msg)
	var p struct {
		Total int
		Rows  []struct{ ServiceNumber string }
	}
	require.NoError(t, json.Unmarshal(env.Data, &p))
	for _, r := range p.Rows {
		numbers = append(numbers, r.ServiceNumber)
	}
	return p.Total, numbers
}

func TestAWorkOrderMovesFromOnlineReportToServiceCompleted(t *testing.T) {
	f := newRepairFixture(t, httpapi.UploadLimits{})
	photo := f.mustUpload(t, annaToken, "alarm.png", pngPhoto)
	video := f.mustUpload(t, annaToken, "noise.mp4", mp4Video)
	screen := f.mustUpload(t, annaToken, "versions.png", pngPhoto)
	body := strings.Replace(repairReport(photo.ID, video.ID), `"firstUse"`, `"softwareVersionAttachments":["`+screen.ID+`"],"firstUse"`, 1)
	_, env := f.report(t, annaToken, body)
	require.True(t, env.Success, env.Msg)
	r := receiptOf(t, env)

	wo := f.detail(t, annaToken, *r.ID)
	assert.Equal(t, *r.ServiceNumber, wo.ServiceNumber)
	assert.Equal(t, "repair", wo.Variant)
	assert.Equal(t, "onlineReport", wo.Status)
	assert.Equal(t, "JAKA Zu 7", *wo.RobotBody)
	assert.Equal(t, "JAKA-ZU7-2403-001234", *wo.RobotCode)
	assert.Equal(t, "2026-11-20", *wo.FaultTime)
	assert.Equal(t, "Industriestraße 12, 70565 Stuttgart", *wo.CustomerAddress)
	assert.Equal(t, "Anna Weber", wo.ContactName)
	require.Len(t, wo.Attachments, 3)
	assert.Equal(t, []string{"alarm.png", "noise.mp4", "versions.png"}, []string{wo.Attachments[0].Name, wo.Attachments[1].Name, wo.Attachments[2].Name})
	got, err := http.Get(f.bff.URL + wo.Attachments[1].URL)
	require.NoError(t, err)
	got.Body.Close()
	assert.Equal(t, "video/mp4", got.Header.Get("Content-Type"), "the detail's links preview the files")
	require.Len(t, wo.Steps, 3)
	assert.NotNil(t, wo.Steps[0].Time)
	assert.Nil(t, wo.Steps[1].Time)

	total, _ := f.list(t, annaToken, "pending", 1, 10)
	assert.Equal(t, 1, total, "pending while online report")
	f.advance(t, *r.ServiceNumber)
	assert.Equal(t, "inService", f.detail(t, annaToken, *r.ID).Status)
	total, _ = f.list(t, annaToken, "pending", 1, 10)
	assert.Equal(t, 1, total, "pending while in service")
	f.advance(t, *r.ServiceNumber)
	wo = f.detail(t, annaToken, *r.ID)
	assert.Equal(t, "serviceCompleted", wo.Status)
	for _, s := range wo.Steps {
		assert.NotNil(t, s.Time, s.Status)
	}
	total, _ = f.list(t, annaToken, "pending", 1, 10)
	assert.Zero(t, total)
	total, numbers := f.list(t, annaToken, "completed", 1, 10)
	assert.Equal(t, 1, total)
	assert.Equal(t, []string{*r.ServiceNumber}, numbers)
}

func TestProcessListPagesNewestFirst(t *testing.T) {
	f := newRepairFixture(t, httpapi.UploadLimits{})
	var numbers []string
	for i := 0; i < 5; i++ {
		_, env := f.report(t, annaToken, strings.Replace(consultation, "2D", "2D no. "+strconv.Itoa(i), 1))
		require.True(t, env.Success, env.Msg)
		numbers = append(numbers, *receiptOf(t, env).ServiceNumber)
	}
	total, page := f.list(t, annaToken, "all", 2, 2)
	assert.Equal(t, 5, total)
	assert.Equal(t, []string{numbers[2], numbers[1]}, page)
	total, page = f.list(t, annaToken, "completed", 1, 10)
	assert.Zero(t, total)
	assert.Empty(t, page, "an empty list is where the page shows 'No data'")

	resp, env := f.call(t, "POST", "/api/itr/processList", "/api/itr/processList", `{"pageNum":1,"pageSize":10,"status":"open"}`, "token", annaToken)
	assert.Equal(t, http.StatusBadRequest, resp.StatusCode, "the tabs are the contract's")
	assert.Equal(t, "request.invalid", env.ErrorKey)
}

// While the work-order system is down a report is queued, not lost: once the system is back,
// the outbox delivers it exactly once, and the list shows it.
func TestWorkOrdersQueuedWhileTheSystemIsDownAreDeliveredOnce(t *testing.T) {
	f := newRepairFixture(t, httpapi.UploadLimits{})
	photo := f.mustUpload(t, annaToken, "alarm.png", pngPhoto)
	f.itr.Faults.Set(mockkit.Faults{Down: true})

	start := time.Now()
	resp, env := f.report(t, annaToken, repairReport(photo.ID), "Idempotency-Key", "queued-report-1")
	require.Equal(t, http.StatusOK, resp.StatusCode, env.Msg)
	assert.Less(t, time.Since(start), 1500*time.Millisecond, "the user does not wait for the system")
	r := receiptOf(t, env)
	assert.True(t, r.Queued)
	assert.Nil(t, r.ID)
	assert.Nil(t, r.ServiceNumber)
	assert.Equal(t, "onlineReport", r.Status)
	reportTime := r.ReportTime

	_, again := f.report(t, annaToken, repairReport(photo.ID), "Idempotency-Key", "queued-report-1")
	assert.True(t, receiptOf(t, again).Queued && receiptOf(t, again).Duplicate, "a repeat is not queued twice")
	pending, err := f.outbox.Pending()
	require.NoError(t, err)
	assert.Len(t, pending, 1)

	f.itr.Faults.Set(mockkit.Faults{})
	f.runOutbox()
	require.Eventually(t, func() bool {
		total, _ := f.list(t, annaToken, "all", 1, 10)
		return total == 1
	}, 5*time.Second, 50*time.Millisecond, "the list shows it once delivered")
	orders := f.itrOrders(t)
	require.Len(t, orders, 1, "delivered once")
	assert.Equal(t, "wo-101-queued-report-1", orders[0]["idempotencyKey"])
	// The work-order system has it a moment before the outbox has noted the answer.
	require.Eventually(t, func() bool {
		pending, err := f.outbox.Pending()
		return err == nil && len(pending) == 0
	}, 5*time.Second, 10*time.Millisecond, "the outbox settles the delivered report")

	_, later := f.report(t, annaToken, repairReport(photo.ID), "Idempotency-Key", "queued-report-1")
	done := receiptOf(t, later)
	assert.True(t, done.Duplicate)
	assert.False(t, done.Queued)
	require.NotNil(t, done.ServiceNumber)
	assert.Equal(t, orders[0]["serviceNumber"], *done.ServiceNumber)
	assert.Equal(t, reportTime, done.ReportTime, "the work order keeps the time the user reported it")
	assert.Len(t, f.itrOrders(t), 1)
}

func TestCompanyList(t *testing.T) {
	f := newRepairFixture(t, httpapi.UploadLimits{})
	for _, tc := range []struct {
		keyword string
		first   string
	}{
		{"Schmidt", "Schmidt Automotive GmbH"},
		{"苏州", "苏州华信精密机械有限公司"},
		{"no such company anywhere", ""},
		{"   ", ""},
	} {
		t.Run(tc.keyword, func(t *testing.T) {
			resp, env := f.call(t, "POST", "/api/itr/companyList", "/api/itr/companyList", `{"keyword":"`+tc.keyword+`"}`, "token", annaToken)
			require.Equal(t, http.StatusOK, resp.StatusCode, env.Msg)
			var list []struct{ CompanyName, CompanyAddress string }
			require.NoError(t, json.Unmarshal(env.Data, &list))
			if tc.first == "" {
				assert.Empty(t, list)
				return
			}
			require.NotEmpty(t, list)
			assert.Equal(t, tc.first, list[0].CompanyName)
			assert.NotEmpty(t, list[0].CompanyAddress)
		})
	}
}
