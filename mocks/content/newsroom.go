package content

import "net/http"

// newsroom holds news, downloads, FAQ, notices and search keywords.
type newsroom struct{}

func loadNewsroom() (*newsroom, error) { return &newsroom{}, nil }

// registerNewsroom adds the newsroom resources to mux.
func (s *server) registerNewsroom(mux *http.ServeMux) {}

// downloadsForProduct lists the download items that belong to a product (manuals, CAD models,
// datasheets), as the catalogue's product details show them.
func (n *newsroom) downloadsForProduct(productID int, locale string, preview bool) []map[string]any {
	return []map[string]any{}
}
