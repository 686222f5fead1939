package httpapi_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/httpapi"
	"github.com/jakarobotics/website/bff/internal/messages"
	"github.com/jakarobotics/website/bff/internal/ratelimit"
	"github.com/jakarobotics/website/bff/internal/upstream/account"
)

// lookupLimits gives the BFF its default limits on the clock c, believing X-Forwarded-For from
// loopback so that each request can come from the client address it names.
func lookupLimits(c *acctClock) func(*httpapi.Deps) {
	return func(d *httpapi.Deps) {
		l := ratelimit.DefaultLimits()
		l.TrustedProxies, _ = ratelimit.ParsePrefixes("127.0.0.1, ::1")
		d.AccountLimits = &l
		d.Clock = c.Now
	}
}

// lookupUsers are n logged-in users, user-1 … user-n, for tests of per-address limits.
func lookupUsers(n int) map[string]account.User {
	users := map[string]account.User{goodToken: {ID: 7, UserName: "张伟", Phone: "13800138000"}}
	for i := 1; i <= n; i++ {
		users[fmt.Sprintf("user-%d", i)] = account.User{ID: int64(1000 + i), UserName: fmt.Sprintf("User %d", i)}
	}
	return users
}

func newLookupCRMFixture(t *testing.T, users int) (*crmFixture, *acctClock) {
	c := &acctClock{t: time.Date(2025, 3, 1, 9, 0, 0, 0, time.UTC)}
	f := newCRMFixture(t, lookupLimits(c), func(d *httpapi.Deps) { d.Accounts = tokenAccounts{users: lookupUsers(users)} })
	return f, c
}

func (f *crmFixture) certificates(t *testing.T, token, ip, codeOrPhone string) (*http.Response, envelope) {
	t.Helper()
	return f.call(t, "GET", "/crm/getExamResultByCodeOrPhone?codeOrPhone="+url.QueryEscape(codeOrPhone), "", "token", token, "X-Forwarded-For", ip)
}

// TestCertificateLookupsAreLimited: guessing phone or certificate numbers stops after a few
// lookups per user and per client address.
func TestCertificateLookupsAreLimited(t *testing.T) {
	t.Run("per user", func(t *testing.T) {
		f, c := newLookupCRMFixture(t, 0)
		for i := range 10 {
			resp, env := f.certificates(t, goodToken, strangerIP, fmt.Sprintf("139%08d", i))
			require.Equal(t, http.StatusNotFound, resp.StatusCode, env.ErrorKey)
			c.Add(time.Minute)
		}
		resp, env := f.certificates(t, goodToken, strangerIP, "13800138000")
		assert.Equal(t, http.StatusTooManyRequests, resp.StatusCode)
		assert.Equal(t, "lookup.too_many", env.ErrorKey)
		assert.Equal(t, "查询过于频繁，请稍后再试", env.Msg, "in the language of the request (none: Chinese)")
		assert.Equal(t, fmt.Sprint(50*60), resp.Header.Get("Retry-After"), "the first lookup leaves the hour in 50 minutes")
		resp, _ = f.certificates(t, goodToken, ownerIP, "13800138000")
		assert.Equal(t, http.StatusTooManyRequests, resp.StatusCode, "the user's limit holds from any address")
		resp, _ = f.call(t, "POST", "/crm/generateImage", `{"certificateNo":"JK-P-2023-0001"}`, "token", goodToken, "X-Forwarded-For", ownerIP)
		assert.Equal(t, http.StatusTooManyRequests, resp.StatusCode, "pictures count too")
		c.Add(50 * time.Minute)
		resp, _ = f.certificates(t, goodToken, strangerIP, "13800138000")
		assert.Equal(t, http.StatusOK, resp.StatusCode)
	})
	t.Run("per client address", func(t *testing.T) {
		f, _ := newLookupCRMFixture(t, 10)
		for i := range 30 {
			resp, env := f.certificates(t, fmt.Sprintf("user-%d", i%10+1), strangerIP, fmt.Sprintf("139%08d", i))
			require.Equal(t, http.StatusNotFound, resp.StatusCode, "lookup %d: %s", i+1, env.ErrorKey)
		}
		resp, env := f.certificates(t, goodToken, strangerIP, "13800138000")
		assert.Equal(t, http.StatusTooManyRequests, resp.StatusCode, "thirty lookups an hour from one address")
		assert.Equal(t, "lookup.too_many", env.ErrorKey)
		assert.Equal(t, "3600", resp.Header.Get("Retry-After"))
		resp, _ = f.certificates(t, goodToken, ownerIP, "13800138000")
		assert.Equal(t, http.StatusOK, resp.StatusCode, "another address still looks up")
	})
}

// TestCertificatesByAnotherPersonsPhoneMaskTheHolder: a lookup answers the page's fields only,
// and by a phone number other than the user's own, the holder's name masked.
func TestCertificatesByAnotherPersonsPhoneMaskTheHolder(t *testing.T) {
	f := newCRMFixture(t)
	holders := func(codeOrPhone string) []string {
		t.Helper()
		resp, env := f.call(t, "GET", "/crm/getExamResultByCodeOrPhone?codeOrPhone="+url.QueryEscape(codeOrPhone), "", "token", goodToken)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		var certs []map[string]any
		require.NoError(t, json.Unmarshal(env.Data, &certs))
		var names []string
		for _, c := range certs {
			var fields []string
			for k := range c {
				fields = append(fields, k)
			}
			sort.Strings(fields)
			assert.Equal(t, []string{"certificateNo", "course", "holderName", "issueDate", "level", "validUntil"}, fields, "what the page shows, nothing more")
			names = append(names, c["holderName"].(string))
		}
		return names
	}
	assert.Equal(t, []string{"张伟", "张伟"}, holders("13800138000"), "the user's own phone")
	assert.Equal(t, []string{"刘*", "刘*", "刘*"}, holders("18612345678"), "someone else's phone")
	assert.Equal(t, []string{"李娜"}, holders("JK-A-2024-0012"), "a certificate number, for checking a certificate one was shown")
	assert.Equal(t, []string{"Anna Schmidt"}, holders("JK-P-2024-1001"))
}

func TestTooManyLookupsHasTextsInEveryLanguage(t *testing.T) {
	en := messages.Text(string(httpapi.TooManyLookups), "en")
	assert.Equal(t, "Too many lookups. Please try again later.", en)
	for _, lang := range messages.Languages {
		if !strings.HasPrefix(string(lang), "en") {
			assert.NotEqual(t, en, messages.Text(string(httpapi.TooManyLookups), lang), lang)
		}
	}
}

func (f *repairFixture) companies(t *testing.T, token, ip, keyword string) (*http.Response, []map[string]any) {
	t.Helper()
	resp, env := f.call(t, "POST", "/api/itr/companyList", "/api/itr/companyList", `{"keyword":"`+keyword+`"}`, "token", token, "X-Forwarded-For", ip)
	var list []map[string]any
	if resp.StatusCode == http.StatusOK {
		require.NoError(t, json.Unmarshal(env.Data, &list))
	} else {
		assert.Equal(t, "lookup.too_many", env.ErrorKey)
	}
	return resp, list
}

// TestCompanyListIsAnAutocomplete: a few names with their addresses for a keyword that says
// something, within limits per user and per client address.
func TestCompanyListIsAnAutocomplete(t *testing.T) {
	c := &acctClock{t: time.Date(2025, 3, 1, 9, 0, 0, 0, time.UTC)}
	users := fakeAccounts{}
	for i := 1; i <= 3; i++ {
		users[fmt.Sprintf("user-%d", i)] = account.User{ID: int64(2000 + i), UserName: fmt.Sprintf("User %d", i)}
	}
	f := newRepairFixture(t, httpapi.UploadLimits{}, lookupLimits(c), func(d *httpapi.Deps) { d.Accounts = tokenAccounts{users: users} })

	t.Run("at most five, with only the name and the address", func(t *testing.T) {
		resp, list := f.companies(t, "user-1", ownerIP, "有限公司") // twenty of the customers are
		require.Equal(t, http.StatusOK, resp.StatusCode)
		assert.Len(t, list, 5)
		for _, co := range list {
			assert.Len(t, co, 2, "%v", co)
			assert.NotEmpty(t, co["companyName"])
			assert.NotEmpty(t, co["companyAddress"], "picking a company fills its address in")
		}
	})
	t.Run("keywords too short to mean something answer nothing", func(t *testing.T) {
		for _, short := range []string{"G", "Gm", "上", " a ", "上 "} {
			resp, list := f.companies(t, "user-1", ownerIP, short)
			require.Equal(t, http.StatusOK, resp.StatusCode)
			assert.Empty(t, list, short)
		}
		for _, long := range []string{"上海", "Gmb", "JAKA"} {
			_, list := f.companies(t, "user-1", ownerIP, long)
			assert.NotEmpty(t, list, long)
		}
	})
	t.Run("limited per user and per client address", func(t *testing.T) {
		f := newRepairFixture(t, httpapi.UploadLimits{}, lookupLimits(c), func(d *httpapi.Deps) { d.Accounts = tokenAccounts{users: users} })
		for i := range 30 {
			resp, _ := f.companies(t, "user-1", strangerIP, fmt.Sprintf("Company %d", i))
			require.Equal(t, http.StatusOK, resp.StatusCode, "lookup %d", i+1)
		}
		resp, _ := f.companies(t, "user-1", strangerIP, "Schmidt")
		assert.Equal(t, http.StatusTooManyRequests, resp.StatusCode, "thirty an hour per user")
		assert.Equal(t, "3600", resp.Header.Get("Retry-After"))
		resp, _ = f.companies(t, "user-1", ownerIP, "Schmidt")
		assert.Equal(t, http.StatusTooManyRequests, resp.StatusCode, "from any address")
		resp, _ = f.companies(t, "user-1", ownerIP, "Sc")
		assert.Equal(t, http.StatusOK, resp.StatusCode, "a short keyword asks nothing and costs nothing")

		for i := range 30 {
			resp, _ := f.companies(t, "user-2", strangerIP, fmt.Sprintf("Company %d", i))
			require.Equal(t, http.StatusOK, resp.StatusCode, "lookup %d", i+1)
		}
		resp, _ = f.companies(t, "user-3", strangerIP, "Schmidt")
		assert.Equal(t, http.StatusTooManyRequests, resp.StatusCode, "sixty an hour from one address")
		resp, list := f.companies(t, "user-3", ownerIP, "Schmidt")
		assert.Equal(t, http.StatusOK, resp.StatusCode, "another address still looks up")
		assert.NotEmpty(t, list)
	})
}
