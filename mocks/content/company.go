package content

import "net/http"

// company holds site info, column pages and articles, legal texts, offices, milestones, jobs, the academy, dealers, dictionaries, the industry code list and custom forms.
type company struct{}

func loadCompany() (*company, error) { return &company{}, nil }

// registerCompany adds the company resources to mux.
func (s *server) registerCompany(mux *http.ServeMux) {}
