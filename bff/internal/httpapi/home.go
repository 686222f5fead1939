package httpapi

import (
	"net/http"

	"github.com/jakarobotics/website/bff/internal/contentsvc"
)

// home answers bffHome: the home page's reads joined by the content service
// (contentsvc.Service.Home), kept as long as news is.
func (s *Server) home(w http.ResponseWriter, r *http.Request) {
	s.serveContent(w, r, contentsvc.News, s.contents.Home)
}
