package itr_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/mocks/itr"
)

// clock is a settable clock for the system under test.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// system is the work-order system on an httptest server.
type system struct {
	t    *testing.T
	url  string
	dir  string
	clk  *clock
	srv  *itr.Server
	http *httptest.Server
}

func newSystem(t *testing.T, opts itr.Options) *system {
	t.Helper()
	clk := &clock{now: time.Date(2026, 11, 21, 1, 30, 0, 0, time.UTC)} // 09:30 in Shanghai
	if opts.Now == nil {
		opts.Now = clk.Now
	}
	if opts.DataDir == "" {
		opts.DataDir = t.TempDir()
	}
	srv, err := itr.New(opts)
	require.NoError(t, err)
	hs := httptest.NewServer(srv)
	t.Cleanup(hs.Close)
	return &system{t: t, url: hs.URL, dir: opts.DataDir, clk: clk, srv: srv, http: hs}
}

// do sends a request and decodes a JSON answer into out (when not nil).
func (s *system) do(method, path string, body io.Reader, contentType string, out any, headers ...string) int {
	s.t.Helper()
	req, err := http.NewRequest(method, s.url+path, body)
	require.NoError(s.t, err)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(s.t, err)
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	require.NoError(s.t, err)
	if out != nil && len(raw) > 0 {
		require.NoError(s.t, json.Unmarshal(raw, out), "%s", raw)
	}
	return resp.StatusCode
}

func (s *system) json(method, path string, in, out any, headers ...string) int {
	s.t.Helper()
	raw, err := json.Marshal(in)
	require.NoError(s.t, err)
	return s.do(method, path, bytes.NewReader(raw), "application/json", out, headers...)
}

// files counts the stored and partial files in the system's directory.
func (s *system) files() (stored, partial int) {
	s.t.Helper()
	var out struct {
		Files        int `json:"files"`
		PartialFiles int `json:"partialFiles"`
	}
	require.Equal(s.t, 200, s.do("GET", "/__admin/attachments", nil, "", &out))
	return out.Files, out.PartialFiles
}

// upload stores data as a file of owner.
func (s *system) upload(owner int64, name string, data []byte) (int, map[string]any) {
	s.t.Helper()
	var out map[string]any
	status := s.do("POST", fmt.Sprintf("/itr/v1/attachments?owner=%d&name=%s", owner, name), bytes.NewReader(data), "application/octet-stream", &out)
	return status, out
}

var (
	pngFile  = append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), bytes.Repeat([]byte{7}, 300)...)
	jpegFile = append([]byte{0xFF, 0xD8, 0xFF, 0xE0}, bytes.Repeat([]byte{1}, 100)...)
	mp4File  = append([]byte("\x00\x00\x00\x18ftypisom\x00\x00\x02\x00isomiso2"), bytes.Repeat([]byte{0}, 2000)...)
	movFile  = append([]byte("\x00\x00\x00\x14ftypqt  \x00\x00\x02\x00qt  "), bytes.Repeat([]byte{0}, 100)...)
	webpFile = append([]byte("RIFF\x24\x00\x00\x00WEBPVP8 "), bytes.Repeat([]byte{0}, 100)...)
)

func TestSniffTellsTheKeptTypesFromTheirBytes(t *testing.T) {
	for _, tc := range []struct {
		name string
		head []byte
		want string
	}{
		{"png", pngFile, "image/png"},
		{"jpeg", jpegFile, "image/jpeg"},
		{"webp", webpFile, "image/webp"},
		{"mp4", mp4File, "video/mp4"},
		{"quicktime", movFile, "video/quicktime"},
		{"old quicktime", []byte("\x00\x00\x00\x08wide\x00\x00\x00\x00mdat"), "video/quicktime"},
		{"heic photo", []byte("\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic"), ""},
		{"gif", []byte("GIF89a\x01\x00\x01\x00"), ""},
		{"pdf named .jpg", []byte("%PDF-1.7\n%âãÏÓ\n1 0 obj"), ""},
		{"html", []byte("<!doctype html><script>alert(1)</script>"), ""},
		{"empty", nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, itr.Sniff(tc.head))
		})
	}
}

func TestUploads201(t *testing.T) {
	s := newSystem(t, itr.Options{})
	for _, tc := range []struct {
		name, file, want string
		data             []byte
	}{
		{"a photo", "fault.png", "image/png", pngFile},
		{"a jpeg whatever its name", "clip.mp4", "image/jpeg", jpegFile},
		{"a video", "clip.mp4", "video/mp4", mp4File},
		{"an iPhone video", "IMG_0001.MOV", "video/quicktime", movFile},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, out := s.upload(1001, tc.file, tc.data)
			require.Equal(t, 201, status, out)
			assert.Regexp(t, `^att_[a-z2-7]{26}$`, out["id"])
			assert.Equal(t, tc.want, out["contentType"])
			assert.Equal(t, tc.file, out["name"])
			assert.EqualValues(t, len(tc.data), out["size"])
			assert.Nil(t, out["workOrder"])
		})
	}
	stored, partial := s.files()
	assert.Equal(t, 4, stored)
	assert.Zero(t, partial)
}

func TestUploadsRefusedLeaveNothingBehind(t *testing.T) {
	s := newSystem(t, itr.Options{MaxImageBytes: 1000, MaxVideoBytes: 5000})
	for _, tc := range []struct {
		name   string
		data   []byte
		status int
		error  string
	}{
		{"an empty file", nil, 400, "empty_file"},
		{"a text file named .png", []byte("hello, this is not a picture"), 415, "unsupported_type"},
		{"a photo over the photo limit", append(pngFile, make([]byte, 1000)...), 413, "too_large"},
		{"a video over the video limit", append(mp4File, make([]byte, 5000)...), 413, "too_large"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, out := s.upload(1001, "x.png", tc.data)
			assert.Equal(t, tc.status, status)
			assert.Equal(t, tc.error, out["error"])
			stored, partial := s.files()
			assert.Zero(t, stored+partial, "nothing is written for a refused upload")
		})
	}

	t.Run("an upload cut off by its sender", func(t *testing.T) {
		pr, pw := io.Pipe()
		sent := make(chan struct{})
		go func() {
			defer close(sent)
			req, _ := http.NewRequest("POST", s.url+"/itr/v1/attachments?owner=1001&name=cut.mp4", pr)
			resp, err := http.DefaultClient.Do(req)
			if err == nil {
				resp.Body.Close()
			}
		}()
		_, err := pw.Write(mp4File)
		require.NoError(t, err)
		require.Eventually(t, func() bool {
			_, partial := s.files()
			return partial == 1
		}, 2*time.Second, 5*time.Millisecond, "the system has started writing the file")
		pw.CloseWithError(errors.New("sender gave up"))
		<-sent
		require.Eventually(t, func() bool {
			stored, partial := s.files()
			return stored+partial == 0
		}, 2*time.Second, 20*time.Millisecond, "the partial file is removed")
	})
}

func TestAttachmentsBelongToTheirOwner(t *testing.T) {
	s := newSystem(t, itr.Options{})
	_, mine := s.upload(1001, "mine.png", pngFile)
	_, theirs := s.upload(2002, "theirs.png", pngFile)
	id, other := mine["id"].(string), theirs["id"].(string)

	t.Run("the owner reads the file, with ranges", func(t *testing.T) {
		req, _ := http.NewRequest("GET", s.url+"/itr/v1/attachments/"+id+"/content?owner=1001", nil)
		req.Header.Set("Range", "bytes=0-7")
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		assert.Equal(t, 206, resp.StatusCode)
		assert.Equal(t, "image/png", resp.Header.Get("Content-Type"))
		assert.Equal(t, pngFile[:8], body)
		assert.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"))
	})
	t.Run("another customer gets 404", func(t *testing.T) {
		assert.Equal(t, 404, s.do("GET", "/itr/v1/attachments/"+other+"/content?owner=1001", nil, "", nil))
		assert.Equal(t, 404, s.do("DELETE", "/itr/v1/attachments/"+other+"?owner=1001", nil, "", nil))
	})
	t.Run("a list names only the owner's", func(t *testing.T) {
		var out struct{ Attachments []map[string]any }
		require.Equal(t, 200, s.do("GET", "/itr/v1/attachments?owner=1001&id="+id+"&id="+other+"&id=att_nope", nil, "", &out))
		require.Len(t, out.Attachments, 1)
		assert.Equal(t, id, out.Attachments[0]["id"])
	})
	t.Run("the owner removes an unused file", func(t *testing.T) {
		assert.Equal(t, 204, s.do("DELETE", "/itr/v1/attachments/"+id+"?owner=1001", nil, "", nil))
		assert.Equal(t, 404, s.do("GET", "/itr/v1/attachments/"+id+"/content?owner=1001", nil, "", nil))
		stored, _ := s.files()
		assert.Equal(t, 1, stored, "only the other customer's file is left")
	})
}

// repairBody is a repair report of owner with the given fault media.
func repairBody(owner int64, media ...string) map[string]any {
	return map[string]any{
		"owner": owner, "type": "repair",
		"robot":    map[string]any{"serialNo": "JAKA-ZU7-2403-001234", "cabinetSerialNo": "JAKA-CAB3-2403-005678", "firstUse": false},
		"fault":    map[string]any{"date": "2026-11-20", "description": "Joint 3 alarm 1104", "media": media},
		"software": map[string]any{"controller": "V2.1.7", "servo": "V3.2.0.14"},
		"customer": map[string]any{"company": "深圳精工", "address": "深圳市宝安区"},
		"contact":  map[string]any{"name": "张工", "phone": "13800138000", "email": "zhang@example.cn"},
	}
}

func TestWorkOrders(t *testing.T) {
	s := newSystem(t, itr.Options{})
	_, photo := s.upload(1001, "fault.png", pngFile)
	_, foreign := s.upload(2002, "x.png", pngFile)

	var first map[string]any
	require.Equal(t, 201, s.json("POST", "/itr/v1/work-orders", repairBody(1001, photo["id"].(string)), &first, "Idempotency-Key", "key-first-report"))
	assert.Equal(t, "SR20261121-0001", first["serviceNumber"])
	assert.Equal(t, "online_report", first["status"])
	assert.EqualValues(t, 5001, first["id"])

	t.Run("the same key is the same order", func(t *testing.T) {
		var again map[string]any
		require.Equal(t, 409, s.json("POST", "/itr/v1/work-orders", repairBody(1001), &again, "Idempotency-Key", "key-first-report"))
		assert.Equal(t, "duplicate", again["error"])
		assert.Equal(t, first["serviceNumber"], again["serviceNumber"])
	})
	t.Run("numbers count per day in Shanghai", func(t *testing.T) {
		var second map[string]any
		require.Equal(t, 201, s.json("POST", "/itr/v1/work-orders", repairBody(1001), &second, "Idempotency-Key", "key-second-report"))
		assert.Equal(t, "SR20261121-0002", second["serviceNumber"])
		s.clk.Add(16 * time.Hour) // 01:30 the next day in Shanghai
		var third map[string]any
		require.Equal(t, 201, s.json("POST", "/itr/v1/work-orders", repairBody(1001), &third))
		assert.Equal(t, "SR20261122-0001", third["serviceNumber"])
	})
	t.Run("refusals", func(t *testing.T) {
		for _, tc := range []struct {
			name   string
			body   map[string]any
			status int
			reason string
			field  string
		}{
			{"another customer's photo", repairBody(1001, foreign["id"].(string)), 422, "attachment_not_found", "fault.media[0]"},
			{"an unknown photo", repairBody(1001, "att_nope"), 422, "attachment_not_found", "fault.media[0]"},
			{"a blank robot code", func() map[string]any {
				b := repairBody(1001)
				b["robot"].(map[string]any)["serialNo"] = "  "
				return b
			}(), 422, "missing_field", "robot.serialNo"},
			{"a consultation with a robot part", map[string]any{"owner": 1001, "type": "consultation",
				"robot":        map[string]any{"serialNo": "x", "cabinetSerialNo": "y", "firstUse": true},
				"consultation": map[string]any{"topic": "t", "question": "q"},
				"contact":      map[string]any{"name": "n", "phone": "1", "email": "a@b.cn"}}, 400, "", "type"},
			{"an unknown field", map[string]any{"owner": 1001, "type": "repair", "colour": "red"}, 400, "", ""},
		} {
			t.Run(tc.name, func(t *testing.T) {
				var out map[string]any
				assert.Equal(t, tc.status, s.json("POST", "/itr/v1/work-orders", tc.body, &out))
				if tc.reason != "" {
					assert.Equal(t, tc.reason, out["reason"])
				}
				if tc.field != "" {
					assert.Equal(t, tc.field, out["field"])
				}
			})
		}
	})
	t.Run("a photo in a work order stays", func(t *testing.T) {
		var out map[string]any
		assert.Equal(t, 409, s.do("DELETE", "/itr/v1/attachments/"+photo["id"].(string)+"?owner=1001", nil, "", &out))
		assert.Equal(t, "SR20261121-0001", out["workOrder"])
	})
	t.Run("the detail shows the owner's order in full", func(t *testing.T) {
		var o map[string]any
		require.Equal(t, 200, s.do("GET", "/itr/v1/work-orders/5001?owner=1001", nil, "", &o))
		assert.Equal(t, "JAKA Zu 7", o["robot"].(map[string]any)["model"])
		media := o["fault"].(map[string]any)["media"].([]any)
		require.Len(t, media, 1)
		assert.Equal(t, "fault.png", media[0].(map[string]any)["name"])
		assert.Len(t, o["history"], 1)
		assert.Equal(t, 404, s.do("GET", "/itr/v1/work-orders/5001?owner=2002", nil, "", nil), "another customer's order is unknown")
		assert.Equal(t, 404, s.do("GET", "/itr/v1/work-orders/9999?owner=1001", nil, "", nil))
	})
}

func TestWorkOrdersMoveThroughTheirStatuses(t *testing.T) {
	s := newSystem(t, itr.Options{})
	var o map[string]any
	require.Equal(t, 201, s.json("POST", "/itr/v1/work-orders", repairBody(1001), &o))
	number := o["serviceNumber"].(string)

	list := func(status string) (total int, items []map[string]any) {
		var out struct {
			Total int
			Items []map[string]any
		}
		require.Equal(t, 200, s.do("GET", "/itr/v1/work-orders?owner=1001&status="+status, nil, "", &out))
		return out.Total, out.Items
	}
	open, _ := list("open")
	closed, _ := list("closed")
	assert.Equal(t, []int{1, 0}, []int{open, closed})

	for _, want := range []string{"in_service", "service_completed"} {
		s.clk.Add(time.Hour)
		var adv map[string]any
		require.Equal(t, 200, s.do("POST", "/__admin/orders/"+number+"/advance", nil, "", &adv))
		assert.Equal(t, want, adv["status"])
	}
	assert.Equal(t, 409, s.do("POST", "/__admin/orders/"+number+"/advance", nil, "", nil), "completed is the last status")
	assert.Equal(t, 404, s.do("POST", "/__admin/orders/SR20990101-0001/advance", nil, "", nil))

	open, _ = list("open")
	closed, items := list("closed")
	assert.Equal(t, []int{0, 1}, []int{open, closed})
	assert.Equal(t, "service_completed", items[0]["status"])

	var detail struct{ History []struct{ Status, At string } }
	require.Equal(t, 200, s.do("GET", "/itr/v1/work-orders/5001?owner=1001", nil, "", &detail))
	require.Len(t, detail.History, 3)
	assert.Equal(t, "2026-11-21T01:30:00Z", detail.History[0].At)
	assert.Equal(t, "2026-11-21T02:30:00Z", detail.History[1].At)
	assert.Equal(t, "2026-11-21T03:30:00Z", detail.History[2].At)
}

func TestTheClockMovesOrdersInDemoMode(t *testing.T) {
	s := newSystem(t, itr.Options{AutoAdvance: 2 * time.Minute})
	var o map[string]any
	require.Equal(t, 201, s.json("POST", "/itr/v1/work-orders", repairBody(1001), &o))
	status := func() string {
		var d map[string]any
		require.Equal(t, 200, s.do("GET", "/itr/v1/work-orders/5001?owner=1001", nil, "", &d))
		return d["status"].(string)
	}
	assert.Equal(t, "online_report", status())
	s.clk.Add(2 * time.Minute)
	assert.Equal(t, "in_service", status())
	s.clk.Add(time.Hour)
	assert.Equal(t, "service_completed", status())
	var d struct{ History []struct{ At string } }
	s.do("GET", "/itr/v1/work-orders/5001?owner=1001", nil, "", &d)
	assert.Equal(t, "2026-11-21T01:34:00Z", d.History[2].At, "dated when it fell due")
}

func TestListsArePagedNewestFirst(t *testing.T) {
	s := newSystem(t, itr.Options{})
	for i := 0; i < 5; i++ {
		require.Equal(t, 201, s.json("POST", "/itr/v1/work-orders", repairBody(1001), nil))
		s.clk.Add(time.Minute)
	}
	require.Equal(t, 201, s.json("POST", "/itr/v1/work-orders", repairBody(2002), nil))
	var page struct {
		Total int
		Items []struct{ ServiceNumber string }
	}
	require.Equal(t, 200, s.do("GET", "/itr/v1/work-orders?owner=1001&page=2&size=2", nil, "", &page))
	assert.Equal(t, 5, page.Total, "only the owner's orders")
	require.Len(t, page.Items, 2)
	assert.Equal(t, "SR20261121-0003", page.Items[0].ServiceNumber)
	assert.Equal(t, "SR20261121-0002", page.Items[1].ServiceNumber)
	assert.Equal(t, 400, s.do("GET", "/itr/v1/work-orders?owner=1001&status=pending", nil, "", nil))
	assert.Equal(t, 400, s.do("GET", "/itr/v1/work-orders", nil, "", nil), "owner is required")
}

func TestCompanies(t *testing.T) {
	s := newSystem(t, itr.Options{})
	var out struct {
		Companies []struct{ Name, Address string }
	}
	require.Equal(t, 200, s.do("GET", "/itr/v1/companies?q=%E4%B8%8A%E6%B5%B7", nil, "", &out)) // 上海
	require.NotEmpty(t, out.Companies)
	for _, c := range out.Companies {
		assert.Contains(t, c.Name, "上海")
		assert.NotEmpty(t, c.Address)
	}
	require.Equal(t, 200, s.do("GET", "/itr/v1/companies?q=gmbh&limit=2", nil, "", &out))
	assert.Len(t, out.Companies, 2, "case-insensitive, limited")
	require.Equal(t, 200, s.do("GET", "/itr/v1/companies?q=nobody-has-this-name", nil, "", &out))
	assert.Empty(t, out.Companies)
	assert.Equal(t, 400, s.do("GET", "/itr/v1/companies", nil, "", nil))
}

func TestStateSurvivesARestartAndCrashLeftoversGo(t *testing.T) {
	dir := t.TempDir()
	s := newSystem(t, itr.Options{DataDir: dir})
	_, photo := s.upload(1001, "a.png", pngFile)
	require.Equal(t, 201, s.json("POST", "/itr/v1/work-orders", repairBody(1001, photo["id"].(string)), nil, "Idempotency-Key", "key-survives-restart"))
	s.http.Close()
	// A crash in the middle of an upload leaves a partial file.
	require.NoError(t, os.WriteFile(filepath.Join(dir, "itr", "files", ".upload-123.part"), []byte("half"), 0o644))

	again := newSystem(t, itr.Options{DataDir: dir})
	stored, partial := again.files()
	assert.Equal(t, 1, stored)
	assert.Zero(t, partial)
	var dup map[string]any
	assert.Equal(t, 409, again.json("POST", "/itr/v1/work-orders", repairBody(1001), &dup, "Idempotency-Key", "key-survives-restart"))
	assert.Equal(t, "SR20261121-0001", dup["serviceNumber"])
}

func TestUnusedFilesAreSweptAfterADay(t *testing.T) {
	s := newSystem(t, itr.Options{})
	_, used := s.upload(1001, "used.png", pngFile)
	_, _ = s.upload(1001, "forgotten.png", pngFile)
	require.Equal(t, 201, s.json("POST", "/itr/v1/work-orders", repairBody(1001, used["id"].(string)), nil))
	s.clk.Add(25 * time.Hour)
	_, _ = s.upload(1001, "new.png", pngFile)
	stored, _ := s.files()
	assert.Equal(t, 2, stored, "the file of the work order and the new one")
}

func TestTheDemoSeed(t *testing.T) {
	s := newSystem(t, itr.Options{Seed: true})
	var out struct {
		Total int
		Items []map[string]any
	}
	require.Equal(t, 200, s.do("GET", fmt.Sprintf("/itr/v1/work-orders?owner=%d", itr.DemoOwner), nil, "", &out))
	assert.Equal(t, 3, out.Total)
	statuses := []string{}
	for _, it := range out.Items {
		statuses = append(statuses, it["status"].(string))
	}
	assert.Equal(t, []string{"online_report", "in_service", "service_completed"}, statuses)
	require.Equal(t, 200, s.do("GET", "/itr/v1/work-orders?owner=1002", nil, "", &out))
	assert.Zero(t, out.Total)
	assert.True(t, strings.HasPrefix(fmt.Sprint(out.Items), "["))
}
