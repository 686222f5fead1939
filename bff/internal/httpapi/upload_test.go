package httpapi_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/jakarobotics/website/bff/internal/httpapi"
)

func TestRepairOperationsNeedALogin(t *testing.T) {
	f := newRepairFixture(t, httpapi.UploadLimits{})
	for _, tc := range []struct {
		method, path, template, body string
	}{
		{"POST", "/api/itr/addWorkOrder", "/api/itr/addWorkOrder", consultation},
		{"POST", "/api/itr/processList", "/api/itr/processList", `{"pageNum":1,"pageSize":10}`},
		{"GET", "/api/itr/detail/5001", "/api/itr/detail/{id}", ""},
		{"POST", "/api/itr/companyList", "/api/itr/companyList", `{"keyword":"上海"}`},
		{"DELETE", "/api/itr/upload/att_x", "/api/itr/upload/{uploadId}", ""},
	} {
		t.Run(tc.path, func(t *testing.T) {
			resp, env := f.call(t, tc.method, tc.path, tc.template, tc.body)
			assert.Equal(t, http.StatusUnauthorized, resp.StatusCode)
			assert.Equal(t, "account.not_logged_in", env.ErrorKey)
			resp, env = f.call(t, tc.method, tc.path, tc.template, tc.body, "token", "expired-token")
			assert.Equal(t, http.StatusUnauthorized, resp.StatusCode)
			assert.Equal(t, "account.token_expired", env.ErrorKey)
		})
	}
	resp, env := f.upload(t, "", "a.png", "image/png", pngPhoto)
	assert.Equal(t, http.StatusUnauthorized, resp.StatusCode)
	assert.Equal(t, "account.not_logged_in", env.ErrorKey)
	stored, _ := f.itrFiles(t)
	assert.Zero(t, stored)
	assert.Empty(t, f.itrOrders(t), "no work order is filed without a login")
}

func TestUploads200(t *testing.T) {
	f := newRepairFixture(t, httpapi.UploadLimits{})
	for _, tc := range []struct {
		name, file, declared, want string
		data                       []byte
	}{
		{"a PNG photo", "alarm.png", "image/png", "image/png", pngPhoto},
		{"a JPEG declared as something else", "photo.heic", "image/heic", "image/jpeg", jpegPhoto},
		{"a WebP photo", "screen.webp", "image/webp", "image/webp", webpPhoto},
		{"an MP4 video", "noise.mp4", "video/mp4", "video/mp4", mp4Video},
		{"an iPhone video", "IMG_0042.MOV", "video/quicktime", "video/quicktime", movVideo},
		{"a file without a name", "", "application/octet-stream", "image/png", pngPhoto},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp, env := f.upload(t, annaToken, tc.file, tc.declared, tc.data)
			require.Equal(t, http.StatusOK, resp.StatusCode, env.Msg)
			var u uploaded
			require.NoError(t, json.Unmarshal(env.Data, &u))
			assert.Regexp(t, `^att_[a-z2-7]+$`, u.ID)
			assert.Equal(t, tc.want, u.ContentType)
			assert.EqualValues(t, len(tc.data), u.Size)
			if tc.file != "" {
				assert.Equal(t, tc.file, u.Name)
			} else {
				assert.Equal(t, "file.png", u.Name)
			}
			assert.Regexp(t, `^/repair-files/`+u.ID+`\?t=[A-Za-z0-9_-]+$`, u.URL)

			// The preview link shows the file as its bytes say, in ranges too.
			got, err := http.Get(f.bff.URL + u.URL)
			require.NoError(t, err)
			body, _ := io.ReadAll(got.Body)
			got.Body.Close()
			assert.Equal(t, http.StatusOK, got.StatusCode)
			assert.Equal(t, tc.want, got.Header.Get("Content-Type"))
			assert.Equal(t, "nosniff", got.Header.Get("X-Content-Type-Options"))
			assert.Equal(t, httpapi.MediaCSP, got.Header.Get("Content-Security-Policy"), "never run as a page")
			assert.Contains(t, got.Header.Get("Cache-Control"), "private")
			assert.Equal(t, tc.data, body)
			req, _ := http.NewRequest("GET", f.bff.URL+u.URL, nil)
			req.Header.Set("Range", "bytes=4-11")
			got, err = http.DefaultClient.Do(req)
			require.NoError(t, err)
			body, _ = io.ReadAll(got.Body)
			got.Body.Close()
			assert.Equal(t, http.StatusPartialContent, got.StatusCode)
			assert.Equal(t, tc.data[4:12], body)
		})
	}
}

func TestUploadsRefusedLeaveNothingBehind(t *testing.T) {
	f := newRepairFixture(t, httpapi.UploadLimits{ImageBytes: 64 << 10, VideoBytes: 256 << 10})
	bigPhoto := append(append([]byte(nil), pngPhoto...), make([]byte, 64<<10)...)
	bigVideo := append(append([]byte(nil), mp4Video...), make([]byte, 256<<10)...)

	t.Run("400", func(t *testing.T) {
		for _, tc := range []struct {
			name, lang, key, field, message string
			parts                           []formPart
			contentType                     string
		}{
			{"a file of 0 bytes", "en", "upload.empty", "file", "The file is empty. Please choose another file.",
				[]formPart{{field: "file", fileName: "empty.jpg", declared: "image/jpeg"}}, ""},
			{"a form without a file", "zh", "request.invalid", "file", "请选择文件", nil, ""},
			{"another field", "en", "request.invalid", "comment", "is not a field of this form",
				[]formPart{{field: "comment", data: []byte("hello")}, {field: "file", fileName: "a.png", declared: "image/png", data: pngPhoto}}, ""},
			{"a body that is not a form", "en", "request.invalid", "body", "must be a multipart/form-data form", nil, "application/json"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				body, ct := multipartForm(t, tc.parts...)
				if tc.contentType != "" {
					body, ct = []byte(`{"file":"x"}`), tc.contentType
				}
				req, _ := http.NewRequest("POST", f.bff.URL+"/prod-api/api/itr/upload", bytes.NewReader(body))
				req.Header.Set("Content-Type", ct)
				req.Header.Set("token", annaToken)
				req.Header.Set("lang", tc.lang)
				resp, env := f.send(t, req, "/api/itr/upload")
				assert.Equal(t, http.StatusBadRequest, resp.StatusCode)
				assert.Equal(t, tc.key, env.ErrorKey)
				require.NotEmpty(t, env.Errors)
				assert.Equal(t, tc.field, env.Errors[0].Field)
				assert.Equal(t, tc.message, env.Errors[0].Message)
			})
		}
	})

	t.Run("415", func(t *testing.T) {
		for _, tc := range []struct {
			name, file, declared string
			data                 []byte
		}{
			{"a text file named and declared as a photo", "photo.jpg", "image/jpeg", []byte("this is not a photo at all, whatever the name says")},
			{"a PDF declared as a video", "clip.mp4", "video/mp4", []byte("%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n")},
			{"an HTML page declared as a PNG", "x.png", "image/png", []byte("<!doctype html><script>alert(document.cookie)</script>")},
			{"a GIF", "anim.gif", "image/gif", []byte("GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!")},
			{"an HEIC photo", "IMG_1.HEIC", "image/heic", []byte("\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic")},
		} {
			t.Run(tc.name, func(t *testing.T) {
				resp, env := f.upload(t, annaToken, tc.file, tc.declared, tc.data, "lang", "de")
				assert.Equal(t, http.StatusUnsupportedMediaType, resp.StatusCode)
				assert.Equal(t, "upload.unsupported_type", env.ErrorKey)
				assert.Contains(t, env.Msg, "Dieser Dateityp wird nicht unterstützt")
				require.Len(t, env.Errors, 1)
				assert.Equal(t, "file", env.Errors[0].Field)
			})
		}
	})

	t.Run("413", func(t *testing.T) {
		for _, tc := range []struct {
			name, lang, message string
			data                []byte
			chunked             bool
		}{
			{"a photo over the photo limit", "en", "A photo may be at most 64 KB.", bigPhoto, false},
			{"a video over the video limit", "zh", "视频不能超过 256 KB", bigVideo, false},
			{"a photo over the limit, sent without a length", "ja", "画像は 64 KB までです。", bigPhoto, true},
			{"a video over the limit, sent without a length", "en", "A video may be at most 256 KB.", bigVideo, true},
			{"a photo of the size of a video", "en", "A photo may be at most 64 KB.", append(append([]byte(nil), pngPhoto...), make([]byte, 200<<10)...), true},
		} {
			t.Run(tc.name, func(t *testing.T) {
				body, ct := multipartForm(t, formPart{field: "file", fileName: "big", declared: "image/png", data: tc.data})
				var rd io.Reader = bytes.NewReader(body)
				if tc.chunked {
					rd = io.MultiReader(rd) // hides the length: the request is sent chunked
				}
				req, _ := http.NewRequest("POST", f.bff.URL+"/prod-api/api/itr/upload", rd)
				req.Header.Set("Content-Type", ct)
				req.Header.Set("token", annaToken)
				req.Header.Set("lang", tc.lang)
				resp, env := f.send(t, req, "/api/itr/upload")
				assert.Equal(t, http.StatusRequestEntityTooLarge, resp.StatusCode)
				assert.Equal(t, "upload.too_large", env.ErrorKey)
				require.Len(t, env.Errors, 1)
				assert.Equal(t, tc.message, env.Errors[0].Message)
			})
		}
	})

	t.Run("an upload cut off by the browser", func(t *testing.T) {
		before := f.uploadBytes.Load()
		pr, pw := io.Pipe()
		mw := multipart.NewWriter(pw)
		go func() {
			h := textproto.MIMEHeader{}
			h.Set("Content-Disposition", `form-data; name="file"; filename="cut.mp4"`)
			part, _ := mw.CreatePart(h)
			_, _ = part.Write(mp4Video)
		}()
		req, _ := http.NewRequest("POST", f.bff.URL+"/prod-api/api/itr/upload", pr)
		req.Header.Set("Content-Type", mw.FormDataContentType())
		req.Header.Set("token", annaToken)
		done := make(chan struct{})
		go func() {
			defer close(done)
			if resp, err := http.DefaultClient.Do(req); err == nil {
				resp.Body.Close()
			}
		}()
		// The tab closes once the start of the video has reached the work-order system, which
		// has begun writing it.
		require.Eventually(t, func() bool { return f.uploadBytes.Load() > before }, 5*time.Second, 5*time.Millisecond,
			"the start of the video reaches the system")
		pw.CloseWithError(fmt.Errorf("the browser tab was closed"))
		<-done
	})

	assert.Positive(t, f.uploadBytes.Load(), "files sent without a length reach the system before they are cut off")
	// The work-order system writes each upload to a temporary file and removes it when the
	// stream breaks off: wait for the last removals.
	assert.Eventually(t, func() bool {
		stored, partial := f.itrFiles(t)
		return stored+partial == 0
	}, 3*time.Second, 20*time.Millisecond, "nothing is written for a refused upload")
}

// patternReader produces n bytes of a video without holding them: an MP4 header, then a
// repeating pattern.
type patternReader struct {
	n, off int64
}

func (p *patternReader) Read(b []byte) (int, error) {
	if p.off >= p.n {
		return 0, io.EOF
	}
	if int64(len(b)) > p.n-p.off {
		b = b[:p.n-p.off]
	}
	for i := range b {
		at := p.off + int64(i)
		if at < int64(len(mp4Video)) {
			b[i] = mp4Video[at]
		} else {
			b[i] = byte(at * 7)
		}
	}
	p.off += int64(len(b))
	return len(b), nil
}

// A 64 MiB video goes through the BFF as a stream: the work-order system has most of the first
// half before the browser sends the second, and the BFF process allocates far less than the
// video's size along the way.
func TestLargeVideosAreStreamedNotBuffered(t *testing.T) {
	const size = 64 << 20
	f := newRepairFixture(t, httpapi.UploadLimits{})
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	secondHalf := make(chan struct{})
	go func() {
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", `form-data; name="file"; filename="long.mp4"`)
		h.Set("Content-Type", "video/mp4")
		part, _ := mw.CreatePart(h)
		video := &patternReader{n: size}
		buf := make([]byte, 256<<10)
		if _, err := io.CopyBuffer(part, io.LimitReader(video, size/2), buf); err != nil {
			pw.CloseWithError(err)
			return
		}
		<-secondHalf
		if _, err := io.CopyBuffer(part, video, buf); err != nil {
			pw.CloseWithError(err)
			return
		}
		pw.CloseWithError(mw.Close())
	}()
	go func() {
		// The system has received most of the first half while the second is not sent yet:
		// nothing between them waits for the whole file. (If the BFF buffered the body, this
		// never happens and the test times out.)
		deadline := time.Now().Add(20 * time.Second)
		for f.uploadBytes.Load() < size/2-(1<<20) && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		close(secondHalf)
	}()

	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	req, _ := http.NewRequest("POST", f.bff.URL+"/prod-api/api/itr/upload", pr)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("token", annaToken)
	start := time.Now()
	resp, env := f.send(t, req, "/api/itr/upload")
	runtime.ReadMemStats(&after)
	require.Equal(t, http.StatusOK, resp.StatusCode, env.Msg)
	var u uploaded
	require.NoError(t, json.Unmarshal(env.Data, &u))
	assert.EqualValues(t, size, u.Size)
	assert.Equal(t, "video/mp4", u.ContentType)
	assert.GreaterOrEqual(t, f.uploadBytes.Load(), int64(size))

	allocated := after.TotalAlloc - before.TotalAlloc
	t.Logf("64 MiB video in %s; allocated %.1f MiB in the test process (client, BFF and work-order system together)",
		time.Since(start).Round(time.Millisecond), float64(allocated)/(1<<20))
	assert.Less(t, allocated, uint64(size/4), "the video is never held whole")
}

// linkClock is the BFF's clock in tests of signed links: it stands still until moved.
type linkClock struct {
	mu sync.Mutex
	t  time.Time
}

func newLinkClock() *linkClock { return &linkClock{t: time.Now()} }

func (c *linkClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *linkClock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// deps gives the BFF the clock.
func (c *linkClock) deps(d *httpapi.Deps) { d.Clock = c.Now }

func TestPreviewLinks(t *testing.T) {
	clock := newLinkClock()
	f := newRepairFixture(t, httpapi.UploadLimits{URLTTL: time.Hour}, clock.deps)
	mine := f.mustUpload(t, annaToken, "mine.png", pngPhoto)

	get := func(link string) int {
		resp, err := http.Get(f.bff.URL + link)
		require.NoError(t, err)
		resp.Body.Close()
		return resp.StatusCode
	}
	assert.Equal(t, http.StatusOK, get(mine.URL))

	t.Run("a link for another file does not open it", func(t *testing.T) {
		theirs := f.mustUpload(t, benToken, "theirs.png", pngPhoto)
		token := strings.SplitN(mine.URL, "?", 2)[1]
		assert.Equal(t, http.StatusNotFound, get("/repair-files/"+theirs.ID+"?"+token))
	})
	t.Run("a forged token does not open it", func(t *testing.T) {
		forged := []byte(mine.URL)
		forged[len(forged)-3] ^= 1
		assert.Equal(t, http.StatusNotFound, get(string(forged)))
		assert.Equal(t, http.StatusNotFound, get("/repair-files/"+mine.ID))
	})
	t.Run("an expired link does not open it", func(t *testing.T) {
		clock.Add(61 * time.Minute)
		assert.Equal(t, http.StatusNotFound, get(mine.URL))
	})
}

func TestUploadsCanBeRemovedBeforeTheReportIsSent(t *testing.T) {
	f := newRepairFixture(t, httpapi.UploadLimits{})
	photo := f.mustUpload(t, annaToken, "wrong-photo.png", pngPhoto)
	kept := f.mustUpload(t, annaToken, "right-photo.png", pngPhoto)

	resp, env := f.call(t, "DELETE", "/api/itr/upload/"+photo.ID, "/api/itr/upload/{uploadId}", "", "token", benToken)
	assert.Equal(t, http.StatusNotFound, resp.StatusCode, "another user cannot remove it")
	assert.Equal(t, "upload.not_found", env.ErrorKey)
	status, body := f.preview(t, photo.URL)
	assert.Equal(t, http.StatusOK, status, "it is still there")
	assert.Equal(t, pngPhoto, body)

	resp, _ = f.call(t, "DELETE", "/api/itr/upload/"+photo.ID, "/api/itr/upload/{uploadId}", "", "token", annaToken)
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	got, err := http.Get(f.bff.URL + photo.URL)
	require.NoError(t, err)
	got.Body.Close()
	assert.Equal(t, http.StatusNotFound, got.StatusCode, "its preview is gone")
	resp, env = f.call(t, "DELETE", "/api/itr/upload/"+photo.ID, "/api/itr/upload/{uploadId}", "", "token", annaToken, "lang", "fr")
	assert.Equal(t, http.StatusNotFound, resp.StatusCode)
	assert.Equal(t, "Ce fichier n’existe pas ou a été supprimé.", env.Msg)

	_, env = f.call(t, "POST", "/api/itr/addWorkOrder", "/api/itr/addWorkOrder", repairReport(kept.ID), "token", annaToken)
	require.True(t, env.Success, env.Msg)
	resp, env = f.call(t, "DELETE", "/api/itr/upload/"+kept.ID, "/api/itr/upload/{uploadId}", "", "token", annaToken)
	assert.Equal(t, http.StatusConflict, resp.StatusCode, "a file of a submitted report stays")
	assert.Equal(t, "upload.in_use", env.ErrorKey)
	status, body = f.preview(t, kept.URL)
	assert.Equal(t, http.StatusOK, status, "and is still shown")
	assert.Equal(t, pngPhoto, body)
	stored, _ := f.itrFiles(t)
	assert.Equal(t, 1, stored, "the system holds the kept file and nothing of the removed one")
}

// The work-order system has limits of its own: a file within the BFF's limit but over the
// system's is refused as too large all the same, and leaves nothing behind.
func TestTheSystemsOwnLimitIsReportedAsTooLarge(t *testing.T) {
	t.Setenv("ITR_MAX_IMAGE_BYTES", "65536")
	f := newRepairFixture(t, httpapi.UploadLimits{})
	photo := append(append([]byte(nil), pngPhoto...), make([]byte, 1<<20)...)
	resp, env := f.upload(t, annaToken, "big.png", "image/png", photo, "lang", "en")
	assert.Equal(t, http.StatusRequestEntityTooLarge, resp.StatusCode)
	assert.Equal(t, "upload.too_large", env.ErrorKey)
	require.Len(t, env.Errors, 1)
	assert.Equal(t, "A photo may be at most 64 KB.", env.Errors[0].Message, "the lower limit is the one that counts")
	assert.Eventually(t, func() bool {
		stored, partial := f.itrFiles(t)
		return stored+partial == 0
	}, 3*time.Second, 20*time.Millisecond)
}

// A file name is shown to the user and to the service staff as the uploader wrote it, except
// for what would make it read as another name: bidirectional controls, control characters and
// line breaks are dropped.
func TestUploadNamesLoseBidiAndControlCharacters(t *testing.T) {
	f := newRepairFixture(t, httpapi.UploadLimits{})
	for sent, want := range map[string]string{
		"photo\u202Egnp.exe":                "photognp.exe",
		"\u2066x\u2069\u2067y\u2068z.png":   "xyz.png",
		"a\u200Eb\u200Fc\u061Cd\u202Ae.png": "abcde.png",
		"line\u2028break\u2029here.png":     "linebreakhere.png",
		"报修照片.png":                          "报修照片.png",
		// Control characters cannot be sent raw in a part's header, but can percent-encoded.
		"*=UTF-8''tab%09here%7F%00.png": "tabhere.png",
	} {
		var body bytes.Buffer
		boundary := "b0undary"
		param := `filename="` + sent + `"`
		if strings.HasPrefix(sent, "*=") {
			param = "filename" + sent
		}
		fmt.Fprintf(&body, "--%s\r\nContent-Disposition: form-data; name=\"file\"; %s\r\nContent-Type: image/png\r\n\r\n", boundary, param)
		body.Write(pngPhoto)
		fmt.Fprintf(&body, "\r\n--%s--\r\n", boundary)
		req, err := http.NewRequest("POST", f.bff.URL+"/prod-api/api/itr/upload", &body)
		require.NoError(t, err)
		req.Header.Set("Content-Type", "multipart/form-data; boundary="+boundary)
		req.Header.Set("token", annaToken)
		resp, env := f.send(t, req, "/api/itr/upload")
		require.Equal(t, http.StatusOK, resp.StatusCode, "%q: %s", sent, env.Msg)
		var u uploaded
		require.NoError(t, json.Unmarshal(env.Data, &u))
		assert.Equal(t, want, u.Name, "%q", sent)
	}
}
