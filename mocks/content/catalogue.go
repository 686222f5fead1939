package content

import "net/http"

// catalogue holds products, product lines, comparison, solutions (industries, applications, product levels), cases, the home page and JAKA+ partners.
type catalogue struct{}

func loadCatalogue() (*catalogue, error) { return &catalogue{}, nil }

// registerCatalogue adds the catalogue resources to mux.
func (s *server) registerCatalogue(mux *http.ServeMux) {}
