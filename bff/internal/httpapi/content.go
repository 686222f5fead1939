package httpapi

import (
	"net/http"
	"net/url"
	"strconv"

	"github.com/go-chi/chi/v5"

	"github.com/jakarobotics/website/bff/internal/upstream/content"
)

// readContent answers with the CMS resource that req names, wrapped in the success envelope.
func (s *Server) readContent(w http.ResponseWriter, r *http.Request, req content.Request) {
	req.Locale = string(requestLang(r))
	data, err := s.Content.Get(r.Context(), req)
	if err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	writeRaw(w, r, data)
}

// pageQuery is the body of the legacy list calls.
type pageQuery struct {
	PageNum  int `json:"pageNum"`
	PageSize int `json:"pageSize"`
}

// cmsPage translates the site's page numbering into the CMS's offset and limit.
func cmsPage(p pageQuery) url.Values {
	return url.Values{
		"offset": {strconv.Itoa((p.PageNum - 1) * p.PageSize)},
		"limit":  {strconv.Itoa(p.PageSize)},
	}
}

func (s *Server) languageList(w http.ResponseWriter, r *http.Request) {
	var page pageQuery
	if err := decodeJSON(r, &page); err != nil {
		writeError(w, r, s.Log, err)
		return
	}
	s.readContent(w, r, content.Request{Resource: "/languages", Query: cmsPage(page)})
}

func (s *Server) buildProgramaTree(w http.ResponseWriter, r *http.Request) {
	s.readContent(w, r, content.Request{Resource: "/menus/" + chi.URLParam(r, "id")})
}

func (s *Server) bannerAllList(w http.ResponseWriter, r *http.Request) {
	// status can only be 0 (published), which is all the CMS ever shows outside previews.
	q := url.Values{"placement": {r.URL.Query().Get("type")}}
	s.readContent(w, r, content.Request{Resource: "/banners", Query: q})
}
