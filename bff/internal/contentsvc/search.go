package contentsvc

import (
	"context"
	"encoding/json"
	"net/url"
	"strconv"
	"strings"

	"golang.org/x/sync/errgroup"

	"github.com/jakarobotics/website/bff/internal/upstream/content"
)

// searchHitsPerKind is how many hits of each kind the search page shows before "more".
const searchHitsPerKind = 5

type searchHit struct {
	Type    string  `json:"type"`
	ID      int64   `json:"id"`
	Title   string  `json:"title"`
	Summary *string `json:"summary"`
	Image   *string `json:"image"`
	Date    *string `json:"date"`
	Link    string  `json:"link"`
}

type searchGroup struct {
	Type  string      `json:"type"`
	Total int         `json:"total"`
	Items []searchHit `json:"items"`
}

type searchResult struct {
	Query  string        `json:"query"`
	Total  int           `json:"total"`
	Groups []searchGroup `json:"groups"`
}

// cmsPage is the CMS's page of rows, with the fields the search reads from each kind.
type cmsPage struct {
	Total int `json:"total"`
	Rows  []struct {
		ID          int64   `json:"id"`
		TypeID      int64   `json:"typeId"`
		Title       string  `json:"title"`
		Question    string  `json:"question"`
		Summary     *string `json:"summary"`
		Image       *string `json:"image"`
		PublishTime *string `json:"publishTime"`
	} `json:"rows"`
}

// Search answers bffSearch's query in locale (with drafts for an editor's previewToken): the
// CMS's title searches of cases, news, documents and FAQ, and the product names of the
// catalogue, read in parallel and joined into one ranked-by-kind answer (JSON).
func (s *Service) Search(ctx context.Context, query, locale, previewToken string) ([]byte, error) {
	read := func(ctx context.Context, resource string, q url.Values, into any) error {
		data, err := s.cms.Get(ctx, content.Request{Resource: resource, Query: q, Locale: locale, PreviewToken: previewToken})
		if err != nil {
			return err
		}
		return json.Unmarshal(data, into)
	}
	paged := url.Values{"q": {query}, "offset": {"0"}, "limit": {strconv.Itoa(searchHitsPerKind)}}
	var products, cases, news, downloads, faqs searchGroup
	var pages [4]cmsPage
	g, ctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		var err error
		products, err = s.searchProducts(ctx, read, query)
		return err
	})
	for i, resource := range []string{"/cases", "/news", "/downloads", "/faqs"} {
		g.Go(func() error { return read(ctx, resource, paged, &pages[i]) })
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	cases = pageGroup("case", pages[0], func(id, _ int64) string { return "/caseDetail/" + strconv.FormatInt(id, 10) })
	news = pageGroup("news", pages[1], func(id, typeID int64) string {
		return "/newsDetail/" + strconv.FormatInt(id, 10) + "?typeId=" + strconv.FormatInt(typeID, 10)
	})
	downloads = pageGroup("download", pages[2], func(id, _ int64) string { return "/download?id=" + strconv.FormatInt(id, 10) })
	faqs = pageGroup("faq", pages[3], func(id, _ int64) string { return "/commonQuestion?id=" + strconv.FormatInt(id, 10) })

	result := searchResult{Query: query, Groups: []searchGroup{}}
	for _, group := range []searchGroup{products, cases, news, downloads, faqs} {
		if group.Total > 0 {
			result.Groups = append(result.Groups, group)
			result.Total += group.Total
		}
	}
	return json.Marshal(result)
}

// searchProducts matches product names within the catalogue's product lines: the CMS has no
// product search, and the catalogue is small enough to filter here.
func (s *Service) searchProducts(ctx context.Context, read func(context.Context, string, url.Values, any) error, query string) (searchGroup, error) {
	var lines []struct {
		Children []struct {
			ID          int64   `json:"id"`
			ProductName string  `json:"productName"`
			Summary     *string `json:"summary"`
			Image       *string `json:"image"`
		} `json:"children"`
	}
	group := searchGroup{Type: "product", Items: []searchHit{}}
	if err := read(ctx, "/product-lines", nil, &lines); err != nil {
		return group, err
	}
	needle := strings.ToLower(query)
	for _, line := range lines {
		for _, p := range line.Children {
			if !strings.Contains(strings.ToLower(p.ProductName), needle) {
				continue
			}
			group.Total++
			if len(group.Items) < searchHitsPerKind {
				group.Items = append(group.Items, searchHit{
					Type: "product", ID: p.ID, Title: p.ProductName, Summary: p.Summary, Image: p.Image,
					Link: "/productDetails/" + strconv.FormatInt(p.ID, 10),
				})
			}
		}
	}
	return group, nil
}

// pageGroup turns a CMS page of one kind into a search group.
func pageGroup(kind string, page cmsPage, link func(id, typeID int64) string) searchGroup {
	group := searchGroup{Type: kind, Total: page.Total, Items: []searchHit{}}
	for _, row := range page.Rows {
		title := row.Title
		if title == "" {
			title = row.Question // FAQ entries are titled by their question
		}
		group.Items = append(group.Items, searchHit{
			Type: kind, ID: row.ID, Title: title, Summary: row.Summary, Image: row.Image,
			Date: row.PublishTime, Link: link(row.ID, row.TypeID),
		})
	}
	return group
}
