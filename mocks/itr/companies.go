package itr

import (
	_ "embed"
	"encoding/json"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/jakarobotics/website/mocks/mockkit"
)

// company is a customer company the service team visits, with the address of its site.
type company struct {
	Name    string `json:"name"`
	Address string `json:"address"`
}

//go:embed seed/companies.json
var companiesJSON []byte

// companyList is the system's customer register: reference data, the same in every state.
var companyList = func() []company {
	var list []company
	if err := json.Unmarshal(companiesJSON, &list); err != nil {
		panic("itr: seed/companies.json: " + err.Error())
	}
	return list
}()

// companies finds customer companies whose name contains q (case-insensitive): names that start
// with q first, then the others, each group in name order; at most limit (20, at most 50).
func (s *Server) companies(w http.ResponseWriter, r *http.Request) {
	q := strings.TrimSpace(r.URL.Query().Get("q"))
	if q == "" || utf8.RuneCountInString(q) > 100 {
		badRequest(w, "q", "q is 1 to 100 characters of a company name")
		return
	}
	limit := 20
	if v := r.URL.Query().Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 50 {
			badRequest(w, "limit", "limit is 1 to 50")
			return
		}
		limit = n
	}
	needle := strings.ToLower(q)
	var prefix, inside []company
	for _, c := range companyList {
		name := strings.ToLower(c.Name)
		switch {
		case strings.HasPrefix(name, needle):
			prefix = append(prefix, c)
		case strings.Contains(name, needle):
			inside = append(inside, c)
		}
	}
	byName := func(list []company) {
		sort.Slice(list, func(i, j int) bool { return list[i].Name < list[j].Name })
	}
	byName(prefix)
	byName(inside)
	found := append(prefix, inside...)
	if len(found) > limit {
		found = found[:limit]
	}
	if found == nil {
		found = []company{}
	}
	mockkit.WriteJSON(w, http.StatusOK, map[string]any{"companies": found})
}
