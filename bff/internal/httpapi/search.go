package httpapi

import (
	"context"
	"net/http"
	"strings"

	"github.com/jakarobotics/website/bff/internal/contentsvc"
)

// search answers bffSearch: the content service's search (contentsvc.Service.Search), kept as
// long as news is.
func (s *Server) search(w http.ResponseWriter, r *http.Request) {
	query := strings.TrimSpace(r.URL.Query().Get("q"))
	s.serveContent(w, r, contentsvc.News, func(ctx context.Context, locale, previewToken string) ([]byte, error) {
		return s.contents.Search(ctx, query, locale, previewToken)
	})
}
