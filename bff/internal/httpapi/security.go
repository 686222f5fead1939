package httpapi

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/jakarobotics/website/bff/internal/oapi"
	"github.com/jakarobotics/website/bff/internal/pages"
)

// The browser-side defences every answer carries: the web app, /prod-api (cached answers
// included), the CMS's media and the repair files. They are set before anything else runs, so
// that no handler can answer without them.

// AppCSP is the content security policy of the site: scripts, styles, pictures and calls only
// from the site itself, no plug-ins, no framing, forms and <base> only to the site.
//
//   - script-src: the built app is script files only (no inline script, no eval). The messaging
//     app's JS SDK (web/src/lib/mini-program.ts) is the one script from elsewhere, allowed only
//     to requests from inside the mini-program (MiniProgramCSP), which alone load it.
//   - style-src 'unsafe-inline': the toaster (sonner) writes its styles in a <style> element
//     on every page, and the dialogs' scroll lock (react-remove-scroll, under Radix's dialogs)
//     one with measured values, so no hash can list them; styles cannot run script.
//   - img-src data: blob: — the app's CSS draws icons from data: URLs, and pictures a visitor
//     picks are previewed from blob: URLs.
const AppCSP = "default-src 'self'; script-src 'self'; " + appCSPRest

// MiniProgramCSP is AppCSP inside the mini-program (pages.IsMiniProgram): its SDK's origin may
// serve scripts there and nowhere else. Pages say Vary: User-Agent.
const MiniProgramCSP = "default-src 'self'; script-src 'self' https://res.wx.qq.com; " + appCSPRest

// appCSPRest is what AppCSP and MiniProgramCSP share after script-src.
const appCSPRest = "style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob:; media-src 'self' blob:; font-src 'self'; connect-src 'self'; " +
	"object-src 'none'; base-uri 'self'; frame-ancestors 'none'; form-action 'self'"

// APICSP is the policy of /prod-api's JSON answers: a document that loads nothing and that no
// page may frame, should one be opened on its own. The app's longer policy would only add bytes
// to every answer of the busiest path; Permissions-Policy and Cross-Origin-Opener-Policy govern
// documents that run script, which a JSON answer under this policy cannot be.
const APICSP = "default-src 'none'; frame-ancestors 'none'"

// MediaCSP is the policy of files that are not the site's pages: CMS media (SVG pictures can
// hold scripts and are served from the site's origin) and repair files. Opened on their own,
// they are sandboxed documents that run nothing and reach nothing but their own pictures.
const MediaCSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox"

// PermissionsPolicy turns off the powerful features the site does not use. Clipboard writes
// (copy a link), sharing and full-screen video keep their default, the site itself.
const PermissionsPolicy = "accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), " +
	"hid=(), magnetometer=(), microphone=(), midi=(), payment=(), serial=(), usb=(), browsing-topics=()"

// Header values shared by every answer. net/http only reads header slices, so sharing them
// between responses is safe and saves an allocation per header per request (as the cache's
// answers do).
var (
	appCSP            = []string{AppCSP}
	miniProgramCSP    = []string{MiniProgramCSP}
	apiCSP            = []string{APICSP}
	mediaCSP          = []string{MediaCSP}
	nosniff           = []string{"nosniff"}
	referrerPolicy    = []string{"strict-origin-when-cross-origin"}
	permissionsPolicy = []string{PermissionsPolicy}
	openerPolicy      = []string{"same-origin"}
)

// apiPrefix starts the paths of the JSON operations.
const apiPrefix = oapi.BasePath + "/"

// hstsValue is the Strict-Transport-Security header of maxAge, or nil (none sent) for 0.
func hstsValue(maxAge time.Duration) []string {
	if maxAge <= 0 {
		return nil
	}
	return []string{"max-age=" + strconv.FormatInt(int64(maxAge/time.Second), 10)}
}

// securityHeaders sets the browser-side defences on every answer before next runs.
func (s *Server) securityHeaders(next http.Handler) http.Handler {
	hsts := hstsValue(s.HSTSMaxAge)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		// The hooks answer other systems in JSON, as the API answers browsers.
		if strings.HasPrefix(r.URL.Path, apiPrefix) || strings.HasPrefix(r.URL.Path, HooksPrefix) {
			h["Content-Security-Policy"] = apiCSP
			h["X-Content-Type-Options"] = nosniff
			h["Referrer-Policy"] = referrerPolicy
			if hsts != nil {
				h["Strict-Transport-Security"] = hsts
			}
			next.ServeHTTP(w, r)
			return
		}
		if strings.HasPrefix(r.URL.Path, MediaPrefix) || strings.HasPrefix(r.URL.Path, RepairFilePrefix) {
			h["Content-Security-Policy"] = mediaCSP
		} else if pages.IsMiniProgram(r) {
			h["Content-Security-Policy"] = miniProgramCSP
		} else {
			h["Content-Security-Policy"] = appCSP
		}
		// No X-Frame-Options: frame-ancestors says it to every browser the site supports, and
		// each header more costs every answer (the cache's too).
		h["X-Content-Type-Options"] = nosniff
		h["Referrer-Policy"] = referrerPolicy
		h["Permissions-Policy"] = permissionsPolicy
		h["Cross-Origin-Opener-Policy"] = openerPolicy
		if hsts != nil {
			h["Strict-Transport-Security"] = hsts
		}
		next.ServeHTTP(w, r)
	})
}

// upstreamSecurityHeaders are the headers of a proxied answer that the site decides itself: the
// CMS's own say on them is dropped, so that the site's policy is the one in force, and a media
// file sets no cookie on the site's origin.
var upstreamSecurityHeaders = []string{
	"Content-Security-Policy", "Content-Security-Policy-Report-Only", "X-Content-Type-Options", "X-Frame-Options",
	"Referrer-Policy", "Permissions-Policy", "Cross-Origin-Opener-Policy", "Strict-Transport-Security", "Set-Cookie",
}
