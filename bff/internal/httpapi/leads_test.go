package httpapi_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/httpapi"
	"github.com/jakarobotics/website/mocks/mockkit"
)

const (
	chineseLead  = `{"userName":"张先生","phoneNumber":"13800138000","email":"zhang@example.cn","communicateMatter":0,"city":"福田区","companyName":"深圳精工","specificRequirements":"需要焊接工作站","tags":["官网询盘"],"clueName":"官网","sourcePage":"/productDetails/103"}`
	overseasLead = `{"userName":"Anna Schmidt","phone":"+49 151 2345678","email":"anna@example.de","companyName":"Schmidt GmbH","industry":["automotive"],"companyType":"end_user","comment":"Palletising cell","country":"DE","sourcePage":"/de/productList"}`
	cooperation  = `{"formId":1,"sourcePage":"/cooperationIntent","values":{"companyName":"节卡合作伙伴","customerName":"王经理","phoneNumber":"13912345678","city":"上海市","positionType":"procurement","scene":"industrial","requireCount":"5_to_20","productInfoGetChannel":"baidu_search","remark":"希望了解 MiniCobo"}}`
)

// receipt decodes the data of a lead's answer.
func receipt(t *testing.T, env envelope) (clueID *string, duplicate, queued bool) {
	t.Helper()
	var r struct {
		ClueID    *string `json:"clueId"`
		Duplicate bool    `json:"duplicate"`
		Queued    bool    `json:"queued"`
	}
	require.NoError(t, json.Unmarshal(env.Data, &r))
	return r.ClueID, r.Duplicate, r.Queued
}

// stoppedClock is a clock that tells the wall clock's time until a test sets it.
type stoppedClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *stoppedClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.now.IsZero() {
		return time.Now()
	}
	return c.now
}

func (c *stoppedClock) Set(now time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = now
}

func TestLeads200(t *testing.T) {
	clock := &stoppedClock{}
	f := newCRMFixture(t, func(d *httpapi.Deps) { d.Clock = clock.Now })

	t.Run("a Chinese enquiry reaches the CRM", func(t *testing.T) {
		resp, env := f.call(t, "POST", "/crm/addSaleClue", chineseLead, "Idempotency-Key", "web-key-chinese-1")
		require.Equal(t, http.StatusOK, resp.StatusCode)
		assert.Equal(t, "提交成功，客户经理将在 1 个工作日内与您联系", env.Msg)
		id, dup, queued := receipt(t, env)
		require.NotNil(t, id)
		assert.Regexp(t, `^CL\d+`, *id)
		assert.False(t, dup)
		assert.False(t, queued)

		_, again := f.call(t, "POST", "/crm/addSaleClue", chineseLead, "Idempotency-Key", "web-key-chinese-1")
		id2, dup, _ := receipt(t, again)
		assert.True(t, dup, "a retry with the same key")
		assert.Equal(t, *id, *id2, "gets the first answer")
	})

	t.Run("an overseas enquiry reaches the CRM", func(t *testing.T) {
		resp, env := f.call(t, "POST", "/crm/addOverseasSaleClue", overseasLead, "lang", "de")
		require.Equal(t, http.StatusOK, resp.StatusCode)
		assert.Equal(t, "Erfolgreich gesendet. Ein Kundenbetreuer meldet sich innerhalb von 1 Werktag bei Ihnen.", env.Msg)
		assert.Regexp(t, `^bff-[0-9a-f]{32}$`, resp.Header.Get("Idempotency-Key"), "the BFF minted a key and says which")
	})

	t.Run("a double click without a key is one lead", func(t *testing.T) {
		body := strings.Replace(chineseLead, "张先生", "李女士", 1)
		_, first := f.call(t, "POST", "/crm/addSaleClue", body)
		_, second := f.call(t, "POST", "/crm/addSaleClue", body)
		id1, dup1, _ := receipt(t, first)
		id2, dup2, _ := receipt(t, second)
		assert.False(t, dup1)
		assert.True(t, dup2)
		assert.Equal(t, *id1, *id2)
		// Normalization makes white space at the ends no difference.
		_, third := f.call(t, "POST", "/crm/addSaleClue", strings.Replace(body, `"李女士"`, `"  李女士 "`, 1))
		_, dup3, _ := receipt(t, third)
		assert.True(t, dup3)
	})

	t.Run("a double click across a minute boundary is one lead", func(t *testing.T) {
		now := time.Date(2025, 6, 1, 9, 59, 59, 0, time.UTC)
		clock.Set(now)
		defer clock.Set(time.Time{})
		body := strings.Replace(overseasLead, "Anna Schmidt", "Jean Dupont", 1)
		_, first := f.call(t, "POST", "/crm/addOverseasSaleClue", body)
		clock.Set(now.Add(2 * time.Second))
		_, second := f.call(t, "POST", "/crm/addOverseasSaleClue", body)
		_, dup, _ := receipt(t, second)
		assert.True(t, dup)
		clock.Set(now.Add(2*time.Second + 3*time.Minute))
		_, later := f.call(t, "POST", "/crm/addOverseasSaleClue", body)
		_, dup, _ = receipt(t, later)
		assert.False(t, dup, "the same enquiry minutes later is a new lead")
		_, _, _ = receipt(t, first)
	})

	t.Run("markup in free text is stored as text", func(t *testing.T) {
		evil := `<script>alert("x")</script> & <b>bold</b> &amp;`
		body := strings.Replace(chineseLead, "需要焊接工作站", strings.ReplaceAll(evil, `"`, `\"`), 1)
		resp, env := f.call(t, "POST", "/crm/addSaleClue", body, "Idempotency-Key", "web-key-markup-1")
		require.Equal(t, http.StatusOK, resp.StatusCode, env.Msg)
		id, _, _ := receipt(t, env)
		clues, _ := f.stored(t)
		var found bool
		for _, c := range clues {
			if c["clueId"] == *id {
				found = true
				assert.Equal(t, evil, c["payload"].(map[string]any)["requirement"], "byte for byte: not escaped, stripped or decoded")
			}
		}
		assert.True(t, found)
	})

	clues, _ := f.stored(t)
	assert.Len(t, clues, 6, "each distinct enquiry is in the CRM once")
}

func TestLeadsQueuedWhileTheCRMIsDownAreDeliveredLater(t *testing.T) {
	f := newCRMFixture(t)
	for _, tc := range []struct {
		name   string
		faults mockkit.Faults
	}{
		{"unreachable", mockkit.Faults{Down: true}},
		{"failing", mockkit.Faults{ErrorRate: 1}},
		{"too slow", mockkit.Faults{Latency: 1500 * time.Millisecond}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f.setFaults(tc.faults)
			key := "web-key-queued-" + strings.ReplaceAll(tc.name, " ", "-")
			start := time.Now()
			resp, env := f.call(t, "POST", "/crm/addSaleClue", chineseLead, "Idempotency-Key", key, "lang", "en")
			require.Equal(t, http.StatusOK, resp.StatusCode)
			// Half the time-out (1.2 s) is the most the BFF gives the CRM before it queues the
			// lead; the bound is the slow CRM's latency, which a visitor must never wait for
			// (the lead being queued, below, says the BFF did not wait for the CRM's answer).
			assert.Less(t, time.Since(start), 1500*time.Millisecond, "the visitor waits half the time-out, never for the slow CRM")
			assert.Equal(t, "Submitted successfully. An account manager will contact you within 1 business day.", env.Msg)
			id, _, queued := receipt(t, env)
			assert.Nil(t, id)
			assert.True(t, queued)

			_, again := f.call(t, "POST", "/crm/addSaleClue", chineseLead, "Idempotency-Key", key)
			_, dup, queued := receipt(t, again)
			assert.True(t, dup && queued, "a repeat of a queued lead is not queued twice")

			readyz, err := http.Get(f.admin.URL + "/readyz")
			require.NoError(t, err)
			readyz.Body.Close()
			assert.Equal(t, http.StatusOK, readyz.StatusCode, "the site keeps taking leads while the CRM is down")
			metrics := scrape(t, f.admin.URL)
			assert.Contains(t, metrics, "bff_outbox_depth 1")
			assert.NotContains(t, metrics, "bff_outbox_oldest_age_seconds 0\n")
			assert.Regexp(t, `bff_outbox_deliveries_total\{result="failed"\} [1-9]`, metrics)

			f.setFaults(mockkit.Faults{})
			require.Eventually(t, func() bool {
				_, env := f.call(t, "POST", "/crm/addSaleClue", chineseLead, "Idempotency-Key", key)
				id, _, _ := receipt(t, env)
				return id != nil
			}, 5*time.Second, 20*time.Millisecond, "delivered once the CRM is back")
			assert.Contains(t, scrape(t, f.admin.URL), "bff_outbox_depth 0")
		})
	}
	clues, _ := f.stored(t)
	assert.Len(t, clues, 3)
}

func scrape(t *testing.T, base string) string {
	t.Helper()
	resp, err := http.Get(base + "/metrics")
	require.NoError(t, err)
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	return string(raw)
}

func TestLeads4xx(t *testing.T) {
	f := newCRMFixture(t)
	_, first := f.call(t, "POST", "/crm/addSaleClue", chineseLead, "Idempotency-Key", "web-key-conflict")
	require.True(t, first.Success)

	for _, tc := range []struct {
		name, path, body string
		headers          []string
		status           int
		key              string
		fields           []string
		msg              string
	}{
		// 400: the contract and the BFF's own normalization.
		{"blank name", "/crm/addSaleClue", strings.Replace(chineseLead, `"张先生"`, `"  \n "`, 1), nil, 400, "request.invalid", []string{"userName"}, ""},
		{"missing field", "/crm/addOverseasSaleClue", strings.Replace(overseasLead, `"country":"DE",`, ``, 1), nil, 400, "request.invalid", []string{"country"}, ""},
		{"unknown field", "/crm/addSaleClue", strings.Replace(chineseLead, `"city"`, `"isAdmin":true,"city"`, 1), nil, 400, "request.invalid", []string{"isAdmin"}, ""},
		{"over-long requirements", "/crm/addSaleClue", strings.Replace(chineseLead, "需要焊接工作站", strings.Repeat("长", 2001), 1), nil, 400, "request.invalid", []string{"specificRequirements"}, ""},
		{"unknown matter", "/crm/addSaleClue", strings.Replace(chineseLead, `"communicateMatter":0`, `"communicateMatter":7`, 1), nil, 400, "request.invalid", []string{"communicateMatter"}, ""},
		{"two industries", "/crm/addOverseasSaleClue", strings.Replace(overseasLead, `["automotive"]`, `["automotive","food"]`, 1), nil, 400, "request.invalid", []string{"industry"}, ""},
		{"bad e-mail", "/crm/addOverseasSaleClue", strings.Replace(overseasLead, "anna@example.de", "anna@example", 1), nil, 400, "request.invalid", []string{"email"}, ""},
		{"short key", "/crm/addSaleClue", chineseLead, []string{"Idempotency-Key", "abc"}, 400, "request.invalid", []string{"Idempotency-Key"}, ""},
		// 409: a key reused for another enquiry.
		{"key reused", "/crm/addSaleClue", strings.Replace(chineseLead, "张先生", "赵先生", 1), []string{"Idempotency-Key", "web-key-conflict"}, 409, "request.idempotency_conflict", nil, ""},
		// 413: more than any valid enquiry can be.
		{"oversized body", "/crm/addSaleClue", strings.Replace(chineseLead, "需要焊接工作站", strings.Repeat("x", 70<<10), 1), nil, 413, "request.too_large", nil, ""},
		// 422: the CRM refuses it ('Submission failed!').
		{"disposable e-mail", "/crm/addOverseasSaleClue", strings.Replace(overseasLead, "anna@example.de", "anna@mailinator.com", 1), []string{"lang", "en"}, 422, "lead.rejected", nil, "Submission failed!"},
		{"disposable e-mail, Chinese", "/crm/addSaleClue", strings.Replace(chineseLead, "zhang@example.cn", "zhang@yopmail.com", 1), nil, 422, "lead.rejected", nil, "提交失败！"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, env := f.call(t, "POST", tc.path, tc.body, tc.headers...)
			assert.Equal(t, tc.status, resp.StatusCode)
			assert.False(t, env.Success)
			assert.Equal(t, tc.key, env.ErrorKey)
			var fields []string
			for _, e := range env.Errors {
				fields = append(fields, e.Field)
			}
			for _, want := range tc.fields {
				assert.Contains(t, fields, want)
			}
			if tc.msg != "" {
				assert.Equal(t, tc.msg, env.Msg)
			}
		})
	}

	t.Run("a refusal is answered again for a retry", func(t *testing.T) {
		body := strings.Replace(overseasLead, "anna@example.de", "anna@guerrillamail.com", 1)
		for range 2 {
			resp, env := f.call(t, "POST", "/crm/addOverseasSaleClue", body, "Idempotency-Key", "web-key-refused")
			assert.Equal(t, http.StatusUnprocessableEntity, resp.StatusCode)
			assert.Equal(t, "lead.rejected", env.ErrorKey)
		}
	})
	clues, _ := f.stored(t)
	assert.Len(t, clues, 1, "nothing but the first enquiry was stored")
}

func TestCustomFormRecord(t *testing.T) {
	f := newCRMFixture(t)

	t.Run("a record reaches the CRM with the account of a logged-in visitor", func(t *testing.T) {
		resp, env := f.call(t, "POST", "/api/customFormRecord", cooperation, "token", goodToken, "Idempotency-Key", "web-form-key-1")
		require.Equal(t, http.StatusOK, resp.StatusCode)
		assert.Equal(t, "提交成功", env.Msg)
		var r struct {
			RecordID *int64 `json:"recordId"`
			Queued   bool   `json:"queued"`
		}
		require.NoError(t, json.Unmarshal(env.Data, &r))
		require.NotNil(t, r.RecordID)
		assert.False(t, r.Queued)
		_, again := f.call(t, "POST", "/api/customFormRecord", cooperation, "token", goodToken, "Idempotency-Key", "web-form-key-1")
		assert.JSONEq(t, fmt.Sprintf(`{"recordId":%d,"duplicate":true,"queued":false}`, *r.RecordID), string(again.Data), "a retry gets the first answer")
		_, records := f.stored(t)
		require.Len(t, records, 1)
		payload := records[0]["payload"].(map[string]any)
		assert.EqualValues(t, 7, payload["accountId"])
		assert.Equal(t, "希望了解 MiniCobo", payload["fields"].(map[string]any)["remark"])
	})

	t.Run("a visitor's record while the CRM is down is queued", func(t *testing.T) {
		f.setFaults(mockkit.Faults{Down: true})
		body := strings.Replace(cooperation, "王经理", "陈经理", 1)
		_, env := f.call(t, "POST", "/api/customFormRecord", body, "token", "not-a-session")
		assert.JSONEq(t, `{"recordId":null,"duplicate":false,"queued":true}`, string(env.Data), "an unchecked token leaves the record anonymous, not lost")
		f.setFaults(mockkit.Faults{})
		require.Eventually(t, func() bool {
			_, records := f.stored(t)
			return len(records) == 2
		}, 5*time.Second, 20*time.Millisecond)
	})

	for _, tc := range []struct {
		name, body string
		status     int
		key        string
		fields     []string
	}{
		{"unknown form", strings.Replace(cooperation, `"formId":1`, `"formId":999`, 1), 400, "request.invalid", []string{"formId"}},
		{"unknown value name", strings.Replace(cooperation, `"remark"`, `"salary"`, 1), 400, "request.invalid", []string{"values/salary"}},
		{"required value missing", strings.Replace(cooperation, `"customerName":"王经理",`, ``, 1), 400, "request.invalid", []string{"values/customerName"}},
		{"required value blank", strings.Replace(cooperation, `"王经理"`, `"   "`, 1), 400, "request.invalid", []string{"values/customerName"}},
		{"choice not offered", strings.Replace(cooperation, `"5_to_20"`, `"hundreds"`, 1), 400, "request.invalid", []string{"values/requireCount"}},
		{"too long for its field", strings.Replace(cooperation, `"王经理"`, `"`+strings.Repeat("王", 51)+`"`, 1), 400, "request.invalid", []string{"values/customerName"}},
		{"not a phone number", strings.Replace(cooperation, `"13912345678"`, `"call me"`, 1), 400, "request.invalid", []string{"values/phoneNumber"}},
		{"no values", `{"formId":1,"sourcePage":"/cooperationIntent","values":{}}`, 400, "request.invalid", []string{"values"}},
		{"refused by the CRM", `{"formId":3,"sourcePage":"/contact","values":{"userName":"Li","phoneNumber":"13912345678","email":"li@trashmail.com","feedbackType":"website","content":"Broken link"}}`, 422, "lead.rejected", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, env := f.call(t, "POST", "/api/customFormRecord", tc.body)
			assert.Equal(t, tc.status, resp.StatusCode)
			assert.Equal(t, tc.key, env.ErrorKey)
			var fields []string
			for _, e := range env.Errors {
				fields = append(fields, e.Field)
			}
			for _, want := range tc.fields {
				assert.Contains(t, fields, want)
			}
		})
	}
}
