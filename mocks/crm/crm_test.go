package crm

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func newTestCRM(t *testing.T, dataDir string) (*Server, *httptest.Server) {
	t.Helper()
	s, err := New(dataDir)
	require.NoError(t, err)
	srv := httptest.NewServer(s)
	t.Cleanup(func() { srv.Close(); s.Close() })
	return s, srv
}

// send makes one request and decodes a JSON answer into a map.
func send(t *testing.T, method, url, key, body string) (int, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	require.NoError(t, err)
	if key != "" {
		req.Header.Set(IdempotencyHeader, key)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var out map[string]any
	if len(bytes.TrimSpace(raw)) > 0 {
		require.NoError(t, json.Unmarshal(raw, &out), "answer is not JSON: %s", raw)
	}
	return resp.StatusCode, out
}

const (
	domestic = `{"contact":{"name":"张先生","mobile":"13800138000","email":"zhang@example.cn"},"company":"苏州精工","topic":"product_info","district":"姑苏区","requirement":"<b>焊接</b> 工作站 & 视觉","tags":["官网询盘"],"channel":"website","sourcePage":"/productDetails/103"}`
	overseas = `{"contact":{"name":"Anna Schmidt","phone":"+49 151 2345678","email":"anna@example.de"},"company":"Schmidt GmbH","industries":["automotive"],"companyType":"end_user","message":"Palletising cell","country":"DE","sourcePage":"/de/productList"}`
)

func TestCluesAreStoredOnceByIdempotencyKey(t *testing.T) {
	s, srv := newTestCRM(t, "")

	status, first := send(t, "POST", srv.URL+"/crm/v1/clues/domestic", "key-domestic-1", domestic)
	require.Equal(t, http.StatusCreated, status)
	assert.Regexp(t, `^CL\d{8}\d{5}$`, first["clueId"])

	status, again := send(t, "POST", srv.URL+"/crm/v1/clues/domestic", "key-domestic-1", domestic)
	assert.Equal(t, http.StatusConflict, status, "a repeated key is a duplicate")
	assert.Equal(t, "duplicate", again["error"])
	assert.Equal(t, first["clueId"], again["clueId"], "the duplicate answer names the clue stored first")

	status, _ = send(t, "POST", srv.URL+"/crm/v1/clues/overseas", "key-overseas-1", overseas)
	assert.Equal(t, http.StatusCreated, status)
	status, _ = send(t, "POST", srv.URL+"/crm/v1/clues/overseas", "", overseas)
	assert.Equal(t, http.StatusCreated, status, "a write without a key is stored (no deduplication possible)")

	clues, _ := s.store.snapshot()
	require.Len(t, clues, 3)
	var stored domesticClue
	require.NoError(t, json.Unmarshal(clues[0].Payload, &stored))
	assert.Equal(t, "<b>焊接</b> 工作站 & 视觉", stored.Requirement, "markup is kept as text, byte for byte")
}

func TestCluesRefusedOnBusinessGroundsAre422(t *testing.T) {
	_, srv := newTestCRM(t, "")
	for _, tc := range []struct {
		name, path, body, reason, field string
	}{
		{"blank name", "/crm/v1/clues/domestic", strings.Replace(domestic, `"张先生"`, `"   "`, 1), "missing_field", "contact.name"},
		{"disposable e-mail", "/crm/v1/clues/domestic", strings.Replace(domestic, "zhang@example.cn", "zhang@mailinator.com", 1), "blocked_email_domain", "contact.email"},
		{"disposable e-mail subdomain", "/crm/v1/clues/overseas", strings.Replace(overseas, "anna@example.de", "anna@mx.yopmail.com", 1), "blocked_email_domain", "contact.email"},
		{"not an e-mail", "/crm/v1/clues/overseas", strings.Replace(overseas, "anna@example.de", "anna at example", 1), "invalid_email", "contact.email"},
		{"no industry", "/crm/v1/clues/overseas", strings.Replace(overseas, `["automotive"]`, `[]`, 1), "missing_field", "industries"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, body := send(t, "POST", srv.URL+tc.path, "key-"+strings.ReplaceAll(tc.name, " ", "-"), tc.body)
			assert.Equal(t, http.StatusUnprocessableEntity, status)
			assert.Equal(t, "rejected", body["error"])
			assert.Equal(t, tc.reason, body["reason"])
			assert.Equal(t, tc.field, body["field"])
		})
	}
}

func TestMalformedWritesAre400(t *testing.T) {
	_, srv := newTestCRM(t, "")
	for _, tc := range []struct{ name, path, key, body string }{
		{"not JSON", "/crm/v1/clues/domestic", "key-12345678", `{"contact":`},
		{"unknown field", "/crm/v1/clues/domestic", "key-12345678", strings.Replace(domestic, `"topic"`, `"subject":"x","topic"`, 1)},
		{"unknown topic", "/crm/v1/clues/domestic", "key-12345678", strings.Replace(domestic, "product_info", "gossip", 1)},
		{"bad country", "/crm/v1/clues/overseas", "key-12345678", strings.Replace(overseas, `"DE"`, `"Germany"`, 1)},
		{"bad key", "/crm/v1/clues/overseas", "short", overseas},
		{"record without fields", "/crm/v1/form-records", "key-12345678", `{"formId":1,"sourcePage":"/x","fields":{}}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, body := send(t, "POST", srv.URL+tc.path, tc.key, tc.body)
			assert.Equal(t, http.StatusBadRequest, status)
			assert.Equal(t, "bad_request", body["error"])
		})
	}
}

func TestFormRecords(t *testing.T) {
	_, srv := newTestCRM(t, "")
	rec := `{"formId":2,"sourcePage":"/contact","fields":{"userName":"李工","email":"li@example.cn","productModel":"zu-7"},"accountId":42}`
	status, first := send(t, "POST", srv.URL+"/crm/v1/form-records", "record-key-1", rec)
	require.Equal(t, http.StatusCreated, status)
	assert.EqualValues(t, firstRecordID, first["recordId"])

	status, again := send(t, "POST", srv.URL+"/crm/v1/form-records", "record-key-1", rec)
	assert.Equal(t, http.StatusConflict, status)
	assert.Equal(t, first["recordId"], again["recordId"])

	status, body := send(t, "POST", srv.URL+"/crm/v1/form-records", "record-key-2", strings.Replace(rec, "li@example.cn", "li@trashmail.com", 1))
	assert.Equal(t, http.StatusUnprocessableEntity, status)
	assert.Equal(t, "blocked_email_domain", body["reason"])

	status, body = send(t, "POST", srv.URL+"/crm/v1/form-records", "record-key-3", `{"formId":3,"sourcePage":"/contact","fields":{"content":"  "}}`)
	assert.Equal(t, http.StatusUnprocessableEntity, status)
	assert.Equal(t, "missing_field", body["reason"])

	status, body = send(t, "GET", srv.URL+"/__admin/leads", "", "")
	require.Equal(t, http.StatusOK, status)
	assert.Len(t, body["formRecords"], 1)
	assert.Len(t, body["clues"], 0)
}

func TestCluesSurviveARestartWithTheirKeys(t *testing.T) {
	dir := t.TempDir()
	s1, err := New(dir)
	require.NoError(t, err)
	srv1 := httptest.NewServer(s1)
	status, first := send(t, "POST", srv1.URL+"/crm/v1/clues/domestic", "key-restart-1", domestic)
	require.Equal(t, http.StatusCreated, status)
	status, _ = send(t, "POST", srv1.URL+"/crm/v1/form-records", "key-restart-2", `{"formId":1,"sourcePage":"/cooperationIntent","fields":{"companyName":"节卡"}}`)
	require.Equal(t, http.StatusCreated, status)
	srv1.Close()
	require.NoError(t, s1.Close())

	// A crash in the middle of a write leaves a torn last line: it was never acknowledged.
	f, err := os.OpenFile(filepath.Join(dir, "crm", cluesFile), os.O_APPEND|os.O_WRONLY, 0)
	require.NoError(t, err)
	_, err = f.WriteString(`{"clueId":"CL2025`)
	require.NoError(t, err)
	require.NoError(t, f.Close())

	s2, srv2 := newTestCRM(t, dir)
	clues, records := s2.store.snapshot()
	require.Len(t, clues, 1)
	require.Len(t, records, 1)
	status, again := send(t, "POST", srv2.URL+"/crm/v1/clues/domestic", "key-restart-1", domestic)
	assert.Equal(t, http.StatusConflict, status, "keys are remembered across a restart")
	assert.Equal(t, first["clueId"], again["clueId"])
	status, _ = send(t, "POST", srv2.URL+"/crm/v1/clues/domestic", "key-restart-3", domestic)
	assert.Equal(t, http.StatusCreated, status, "the file takes new lines after the torn one was cut")

	status, _ = send(t, "POST", srv2.URL+"/__admin/reset", "", "")
	assert.Equal(t, http.StatusNoContent, status)
	clues, records = s2.store.snapshot()
	assert.Empty(t, clues)
	assert.Empty(t, records)
}

func TestRegionLookup(t *testing.T) {
	_, srv := newTestCRM(t, "")
	type region struct{ province, city, district string }
	found := []struct {
		name           string
		province, city string
		want           region
	}{
		{"province and city", "广东省", "深圳市", region{"广东省", "深圳市", "福田区"}},
		{"province alone gives the capital", "江苏省", "", region{"江苏省", "南京市", "玄武区"}},
		{"short names", "广西", "桂林", region{"广西壮族自治区", "桂林市", "临桂区"}},
		{"municipality with the picker's 市辖区", "上海市", "市辖区", region{"上海市", "上海市", "黄浦区"}},
		{"autonomous prefecture", "云南省", "大理白族自治州", region{"云南省", "大理白族自治州", "大理市"}},
		{"Hong Kong", "香港特别行政区", "九龙", region{"香港特别行政区", "九龙", "油尖旺区"}},
		{"Macao", "澳门", "离岛", region{"澳门特别行政区", "离岛", "嘉模堂区"}},
		{"Taiwan", "台湾省", "高雄市", region{"台湾省", "高雄市", "苓雅区"}},
		{"unknown province, known city", "华南", "佛山市", region{"广东省", "佛山市", "禅城区"}},
		{"a city given as the province", "苏州市", "", region{"江苏省", "苏州市", "姑苏区"}},
		{"a city of another province falls back to the capital", "浙江省", "深圳市", region{"浙江省", "杭州市", "上城区"}},
	}
	for _, tc := range found {
		t.Run(tc.name, func(t *testing.T) {
			status, body := send(t, "GET", srv.URL+"/crm/v1/regions/resolve?province="+tc.province+"&city="+tc.city, "", "")
			require.Equal(t, http.StatusOK, status)
			assert.Equal(t, tc.want, region{body["province"].(string), body["city"].(string), body["district"].(string)})
		})
	}
	for _, q := range []string{"province=火星&city=奥林匹斯", "province=Overseas"} {
		status, body := send(t, "GET", srv.URL+"/crm/v1/regions/resolve?"+q, "", "")
		assert.Equal(t, http.StatusNotFound, status, q)
		assert.Equal(t, "region_not_served", body["error"])
	}
	status, _ := send(t, "GET", srv.URL+"/crm/v1/regions/resolve", "", "")
	assert.Equal(t, http.StatusBadRequest, status)
}

func TestRegionDatasetCoversEveryProvinceLevelDivision(t *testing.T) {
	regions, err := parseRegions(regionsText)
	require.NoError(t, err)
	assert.Len(t, regions, 34, "23 provinces, 5 autonomous regions, 4 municipalities, 2 special administrative regions")
	cities := 0
	for _, p := range regions {
		for _, c := range p.Cities {
			cities++
			assert.NotEmpty(t, c.Districts, c.Name)
		}
	}
	assert.Greater(t, cities, 350)
	_, err = parseRegions("  城市: 区\n")
	assert.Error(t, err, "a city needs a province")
	_, err = parseRegions("某省\n  某市:\n")
	assert.Error(t, err, "a city needs a district")
}

func TestCertificates(t *testing.T) {
	_, srv := newTestCRM(t, "")
	status, body := send(t, "GET", srv.URL+"/crm/v1/certificates?phone=%2B86%20138-0013-8000&locale=en", "", "")
	require.Equal(t, http.StatusOK, status)
	certs := body["certificates"].([]any)
	require.Len(t, certs, 2)
	first := certs[0].(map[string]any)
	assert.Equal(t, "JK-P-2023-0001", first["number"])
	assert.Equal(t, "primary", first["level"])
	assert.Equal(t, "Certified Cobot Operator (Primary)", first["course"])

	status, body = send(t, "GET", srv.URL+"/crm/v1/certificates?number=jk-a-2025-0031&locale=zh", "", "")
	require.Equal(t, http.StatusOK, status)
	certs = body["certificates"].([]any)
	require.Len(t, certs, 1)
	adv := certs[0].(map[string]any)
	assert.Equal(t, "advanced", adv["level"])
	assert.Nil(t, adv["validUntil"], "advanced certificates do not expire")
	assert.Equal(t, "协作机器人应用专家认证（高级）", adv["course"])

	status, body = send(t, "GET", srv.URL+"/crm/v1/certificates?number=JK-X-0000", "", "")
	require.Equal(t, http.StatusOK, status)
	assert.Empty(t, body["certificates"], "none found is an empty list")

	status, _ = send(t, "GET", srv.URL+"/crm/v1/certificates", "", "")
	assert.Equal(t, http.StatusBadRequest, status)
}

func TestCertificateImageIsAPNGDataURL(t *testing.T) {
	_, srv := newTestCRM(t, "")
	for _, level := range []string{"JK-P-2024-0233", "JK-I-2023-0318", "JK-A-2024-0012"} {
		status, body := send(t, "GET", srv.URL+"/crm/v1/certificates/"+level+"/image", "", "")
		require.Equal(t, http.StatusOK, status)
		assert.Equal(t, "certificate-"+level+".png", body["fileName"])
		url := body["dataUrl"].(string)
		require.True(t, strings.HasPrefix(url, "data:image/png;base64,"))
		raw, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(url, "data:image/png;base64,"))
		require.NoError(t, err)
		img, err := png.Decode(bytes.NewReader(raw))
		require.NoError(t, err)
		assert.Equal(t, 1200, img.Bounds().Dx())
		assert.Equal(t, 848, img.Bounds().Dy())
	}
	status, body := send(t, "GET", srv.URL+"/crm/v1/certificates/JK-X-0000/image", "", "")
	assert.Equal(t, http.StatusNotFound, status)
	assert.Equal(t, "not_found", body["error"])
}
